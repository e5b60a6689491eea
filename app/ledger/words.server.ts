import { type Words, wordsIn } from "#app/i18n/words.server.ts";
import { requestSay } from "#app/settings/say.server.ts";

// The ledger's charts are worded on the server (their titles and descriptions are sentences of
// figures and dates): each sentence is looked up whole, its English the catalogue's key, in the
// namespaces the ledger's pages are sent ("ledger", "stock", "charts").

export type Say = Words;

const LEDGER = ["stock", "ledger", "charts"];

export const sayIn = (code?: string): Say => wordsIn(code, LEDGER);

/** The words of the person the request is for, in their language (as the root's loader settles it). */
export const sayFor = (request: Request, person: { language: string | null }): Promise<Say> =>
  requestSay(request, person, LEDGER);
