import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { type Language, SOURCE_LANGUAGE } from "#app/i18n/languages.ts";
import { figureOf } from "#app/i18n/translate.ts";

// The message catalogues, one JSON file a language (app/i18n/locales/<code>.json):
//   { "language": { "name", "locale", "script"? }, "messages": { <namespace>: { <English>: <translation> } } }
// The keys are the English the code is written in (ICU MessageFormat: "{count, plural, one {# line}
// other {# lines}}"), so English needs no catalogue of its own and a key missing from a language
// shows in English, never as a key name. Namespaces exist only to send a page the part it uses:
// each page gets "common" and its features' namespaces (app/i18n/namespaces.server.ts).
//
// Messages are compiled here, on the server, once: the browser gets them compiled, so it carries
// Lingui's small runtime and not its message parser.

type CatalogueFile = { language: Omit<Language, "code">; messages: Record<string, Record<string, string>> };

/**
 * A test-only language whose every catalogued word is its English between ⟦ and ⟧, so a check can
 * find words a page shows that no catalogue holds (or that sit in a namespace the page is not sent).
 * Offered only when PLANTOPS_PSEUDO_LANGUAGE=1 (the end-to-end tests' server), never in the list.
 */
export const PSEUDO_LANGUAGE = "qps";
const pseudoOn = () => process.env.PLANTOPS_PSEUDO_LANGUAGE === "1";

/**
 * The catalogue files, read at first use from the repository's app/i18n/locales (the nearest up
 * from this module: the source under tsx and the tests, build/server when built), so a scripts'
 * run outside Vite reads them too and a new language is a new file, nothing else.
 */
function readCatalogues(): Record<string, CatalogueFile> {
  const folder = findLocales(path.dirname(fileURLToPath(import.meta.url)));
  const files: Record<string, CatalogueFile> = {};
  for (const name of fs
    .readdirSync(folder)
    .filter((file) => file.endsWith(".json"))
    .sort())
    files[name] = JSON.parse(fs.readFileSync(path.join(folder, name), "utf8")) as CatalogueFile;
  return files;
}

function findLocales(from: string): string {
  for (const candidate of [path.join(from, "locales"), path.join(from, "app/i18n/locales")])
    if (fs.existsSync(path.join(candidate, "en.json"))) return candidate;
  if (path.dirname(from) === from) throw new Error("No app/i18n/locales folder with the catalogues found.");
  return findLocales(path.dirname(from));
}

type CompiledMessage = Messages[string];

/** A message compiled for Lingui's runtime, each plural's `#` named as its figure (translate.ts). */
export function compile(text: string, wrap?: (text: string) => string): CompiledMessage {
  return figuresNamed(compileMessage(text, wrap), undefined) as CompiledMessage;
}

/**
 * The tokens with the `#` of the plural they sit in (`counted`) made its figure's placeholder:
 * `["#", " lines"]` → `[["count#"], " lines"]`. As Lingui reads them: a `#` counts only directly
 * in a plural's (or ordinal's) case, and a plural with an offset keeps Lingui's own.
 */
function figuresNamed(tokens: unknown, counted: string | undefined): unknown {
  if (!Array.isArray(tokens)) return tokens;
  return tokens.map((token: unknown) => {
    if (token === "#" && counted) return [figureOf(counted)];
    if (!Array.isArray(token)) return token;
    const [name, type, cases] = token as [string, string?, unknown?];
    if (typeof cases !== "object" || cases === null) return token;
    // (The compiler leaves every plural an `offset` key, undefined where the message has none.)
    const plural = (type === "plural" || type === "selectordinal") && !(cases as { offset?: number }).offset;
    const named = Object.entries(cases).map(([key, value]) => [
      key,
      key === "offset" ? value : figuresNamed(value, plural ? name : undefined),
    ]);
    return [name, type, Object.fromEntries(named)];
  });
}

type Compiled = { language: Language; namespaces: Map<string, Map<string, Messages[string]>> };

