import { STRIP_WORDS } from "#app/contracts/timeline.server.ts";
import { type Words, wordsIn } from "#app/i18n/words.server.ts";

/**
 * Today's words in a language: the cards and their charts are worded on the server, so each text
 * is looked up whole ("{department}: order-by date today or past"), its English the catalogue's key
 * (namespace "home"; the departments' names and the shell's words from "shell"; the contracts'
 * month strip's from "contracts" and the months' names from "stock", Today's own words winning).
 */
export type Say = Words;

export const sayIn = (code?: string): Say => wordsIn(code, ["shell", ...STRIP_WORDS, "home"]);
