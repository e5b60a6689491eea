import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { LinguiContext } from "@lingui/react";
import { type ReactNode, useMemo } from "react";
import type { Language } from "#app/i18n/languages.ts";
import { type Translate, withFigures } from "#app/i18n/translate.ts";

// Every component reads its words through Lingui's `useLingui()`: `_("Save")`, `_("{count} lines",
// { count })`, the English being the key. The root loader sends the compiled messages of the page's
// namespaces in the person's language; this provider makes them the page's translator.
//
// The context is given its value here, from the loader's data, in the same render: Lingui's own
// I18nProvider takes a new instance only in an effect after rendering, so a page reached by a link
// would first draw in English, then again.

export type PageLanguage = Pick<Language, "code" | "locale">;

// In the browser the messages of the pages seen so far are kept, so going back needs nothing new.
const seen = new Map<string, Messages>();

/**
 * The page's Lingui instance. Words are asked through `translateWith(it)` (or `useLingui()._`,
 * which is that), never its own `_`: that one leaves a plural's figure out (translate.ts).
 */
export function translator(language: PageLanguage, messages: Messages) {
  let all = messages;
  if (typeof document !== "undefined") {
    all = { ...seen.get(language.code), ...messages };
    seen.set(language.code, all);
  }
  return setupI18n({
    locale: language.code,
    locales: [language.locale],
    messages: { [language.code]: all },
    // A word with no translation (and no placeholder) is its English: the key itself.
    missing: (_locale, id) => id,
  });
}

/** The translator's words, each plural's figure written by groupDigits (translate.ts). */
export function translateWith(i18n: I18n): Translate {
  return (english, values) => i18n._(english, values && withFigures(values));
}

export function LanguageProvider({
  language,
  messages,
  children,
}: {
  language: PageLanguage;
  messages: Messages;
  children?: ReactNode;
}) {
  const value = useMemo(() => {
    const i18n = translator(language, messages);
    return { i18n, _: translateWith(i18n) as I18n["_"] };
  }, [language, messages]);
  return <LinguiContext.Provider value={value}>{children}</LinguiContext.Provider>;
}

type RootData = { language: PageLanguage; messages: Messages };

/**
 * The page's translator outside components (a route's `meta`): from the root route's data among
 * the matches Remix hands a meta function; English when it is absent (the root's own error page).
 */
export function matchesTranslator(matches: ReadonlyArray<{ id: string; data?: unknown }>) {
  const root = matches.find((match) => match.id === "root")?.data as RootData | undefined;
  return translateWith(translator(root?.language ?? { code: "en", locale: "en-IN" }, root?.messages ?? {}));
}
