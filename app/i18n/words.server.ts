import { languageOf, pageMessages } from "#app/i18n/catalogues.server.ts";
import { requestLanguage } from "#app/i18n/language.server.ts";
import { SOURCE_LANGUAGE } from "#app/i18n/languages.ts";
import { translator } from "#app/i18n/provider.tsx";
import type { Translate } from "#app/i18n/translate.ts";

/**
 * Words made on the server (a chart's title, an export's headers, an import's row messages) in a
 * language: each text is looked up whole, its English the catalogue's key, in the namespaces given
 * ("common" always). English needs the namespaces too: a key's placeholders are filled only when
 * the catalogue has it (catalogues.server.ts).
 */
export type Words = Translate;

export function wordsIn(code: string = SOURCE_LANGUAGE, namespaces: readonly string[] = []): Words {
  const i18n = translator(languageOf(code), pageMessages(code, ["common", ...namespaces]));
  return i18n._.bind(i18n);
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
