// The rules of an exported cell (issue 18), shared by the Excel and CSV writers and the tests.
// Pure: no exceljs here, so the rules stay testable on their own and out of any bundle's way.

/**
 * What a column holds. `date` is a calendar date ("YYYY-MM-DD"), `datetime` a wall-clock time in
 * the plant's zone ("YYYY-MM-DDTHH:MM", worked out by the query), numbers may arrive as
 * PostgreSQL's numeric text ("12.500").
 */
export type CellType = "text" | "integer" | "number" | "date" | "datetime";

export type ExportColumn = { header: string; type: CellType };

/**
 * Excel's formats for the two kinds of date in a workbook (dd-mm-yyyy, the plant's way of writing
 * a date): the cell holds a date, the format only shows it. A CSV has no formats, see `csvDateOf`.
 */
export const DATE_FORMAT = "dd-mm-yyyy";
export const DATETIME_FORMAT = "dd-mm-yyyy hh:mm";
/** Excel's "Text" format: typing over such a cell keeps what is typed as text, never a formula. */
export const TEXT_FORMAT = "@";

/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a cell starting with = + - @, a tab or a
 * carriage return is read as a formula by Excel, LibreOffice and Google Sheets when a CSV is
 * opened. Such texts get an apostrophe in the CSV, and so do texts whose own leading apostrophes
 * come before one of those ("'-ve earth"): otherwise the importer, taking the added apostrophe
 * off, would take theirs.
 */
const ESCAPED_IN_CSV = /^'*[=+\-@\t\r]/;

/**
 * A phone number written the international way, "+91 98220 12345": a plus sign and groups of
 * digits with single spaces between them, two groups at least. LibreOffice opens it as the text
 * it is (checked in the en-US, en-GB and en-IN locales), and to a program that would read it as a
 * formula it is digits and spaces, which call nothing and reach no cell: it needs no apostrophe. Other
 * phone shapes keep theirs: "+919822012345" would open as the number 919822012345 (its plus
 * lost), and "+91-98220-12345" as a subtraction in Excel.
 */
const SPOKEN_PHONE = /^\+\d+(?: \d+)+$/;

/**
 * A text cell as the CSV carries it: a formula-looking text gets a leading apostrophe, which
 * spreadsheet programs show as text and never run. The importer takes the apostrophe off again
 * (`fromCsvText`), so an exported file imports unchanged, whatever the text.
 */
export const toCsvText = (text: string) =>
  ESCAPED_IN_CSV.test(text) && !SPOKEN_PHONE.test(text) ? `'${text}` : text;

/** The inverse of `toCsvText`: "'=SUM(A1)" → "=SUM(A1)", "''-ve" → "'-ve"; "'quoted'" is left alone. */
export const fromCsvText = (text: string) =>
  text.startsWith("'") && ESCAPED_IN_CSV.test(text.slice(1)) ? text.slice(1) : text;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/** A value from the database as the number it is (numeric arrives as text), or null. */
export function numberOf(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * A calendar date as an Excel date: the JavaScript Date whose UTC fields are the plant's date
 * and time (Excel dates have no zone; exceljs writes the UTC fields).
 */
export function excelDateOf(value: unknown, type: "date" | "datetime"): Date | null {
  if (typeof value !== "string") return null;
  const match = (type === "date" ? ISO_DATE : ISO_DATETIME).exec(value);
  if (!match) return null;
  const [, y, m, d, hh = "0", mm = "0"] = match;
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), Number(hh), Number(mm)));
}

/**
 * A calendar date as the CSV writes it: ISO 8601, "2026-11-23" (and "2026-11-23 10:30" with a
 * time). A CSV cell is text until the spreadsheet reads it, and the reading follows the locale:
 * "23-11-2026" stayed text in LibreOffice in en-US, en-GB and en-IN, and "04/01/2026" is April in
 * one locale and January in the next. ISO dates are read as dates in every locale by LibreOffice
 * and Excel, and the import reads them back.
 */
export function csvDateOf(value: unknown, type: "date" | "datetime"): string {
  if (typeof value !== "string") return "";
  const match = (type === "date" ? ISO_DATE : ISO_DATETIME).exec(value);
  if (!match) return "";
  const [, y, m, d, hh, mm] = match;
  return type === "date" ? `${y}-${m}-${d}` : `${y}-${m}-${d} ${hh}:${mm}`;
}

/** A cell's value for the Excel writer: numbers as numbers, dates as dates, text as text. */
export function excelCell(type: CellType, value: unknown): string | number | Date | null {
  switch (type) {
    case "integer":
    case "number":
      return numberOf(value);
    case "date":
    case "datetime":
      return excelDateOf(value, type);
    default:
      return value === null || value === undefined ? null : String(value);
  }
}

/** A cell's text for the CSV writer. */
export function csvCell(type: CellType, value: unknown): string {
  switch (type) {
    case "integer":
    case "number": {
      const number = numberOf(value);
      return number === null ? "" : String(number);
    }
    case "date":
    case "datetime":
      return csvDateOf(value, type);
    default:
      return value === null || value === undefined ? "" : toCsvText(String(value));
  }
}

/** How wide a cell's text is in Excel's units (characters), for widths that fit. */
export function cellWidth(type: CellType, value: unknown): number {
  if (type === "date") return 10;
  if (type === "datetime") return 16;
  return csvCell(type, value).length;
}

export const MIN_WIDTH = 8;
export const MAX_WIDTH = 60;

/** A column's width: its header and the widest sampled cell, with a margin, within bounds. */
export function columnWidth(column: ExportColumn, sample: readonly unknown[]): number {
  let widest = column.header.length;
  for (const value of sample) widest = Math.max(widest, cellWidth(column.type, value));
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + 2));
}

/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetName(name: string): string {
  const clean = name.replace(/[:\\/?*[\]]/g, " ").trim();
  return (clean || "Sheet").slice(0, 31);
}

/** "plantops-electrician-2026-11-23.xlsx": what and when (the plant's date). */
export function exportFileName(what: string, plantDate: string, extension: "xlsx" | "csv"): string {
  const slug = what
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `plantops-${slug || "export"}-${plantDate}.${extension}`;
}

export const EXPORT_FORMATS = ["xlsx", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** ?format= of an export address ("xlsx" or "csv"), or null when there is none or it is unknown. */
export function exportFormatOf(search: URLSearchParams): ExportFormat | null {
  const format = search.get("format");
  return format === "xlsx" || format === "csv" ? format : null;
}

/**
 * The date part of an export's file name when it covers a period: "2026-11-01-to-2026-11-30"
 * (a range open at the end runs to `today`); the download's own date when there is no range.
 */
export function periodInFileName(from: string | null, to: string | null, today: string): string {
  if (from) return `${from}-to-${to ?? today}`;
  if (to) return `to-${to}`;
  return today;
}
