import { languageOf, pageMessages } from "#app/i18n/catalogues.server.ts";
import { requestLanguage } from "#app/i18n/language.server.ts";
import { SOURCE_LANGUAGE } from "#app/i18n/languages.ts";
import { translator } from "#app/i18n/provider.tsx";
import type { Translate } from "#app/i18n/translate.ts";
import { plantSettingsFor } from "#app/settings/queries.server.ts";

// The ledger's charts are worded on the server (their titles and descriptions are sentences of
// figures and dates): each sentence is looked up whole, its English the catalogue's key, in the
// namespaces the ledger's pages are sent ("ledger", "stock", "charts").

export type Say = Translate;

export function sayIn(code: string = SOURCE_LANGUAGE): Say {
  const i18n = translator(languageOf(code), pageMessages(code, ["common", "stock", "ledger", "charts"]));
  return (english, values) => i18n._(english, values);
}

/** The words of the person the request is for, in their language (as the root's loader settles it). */
export async function sayFor(request: Request, person: { language: string | null }): Promise<Say> {
  const plant = await plantSettingsFor(request);
  return sayIn(await requestLanguage(request, person, plant.language));
}
