import { requestLanguage } from "#app/i18n/language.server.ts";
import { type Words as Say, wordsFor } from "#app/i18n/words.server.ts";
import { plantSettingsFor } from "#app/settings/queries.server.ts";

/**
 * Words for the page this request leads to, in the language its person sees pages in: a toast
 * carried to a page whose namespaces do not hold it, or one naming what was just done ("A test
 * e-mail to … is queued").
 */
export async function requestSay(
  request: Request,
  person: { language: string | null } | null,
  namespaces: readonly string[],
): Promise<Say> {
  return wordsFor(request, person, (await plantSettingsFor(request)).language, namespaces);
}

/** The language this request's pages are shown in (app/i18n/language.server.ts). */
export async function requestLanguageCode(
  request: Request,
  person: { language: string | null } | null,
): Promise<string> {
  return requestLanguage(request, person, (await plantSettingsFor(request)).language);
}
