import { languageOf, pageMessages } from "#app/i18n/catalogues.server.ts";
import { SOURCE_LANGUAGE } from "#app/i18n/languages.ts";
import { translator } from "#app/i18n/provider.tsx";

/**
 * Today's words in a language: the cards and their charts are worded on the server, so each text
 * is looked up whole ("{department}: order-by date today or past"), its English the catalogue's key
 * (namespace "home"; the departments' names and the shell's words from "shell").
 */
export type Say = (english: string, values?: Record<string, string | number>) => string;

export function sayIn(code: string = SOURCE_LANGUAGE): Say {
  const i18n = translator(languageOf(code), pageMessages(code, ["common", "shell", "home"]));
  return (english, values) => i18n._(english, values);
}
