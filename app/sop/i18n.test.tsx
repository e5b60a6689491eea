import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pageMessages } from "#app/i18n/catalogues.server.ts";
import { translateMessage } from "#app/i18n/messages.ts";
import { LanguageProvider } from "#app/i18n/provider.tsx";
import { requiredMessage } from "#app/sop/engine/schema.ts";
import { SopSheet } from "#app/sop/engine/sheet.tsx";
import type { FormatDefinition, InputDef, SopData } from "#app/sop/engine/types.ts";
import { formats } from "#app/sop/formats/index.ts";
import { NOT_GIVEN } from "#app/sop/list.ts";
import * as paths from "#app/sop/paths.ts";

// The SOP formats in Hindi: every word a format's pages show from its definition has a Hindi
// translation in the catalogue (the format's own namespace, its code, or the engine's, "sop"), and
// every word the engine and the pages write has one in "sop". A word missing here shows in English
// on a Hindi page; a key with placeholders missing shows its braces on every page.

type Catalogue = { messages: Record<string, Record<string, string>> };
const hiFile = readFileSync(join(import.meta.dirname, "../i18n/locales/hi.json"), "utf8");
const hi: Catalogue = JSON.parse(hiFile);
const sop = hi.messages.sop ?? {};

/** The formats whose every word is translated. */
const TRANSLATED = ["AS06", "AS08", "AS09", "AS10", "AS11", "AS12", "AS14", "AS15", "AS16", "AS17"];

/** Every word of a definition its pages show: headings, labels, items, choices, own messages. */
function wordsOf(definition: FormatDefinition): string[] {
  const words = [definition.heading, ...definition.keyFields.map((field) => field.label)];
  const input = (each: InputDef | undefined) => {
    if (!each) return;
    words.push(each.label);
    if (each.kind === "choice") words.push(...each.choices.map((choice) => choice.label));
    // A message of its own (not "{label} is required.", which "sop" words around the label).
    if (each.required && requiredMessage(each) !== `${each.label} is required.`)
      words.push(requiredMessage(each));
  };
  [...definition.header, ...definition.footer].forEach(input);
  for (const block of definition.body) {
    if (block.type === "checklist") {
      words.push(block.itemColumn);
      input(block.status);
      input(block.remarks);
      for (const section of block.sections) {
        if (section.title) words.push(section.title);
        words.push(...section.items.map((item) => item.label));
      }
    } else if (block.type === "register") {
      for (const part of block.parts) {
        if (part.title) words.push(part.title);
        part.columns.forEach(input);
      }
    } else {
      words.push(block.title, block.itemColumn, block.countColumn, block.totalLabel);
      words.push(...block.items.map((item) => item.label));
    }
  }
  return [...new Set(words)];
}

