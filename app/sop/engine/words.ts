import type { I18n } from "@lingui/core";
import type { InputDef } from "#app/sop/engine/types.ts";
import { displayInput } from "#app/sop/engine/values.ts";

// The engine shows a format's words in the page's language (app/i18n): the definitions are written
// in English, and each label, heading and item is the catalogue's key, translated where it is drawn
// (the form, the sheet, the lists). The catalogue keeps the engine's own words in the namespace
// "sop" and each format's words in its code's ("AS09"), which only that format's pages are sent.

/** The page's translator, `useLingui()._`: English in, the page's language out. */
export type Translate = I18n["_"];

// The schema's messages are English built around a label, a date or a number ("Vehicle number is
// required.", "Date in must be between 01/01/2000 and 26/11/2027."): the same schema runs in the
// browser and on the server, before any page language is known, so they are translated where they
// are shown, each pattern a key of its own with the label translated inside it.
const PATTERNS: [RegExp, string, (match: RegExpExecArray, _: Translate) => Record<string, string>][] = [
  [/^(.+) is required\.$/, "{label} is required.", ([, label], _) => ({ label: _(label) })],
  [
    /^(.+) must be between (\S+) and (\S+)\.$/,
    "{label} must be between {from} and {to}.",
    ([, label, from, to], _) => ({ label: _(label), from, to }),
  ],
  [/^At most (\d+) characters\.$/, "At most {max} characters.", ([, max]) => ({ max })],
  [/^At most (\d+) entries\.$/, "At most {max} entries.", ([, max]) => ({ max })],
  [/^Add at least (\d+) entries\.$/, "Add at least {min} entries.", ([, min]) => ({ min })],
  [/^This format has (\d+) rows\.$/, "This format has {count} rows.", ([, count]) => ({ count })],
  [/^This format has (\d+) items\.$/, "This format has {count} items.", ([, count]) => ({ count })],
];

/** The catalogue keys of the schema's messages built around a value (for the catalogue's test). */
export const MESSAGE_PATTERN_KEYS = PATTERNS.map(([, key]) => key);

/** A message of the format's schema (or of the save) in the page's language. */
export function sopMessage(_: Translate, message: string): string {
  // A message written out in full (a format's own "Lorry number is required.") is its own key.
  const whole = _(message);
  if (whole !== message) return whole;
  for (const [pattern, key, values] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return _(key, values(match, _));
  }
  return whole;
}

export const sopMessages = (_: Translate, messages: string[] | undefined) =>
  messages?.map((message) => sopMessage(_, message));

/**
 * A saved value as it reads on screen and on paper, in the page's language where the words are the
 * format's own (Yes / No, a choice's label); what people typed stays as they typed it.
 */
export function shownValue(_: Translate, input: InputDef, value: unknown): string {
  const text = displayInput(input, value);
  return text && (input.kind === "yesno" || input.kind === "choice") ? _(text) : text;
}
