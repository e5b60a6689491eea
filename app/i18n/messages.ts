import type { Translate } from "#app/i18n/translate.ts";

// A form's messages come from schemas that run in the browser and on the server before any page
// language is known, so they are English, and some are built around a field's label, a date or a
// number ("Part name is required.", "Date in must be between 01/01/2000 and 26/11/2027."). They
// are translated where they are shown: a message written out in full is its own catalogue key; one
// built around a value is matched to its pattern's key (in "common"), with the label translated
// from the page's own namespace inside it.

/** A text built around values: how to find it, its catalogue key, and the values the key fills in. */
export type TextPattern = [
  RegExp,
  string,
  (match: RegExpExecArray, _: Translate) => Record<string, string | number>,
];

const label = ([, text]: RegExpExecArray, _: Translate) => ({ label: _(text ?? "") });

const PATTERNS: TextPattern[] = [
  [/^(.+) is required\.$/, "{label} is required.", label],
  [/^(.+) must be a number\.$/, "{label} must be a number.", label],
  [/^(.+) can have at most 3 decimals\.$/, "{label} can have at most 3 decimals.", label],
  [
    /^(.+) must be between (\S+) and (\S+)\.$/,
    "{label} must be between {from} and {to}.",
    ([, text, from, to], _) => ({ label: _(text ?? ""), from: from ?? "", to: to ?? "" }),
  ],
  // The stock, spares and store-rack forms' figures and texts (app/stock, app/spares, app/store-racks).
  [/^(.+) cannot be below zero\.$/, "{label} cannot be below zero.", label],
  [/^(.+) cannot be negative\.$/, "{label} cannot be negative.", label],
  [/^(.+) is too large\.$/, "{label} is too large.", label],
  [/^(.+) must be more than zero\.$/, "{label} must be more than zero.", label],
  [
    /^(.+) must be a whole number of (\d+) or more\.$/,
    "{label} must be a whole number of {min} or more.",
    ([, text, min], _) => ({ label: _(text ?? ""), min: min ?? "" }),
  ],
  [/^(.+) can have at most 1 decimal place\.$/, "{label} can have at most 1 decimal place.", label],
  [
    /^(.+) can have at most (\d+) decimal places\.$/,
    "{label} can have at most {count} decimal places.",
    ([, text, count], _) => ({ label: _(text ?? ""), count: count ?? "" }),
  ],
  [
    /^(.+) must be at most (\d+) characters\.$/,
    "{label} must be at most {max} characters.",
    ([, text, max], _) => ({ label: _(text ?? ""), max: max ?? "" }),
  ],
  [
    /^(.+) is too long \(at most (\d+) characters\)\.$/,
    "{label} is too long (at most {max} characters).",
    ([, text, max], _) => ({ label: _(text ?? ""), max: max ?? "" }),
  ],
  [
    /^(.+) must be at most (\d+)\.$/,
    "{label} must be at most {max}.",
    ([, text, max], _) => ({ label: _(text ?? ""), max: max ?? "" }),
  ],
  // A movement the stock cannot bear (app/stock/rules.ts belowZeroMessage).
  [
    /^Only (\S+) in stock on (\S+)\.$/,
    "Only {quantity} in stock on {date}.",
    ([, quantity, date]) => ({ quantity: quantity ?? "", date: date ?? "" }),
  ],
  // A serial number taken in the department (app/spares/rules.ts duplicateSrnoMessage).
  [
    /^Serial number (\d+) already exists in (\S+)\.$/,
    "Serial number {srno} already exists in {department}.",
    ([, srno, department], _) => ({ srno: srno ?? "", department: _(department ?? "") }),
  ],
  [/^At most (\d+) characters\.$/, "At most {max} characters.", ([, max]) => ({ max: max ?? "" })],
  [/^At most (\d+)\.$/, "At most {max}.", ([, max]) => ({ max: max ?? "" })],
  [/^At most (\d+) entries\.$/, "At most {max} entries.", ([, max]) => ({ max: max ?? "" })],
  [/^Add at least (\d+) entries\.$/, "Add at least {min} entries.", ([, min]) => ({ min: min ?? "" })],
  [
    /^This format has (\d+) rows\.$/,
    "This format has {count} rows.",
    ([, count]) => ({ count: count ?? "" }),
  ],
  [
    /^This format has (\d+) items\.$/,
    "This format has {count} items.",
    ([, count]) => ({ count: count ?? "" }),
  ],
];

/** The catalogue keys of the messages built around a value (the catalogues' test checks them). */
export const MESSAGE_PATTERN_KEYS = PATTERNS.map(([, key]) => key);

/**
 * A text in the language: its whole when a catalogue has it, else by the first pattern it matches
 * (the pattern's key, the values found in the text filled in), else as it is.
 */
export function translateByPatterns(patterns: readonly TextPattern[], _: Translate, text: string): string {
  const whole = _(text);
  if (whole !== text) return whole;
  for (const [pattern, key, values] of patterns) {
    const match = pattern.exec(text);
    if (match) return _(key, values(match, _));
  }
  return whole;
}

/** A form's message (from its schema, or from the save) in the page's language. */
export const translateMessage = (_: Translate, message: string): string =>
  translateByPatterns(PATTERNS, _, message);

export const translateMessages = (_: Translate, messages: readonly string[] | undefined) =>
  messages?.map((message) => translateMessage(_, message));
