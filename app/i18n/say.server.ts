import { isLanguage, languageOf, pageMessages } from "#app/i18n/catalogues.server.ts";
import { SOURCE_LANGUAGE } from "#app/i18n/languages.ts";
import { translator } from "#app/i18n/provider.tsx";
import type { Say } from "#app/lib/say.ts";

export type { Say };

// Words the server puts together for someone who is not looking at a page: a mail (the digest, a
// test message, a failed backup's notice) or a message carried to the next page (a toast on a
// page whose namespaces do not hold it). Each text is looked up whole, its English the key, in the
// namespaces given ("common" first); a language or key we do not have reads in English.

export function translatorIn(code: string, namespaces: readonly string[]): Say {
  const language = isLanguage(code) ? code : SOURCE_LANGUAGE;
  const i18n = translator(languageOf(language), pageMessages(language, ["common", ...namespaces]));
  return (english, values) => i18n._(english, values);
}

/**
 * The language a person's mail is written in: their own choice (/account), else the plant's
 * (/settings), else English. Someone who is not a user (a test message's address) gets the plant's.
 */
export function mailLanguage(person: { language: string | null } | null, plantDefault: string): string {
  if (person && isLanguage(person.language)) return person.language;
  return isLanguage(plantDefault) ? plantDefault : SOURCE_LANGUAGE;
}
