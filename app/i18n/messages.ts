import type { I18n } from "@lingui/core";

// A form's messages come from schemas that run in the browser and on the server before any page
// language is known, so they are English, and some are built around a field's label, a date or a
// number ("Part name is required.", "Date in must be between 01/01/2000 and 26/11/2027."). They
// are translated where they are shown: a message written out in full is its own catalogue key; one
// built around a value is matched to its pattern's key (in "common"), with the label translated
// from the page's own namespace inside it.

/** The page's translator, `useLingui()._`: English in, the page's language out. */
export type Translate = I18n["_"];

type Pattern = [RegExp, string, (match: RegExpExecArray, _: Translate) => Record<string, string>];

const label = ([, text]: RegExpExecArray, _: Translate) => ({ label: _(text ?? "") });

const PATTERNS: Pattern[] = [
  [/^(.+) is required\.$/, "{label} is required.", label],
  [/^(.+) must be a number\.$/, "{label} must be a number.", label],
  [/^(.+) can have at most 3 decimals\.$/, "{label} can have at most 3 decimals.", label],
  [
    /^(.+) must be between (\S+) and (\S+)\.$/,
    "{label} must be between {from} and {to}.",
    ([, text, from, to], _) => ({ label: _(text ?? ""), from: from ?? "", to: to ?? "" }),
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

/** A form's message (from its schema, or from the save) in the page's language. */
export function translateMessage(_: Translate, message: string): string {
  const whole = _(message);
  if (whole !== message) return whole;
  for (const [pattern, key, values] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return _(key, values(match, _));
  }
  return whole;
}

export const translateMessages = (_: Translate, messages: readonly string[] | undefined) =>
  messages?.map((message) => translateMessage(_, message));
