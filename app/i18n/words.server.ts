import { isLanguage, languageOf, pageMessages } from "#app/i18n/catalogues.server.ts";
import { requestLanguage } from "#app/i18n/language.server.ts";
import { SOURCE_LANGUAGE } from "#app/i18n/languages.ts";
import { translateWith, translator } from "#app/i18n/provider.tsx";
import type { Translate } from "#app/i18n/translate.ts";

/**
 * Words made on the server (a chart's title, an export's headers, an import's row messages, a mail,
 * a toast carried to a page whose namespaces do not hold it) in a language: each text is looked up
 * whole, its English the catalogue's key, in the namespaces given ("common" always); a language we
 * do not have reads in English. English needs the namespaces too: a key's placeholders are filled
 * only when the catalogue has it (catalogues.server.ts).
 */
export type Words = Translate;

export function wordsIn(code: string = SOURCE_LANGUAGE, namespaces: readonly string[] = []): Words {
  const language = isLanguage(code) ? code : SOURCE_LANGUAGE;
  return translateWith(translator(languageOf(language), pageMessages(language, ["common", ...namespaces])));
}

/**
 * The language a person's mail is written in: their own choice (/account), else the plant's
 * (/settings), else English. Someone who is not a user (a test message's address) gets the plant's.
 */
export function mailLanguage(person: { language: string | null } | null, plantDefault: string): string {
  if (person && isLanguage(person.language)) return person.language;
  return isLanguage(plantDefault) ? plantDefault : SOURCE_LANGUAGE;
}

/** The words of the person making the request (their choice, the terminal's, the plant's default). */
export async function wordsFor(
  request: Request,
  person: { language: string | null } | null,
  plantDefault: string,
  namespaces: readonly string[],
): Promise<Words> {
  return wordsIn(await requestLanguage(request, person, plantDefault), namespaces);
}
