import type { Translate } from "#app/i18n/translate.ts";
import type { InputDef } from "#app/sop/engine/types.ts";
import { displayInput } from "#app/sop/engine/values.ts";

// The engine shows a format's words in the page's language (app/i18n): the definitions are written
// in English, and each label, heading and item is the catalogue's key, translated where it is drawn
// (the form, the sheet, the lists). The catalogue keeps the engine's own words in the namespace
// "sop" and each format's words in its code's ("AS09"), which only that format's pages are sent.

export type { Translate } from "#app/i18n/translate.ts";

/**
 * A saved value as it reads on screen and on paper, in the page's language where the words are the
 * format's own (Yes / No, a choice's label); what people typed stays as they typed it.
 */
export function shownValue(_: Translate, input: InputDef, value: unknown): string {
  const text = displayInput(input, value);
  return text && (input.kind === "yesno" || input.kind === "choice") ? _(text) : text;
}