/** The English keys the engine and the SOP pages translate: `_("…")` and page titles in app/sop, its messages. */
function engineKeys(): string[] {
  const root = join(import.meta.dirname);
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  const keys = new Set<string>();
  for (const file of files) {
    const source = readFileSync(join(root, file), "utf8");
    // The page's translator, and a page's title (pageTitle translates it).
    for (const [, literal] of source.matchAll(/\b(?:_|pageTitle)\(\s*("(?:[^"\\]|\\.)*")/g))
      keys.add(JSON.parse(literal));
  }
  // The schema's messages written out in full ("Enter a time as HH:MM.").
  const schema = readFileSync(join(root, "engine/schema.ts"), "utf8");
  for (const [, message] of schema.matchAll(/"([A-Z][^"]*\.)"/g)) keys.add(message);
  return [
    ...keys,
    NOT_GIVEN,
    "Yes",
    "No",
    paths.SAVED_MESSAGE,
    paths.UPDATED_MESSAGE,
    paths.DELETED_MESSAGE,
    paths.DELETE_QUESTION,
    paths.NOT_SAVED_MESSAGE,
    ...formats.map((format) => format.title),
  ];
}

const placeholders = (message: string) =>
  [...message.matchAll(/\{(\w+)[,}]/g)].map(([, name]) => name).sort();

describe("the SOP formats in Hindi", () => {
  it.each(TRANSLATED)("%s: every word of its definition has its Hindi", (code) => {
    const definition = formats.find((format) => format.code === code);
    expect(definition).toBeDefined();
    const own = hi.messages[code] ?? {};
    const missing = wordsOf(definition as FormatDefinition).filter((word) => !own[word] && !sop[word]);
    expect(missing).toEqual([]);
  });

  it("the engine's and the pages' words, the schema's messages and the formats' titles are in 'sop'", () => {
    const keys = engineKeys();
    // The scan finds what it should: the form's, the sheet's and the records list's words.
    expect(keys).toEqual(expect.arrayContaining(["Add row", "Not answered", "No records saved yet."]));
    expect(keys.filter((key) => !sop[key])).toEqual([]);
  });

  it("each translation compiles and keeps its English's placeholders", () => {
    const namespaces = ["sop", ...TRANSLATED].map((name) => hi.messages[name] ?? {});
    for (const messages of namespaces) {
      for (const [english, hindi] of Object.entries(messages)) {
        expect(() => compileMessage(hindi), english).not.toThrow();
        expect(placeholders(hindi), english).toEqual(placeholders(english));
      }
    }
  });

  it("each of these namespaces is written once (JSON.parse would keep only the last)", () => {
    for (const name of ["sop", ...TRANSLATED])
      expect(hiFile.split(`\n    ${JSON.stringify(name)}: {`).length - 1, name).toBe(1);
  });

  it("a word both 'sop' and a format's namespace hold reads the same in both", () => {
    for (const code of TRANSLATED) {
      const own = hi.messages[code] ?? {};
      const differing = Object.keys(own).filter((key) => sop[key] && sop[key] !== own[key]);
      expect(differing, code).toEqual([]);
    }
  });
});

/** The sheet of a record (the record page's and the printed one) as a page in `code` shows it. */
function sheetIn(code: string, definition: FormatDefinition, data: SopData) {
  const language = { code, locale: code === "hi" ? "hi-IN" : "en-IN" };
  const messages = pageMessages(code, ["common", "sop", definition.code]);
  return renderToStaticMarkup(
    <LanguageProvider language={language} messages={messages}>
      <SopSheet definition={definition} data={data} />
    </LanguageProvider>,
  );
}

/** The texts of the markup, each trimmed of the ":" a field's name ends with. */
const textsOf = (html: string) =>
  html
    .split(/<[^>]+>/)
    .map((text) => text.trim().replace(/:$/, ""))
    .filter(Boolean);

// One register row, every checklist item unanswered: the sheet shows all its words.
const sample: SopData = { entries: [{}] };

describe("a saved record's sheet", () => {
  it.each(TRANSLATED)("%s in Hindi shows no word of its definition in English", (code) => {
    const definition = formats.find((format) => format.code === code) as FormatDefinition;
    const own = hi.messages[code] ?? {};
    const html = sheetIn("hi", definition, sample);
    expect(html).toContain(own[definition.heading]);
    const english = new Set(wordsOf(definition).filter((word) => (own[word] ?? sop[word]) !== word));
    expect(textsOf(html).filter((text) => english.has(text))).toEqual([]);
  });

  it.each(TRANSLATED)("%s in English reads as before, no placeholder left in braces", (code) => {
    const definition = formats.find((format) => format.code === code) as FormatDefinition;
    const html = sheetIn("en", definition, sample);
    expect(html).toContain(`FORMAT NO. ${definition.formatNo}`);
    expect(html).toContain(definition.heading);
    // The landscape sheets' page size (a <style>) aside.
    expect(html.replace(/<style>.*?<\/style>/g, "")).not.toMatch(/[{}]/);
  });
});

describe("the schema's messages where they are shown", () => {
  const translate = (code: string, namespace: string) => {
    const i18n = setupI18n({
      locale: code,
      messages: { [code]: pageMessages(code, ["common", "sop", namespace]) },
      missing: (_locale, id) => id,
    });
    return i18n._.bind(i18n);
  };
  const hindi = translate("hi", "AS09");

  it("are in Hindi, the label inside translated, values as they are", () => {
    expect(translateMessage(hindi, "Vehicle number is required.")).toBe("गाड़ी नंबर ज़रूरी है।");
    expect(translateMessage(hindi, "Date in must be between 01/01/2000 and 26/11/2027.")).toBe(
      "अंदर आने की तारीख 01/01/2000 और 26/11/2027 के बीच होनी चाहिए।",
    );
    expect(translateMessage(hindi, "At most 40 characters.")).toBe("ज़्यादा से ज़्यादा 40 अक्षर।");
    expect(translateMessage(hindi, "Enter a whole number of 0 or more.")).toBe(
      "0 या उससे ज़्यादा की पूरी संख्या लिखें।",
    );
  });

  it("a format's own message is its own key (AS11: the box lorry's number)", () => {
    expect(translateMessage(translate("hi", "AS11"), "Lorry number is required.")).toBe("लॉरी नंबर ज़रूरी है।");
  });

  it("stay as they are in English", () => {
    const english = translate("en", "AS09");
    for (const message of [
      "Vehicle number is required.",
      "Date in must be between 01/01/2000 and 26/11/2027.",
    ])
      expect(translateMessage(english, message)).toBe(message);
  });
});