function compileCatalogues() {
  const byCode = new Map<string, Compiled>();
  // Every key any catalogue has, by namespace: what a page of that namespace may show.
  const keys = new Map<string, Set<string>>();
  // Each plain key's translations, in every language and namespace (an import's headers).
  const translations = new Map<string, Set<string>>();
  for (const [file, catalogue] of Object.entries(readCatalogues())) {
    const code = /([\w-]+)\.json$/.exec(file)?.[1] ?? file;
    const namespaces = new Map<string, Map<string, Messages[string]>>();
    for (const [namespace, messages] of Object.entries(catalogue.messages)) {
      const compiled = new Map<string, Messages[string]>();
      for (const [key, text] of Object.entries(messages)) {
        compiled.set(key, compile(text));
        if (!key.includes("{") && text !== key) {
          if (!translations.has(key)) translations.set(key, new Set());
          translations.get(key)?.add(text);
        }
        if (!keys.has(namespace)) keys.set(namespace, new Set());
        keys.get(namespace)?.add(key);
      }
      namespaces.set(namespace, compiled);
    }
    byCode.set(code, { language: { code, ...catalogue.language }, namespaces });
  }
  return { byCode, keys, translations };
}

let compiled: ReturnType<typeof compileCatalogues> | undefined;
const catalogues = () => {
  compiled ??= compileCatalogues();
  return compiled;
};

/** The languages people may choose, English first, then by code. */
export function languages(): Language[] {
  return [...catalogues().byCode.values()]
    .map((entry) => entry.language)
    .sort((a, b) =>
      a.code === SOURCE_LANGUAGE ? -1 : b.code === SOURCE_LANGUAGE ? 1 : a.code.localeCompare(b.code),
    );
}

export const isLanguage = (code: unknown): code is string =>
  typeof code === "string" && (catalogues().byCode.has(code) || (code === PSEUDO_LANGUAGE && pseudoOn()));

export function languageOf(code: string): Language {
  if (code === PSEUDO_LANGUAGE && pseudoOn()) return { code, name: "Pseudo", locale: "en-IN" };
  const entry = catalogues().byCode.get(code) ?? catalogues().byCode.get(SOURCE_LANGUAGE);
  return entry?.language ?? { code: SOURCE_LANGUAGE, name: "English", locale: "en-IN" };
}

// Compiled English keys are only needed where the English has placeholders or plurals: a plain
// key is its own English (the browser's fallback), so English pages carry almost nothing.
const needsCompiling = (key: string) => key.includes("{");
const englishCache = new Map<string, Messages[string]>();
const compiledEnglish = (key: string) => {
  let message = englishCache.get(key);
  if (!message) {
    message = compile(key);
    englishCache.set(key, message);
  }
  return message;
};

/**
 * The compiled messages of the namespaces a page uses, in the language it is shown in: the
 * translations, and the English of what the language lacks where the English has placeholders.
 */
export function pageMessages(code: string, namespaces: readonly string[]): Messages {
  // The catalogues do not change while the server runs: each page's set is made once.
  const key = `${code}:${namespaces.join(",")}`;
  let messages = madeMessages.get(key);
  if (!messages) {
    messages = makeMessages(code, namespaces);
    madeMessages.set(key, messages);
  }
  return messages;
}

const madeMessages = new Map<string, Messages>();

function makeMessages(code: string, namespaces: readonly string[]): Messages {
  const { byCode, keys } = catalogues();
  const messages: Messages = {};
  const own = byCode.get(code)?.namespaces;
  for (const namespace of namespaces) {
    const translated = own?.get(namespace);
    for (const key of keys.get(namespace) ?? []) {
      if (code === PSEUDO_LANGUAGE) messages[key] = compile(key, (text) => `⟦${text}⟧`);
      else {
        const message = translated?.get(key);
        if (message) messages[key] = message;
        else if (needsCompiling(key)) messages[key] = compiledEnglish(key);
      }
    }
  }
  return messages;
}

/**
 * What a plain English text is in the other languages, any namespace: the headers an export may
 * have been written with, which an import of it must read.
 */
export const translationsOf = (english: string): string[] => [
  ...(catalogues().translations.get(english) ?? []),
];

/** Every namespace any catalogue names (for the checks that every page's words are translated). */
export const catalogueNamespaces = () => [...catalogues().keys.keys()];
