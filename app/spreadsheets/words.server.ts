import { type TextPattern, translateByPatterns } from "#app/i18n/messages.ts";
import type { Words } from "#app/i18n/words.server.ts";
import type { ExportColumn } from "#app/spreadsheets/cells.ts";
import type { ExportSpec } from "#app/spreadsheets/writer.server.ts";

// An export's headers and sheet names in the language of the person downloading it (issue 37):
// each feature writes them in English, the catalogue's keys in its namespace; the rows (what people
// typed, the figures) are written as they are. The /api's exports keep the English.

/**
 * Sheet names made around a value ("Rack 3", "Electrician spares", "AS09 records"): the value
 * kept (a department's name translated), the words around it from "spreadsheets".
 */
const SHEET_PATTERNS: TextPattern[] = [
  [/^Rack (\d+)$/, "Rack {number}", ([, number]) => ({ number: number ?? "" })],
  [/^(.+) spares$/, "{department} spares", ([, department], say) => ({ department: say(department ?? "") })],
  [/^(AS\d+) records$/, "{code} records", ([, code]) => ({ code: code ?? "" })],
];

/** The catalogue keys of the sheet names built around a value (the catalogues' test checks them). */
export const SHEET_PATTERN_KEYS = SHEET_PATTERNS.map(([, key]) => key);

export const sheetNameIn = (say: Words, name: string): string =>
  translateByPatterns(SHEET_PATTERNS, say, name);

/**
 * A header in the language: the whole, else its parts — a SOP format's column names its block and
 * item ("Cylinders – Total", "B. Valves – 3. No visible leak"): each part translated, an item's
 * number kept.
 */
export function headerIn(say: Words, header: string): string {
  const whole = say(header);
  if (whole !== header) return whole;
  if (header.includes(" – "))
    return header
      .split(" – ")
      .map((part) => headerIn(say, part))
      .join(" – ");
  const numbered = /^(\d+|[A-Z])\. (.+)$/.exec(header);
  if (numbered) return `${numbered[1]}. ${headerIn(say, numbered[2] ?? "")}`;
  return header;
}

/** The export with its headers and sheet names in `say`'s language. */
export function exportIn(say: Words, spec: ExportSpec): ExportSpec {
  return {
    ...spec,
    columns: spec.columns.map(
      (column): ExportColumn => ({ ...column, header: headerIn(say, column.header) }),
    ),
    sheets: spec.sheets.map((sheet) => ({ ...sheet, name: sheetNameIn(say, sheet.name) })),
  };
}
