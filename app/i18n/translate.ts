import { groupDigits } from "#app/lib/numbers.ts";

// A translator as the code that words a page takes it: `useLingui()._` in a component, or one made
// on the server for the person's language. English in (the catalogue's key), the page's language out.

export type Translate = (english: string, values?: Record<string, string | number>) => string;

/** The words as written, placeholders filled in: for what stays English (a file export, the API). */
export const inEnglish: Translate = (english, values = {}) =>
  english.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );

// The figure in a plural's words ("{count, plural, one {# line} other {# lines}}") is written by
// groupDigits, not by Lingui: Lingui writes it with Intl.NumberFormat, and a tab's first number
// format costs the terminal ~65 ms of its main thread while the page hydrates (docs/performance.md,
// "A tab's first number format"). The compiled catalogues name the figure as a placeholder of its
// own (`figureOf`, catalogues.server.ts), which every translator fills in (`withFigures`).

/** The placeholder a plural's `#` becomes: its value's name and "#". */
export const figureOf = (name: string) => `${name}#`;

/** The values a message is given, and each one's figure as the pages write it. */
export function withFigures(values: Record<string, unknown>): Record<string, unknown> {
  const all: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(values))
    all[figureOf(name)] = typeof value === "number" ? groupDigits(value) : value;
  return all;
}
