import { isIsoDate, MONTH_NAMES } from "#app/lib/dates.ts";
import { fromCsvText } from "#app/spreadsheets/cells.ts";

// The rules of reading a spreadsheet into records (issue 18), pure: the limits and their messages,
// header matching, and the cell formats a plant's files hold (dates as dd-mm-yyyy, yyyy-mm-dd or
// Excel dates; numbers with thousands separators).

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;
// A file within the size limit must not hold more work than that (README "Import"): each limit is
// checked before the rows are read, and each has its own message naming it.
/** Columns beyond the list's template's that a file may have (notes, a spare column). */
export const EXTRA_IMPORT_COLUMNS = 10;
/** Columns of a file read without a list (no template to measure it by). */
export const MAX_IMPORT_COLUMNS = 256;
export const MAX_IMPORT_CELLS = 1_000_000;
/** A workbook's parts, unzipped, together. */
export const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;
export const MAX_SHARED_STRINGS = 500_000;
/** A workbook's shared texts, unzipped (their total length). */
export const MAX_SHARED_STRINGS_BYTES = 16 * 1024 * 1024;
/** How long reading one file may take. */
export const MAX_READ_SECONDS = 8;
/**
 * The heap one file's reading and checking may take (the worker's, preview-worker.server.ts): the
 * server's memory budget for an import, so a file the other limits let through cannot take more.
 */
export const MAX_READ_HEAP_MB = 192;
/** Previews a person keeps waiting for their confirmation: an older one is dropped. */
export const MAX_PREVIEWS_PER_PERSON = 5;
/** How long an uploaded file waits for its confirmation. */
export const PREVIEW_HOURS = 24;

export const importMessages = {
  noFile: "Choose a file to import (.xlsx or .csv).",
  wrongType: "The file must be an Excel workbook (.xlsx) or a CSV file (.csv).",
  tooLarge: `The file is too large: the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en")} rows: split it into smaller files.`,
  tooManyColumns: (cap: number, column: string) =>
    `The file has values in column ${column}, beyond the ${cap} columns an import of this list reads (the template's and ${EXTRA_IMPORT_COLUMNS} more): delete the columns after the table and upload it again.`,
  tooManyCells: `The file has more than ${MAX_IMPORT_CELLS.toLocaleString("en")} cells: split it into smaller files.`,
  tooLargeUnzipped: `The workbook holds more than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB once unzipped: split it into smaller files.`,
  tooManyStrings: `The workbook has more than ${MAX_SHARED_STRINGS.toLocaleString("en")} texts or more than ${MAX_SHARED_STRINGS_BYTES / 1024 / 1024} MB of text: split it into smaller files.`,
  tooSlow: `The file took more than ${MAX_READ_SECONDS} seconds to read: split it into smaller files.`,
  tooMuchMemory: `The file takes more than ${MAX_READ_HEAP_MB} MB of memory to read: split it into smaller files.`,
  empty: "The file is empty: it has no header row.",
  noRows: "The file has a header row but no rows to import.",
  protected:
    "The workbook is password-protected (or an old .xls file): save it as an unprotected .xlsx and upload it again.",
  corrupt:
    "The workbook could not be read: it is damaged or not really an .xlsx file. Save it again from Excel and upload it.",
  badCsv: "The CSV file could not be read: check that it is saved as CSV (comma-separated), UTF-8.",
  encoding:
    "The file's characters could not be read (it is neither UTF-8, UTF-16 nor Windows-1252 text): save it again as CSV UTF-8 and upload it.",
  expired: "This preview has expired or was already used: upload the file again.",
  hasErrors: "Some rows have errors: fix them in the file and upload it again.",
  stale: "Records changed since the preview was made: upload the file again to see the changes.",
  refused: (why: string) => `Nothing was imported. ${why}`,
  duplicateKey: (key: string, first: string) => `The same ${key} is already in row ${first} of this file.`,
  ambiguousKey: (key: string, n: number) =>
    `${n} records of the list have this ${key}: the import cannot tell which one to change. Rename one of them in the list first.`,
  missingColumns: (names: string[]) =>
    `The file lacks the column${names.length === 1 ? "" : "s"} ${names.map((name) => `'${name}'`).join(", ")}.`,
  unknownColumns: (names: string[]) =>
    `The file has column${names.length === 1 ? "" : "s"} this list does not know: ${names.map((name) => `'${name}'`).join(", ")}. Use the template's headers.`,
};

/**
 * A header as matched: case, spaces and punctuation ignored ("Sr. No" = "srno", "Min Stock" = "min
 * stock"); letters of any script kept, with their vowel signs ("क्रम सं." = "क्रमसं").
 */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]/gu, "");

/** A cell as read from a file: text, a number, a date (Excel), or empty. */
export type Cell = string | number | Date | null;

/** A cell as text for a form's schema: numbers as written, dates as YYYY-MM-DD, CSV's apostrophe off. */
export function cellText(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  if (cell instanceof Date) return isoOfExcelDate(cell);
  return fromCsvText(cell).trim();
}

/** An Excel date (its UTC fields are the date, as exceljs reads it) as YYYY-MM-DD. */
export function isoOfExcelDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

// Dates (README "Import"): an Excel date cell, yyyy-mm-dd, or the plant's dd/mm/yyyy and
// dd-mm-yyyy. A file written month first (a US-format CSV re-saved by LibreOffice: 04/25/2026)
// must not be read day first where it can be: the file's own dates say which order it was
// written in. A text date whose second number is above 12 can only be month first, one whose
// first is above 12 only day first; the dd/mm dates of one file are read in the order its
// dates show (a file is written by one program in one locale), and a date that could be either
// in a file that shows neither order is refused, naming its row, never guessed.

/** The order a file's day/month dates are written in, as its dates show it. */
export type DateOrder = "day-first" | "month-first" | "mixed" | "unknown";

const DAY_MONTH = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/;

/**
 * A two-digit year as Excel and LibreOffice read one (1930–2029): LibreOffice re-saves a CSV's
 * dates in its locale's short format, 04/25/26 or 25/04/26.
 */
const fullYear = (year: string) =>
  year.length === 4 ? year : String(Number(year) < 30 ? 2000 + Number(year) : 1900 + Number(year));

/** The accepted ways of writing a date as text, and with date cells, for the messages. */
export const DATE_TEXT_FORMATS = "dd/mm/yyyy, dd-mm-yyyy or yyyy-mm-dd";
export const DATE_FORMATS = `${DATE_TEXT_FORMATS} (or an Excel date cell)`;

export const dateMessages = {
  notADate: (text: string) => `"${text}" is not a date: write it as ${DATE_FORMATS}.`,
  ambiguous: (text: string, line: string, dayFirst: string, monthFirst: string) =>
    `Row ${line}: "${text}" could be ${dayFirst} or ${monthFirst}, and no other date of the file shows which comes first, the day or the month. Write it as yyyy-mm-dd.`,
  mixed: (text: string, line: string) =>
    `Row ${line}: "${text}" is not clear: this file has dates written day first (dd/mm/yyyy) and others month first (mm/dd/yyyy). Write its dates as dd/mm/yyyy.`,
};

/** Which order a text date allows: day first, month first, either (both numbers ≤ 12) or neither. */
function ordersOf(text: string): { dayFirst: boolean; monthFirst: boolean } | null {
  const match = DAY_MONTH.exec(text);
  if (!match) return null;
  const [a, b] = [Number(match[1]), Number(match[2])];
  const iso = (day: number, month: number) =>
    `${fullYear(match[3])}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return { dayFirst: isIsoDate(iso(a, b)), monthFirst: isIsoDate(iso(b, a)) };
}

/** The order the file's day/month text dates show (ISO and Excel dates show none). */
export function dateOrderOf(cells: Iterable<Cell>): DateOrder {
  let dayOnly = false;
  let monthOnly = false;
  for (const cell of cells) {
    if (typeof cell !== "string") continue;
    const orders = ordersOf(cellText(cell));
    if (!orders) continue;
    if (orders.dayFirst && !orders.monthFirst) dayOnly = true;
    if (orders.monthFirst && !orders.dayFirst) monthOnly = true;
  }
  if (dayOnly && monthOnly) return "mixed";
  return dayOnly ? "day-first" : monthOnly ? "month-first" : "unknown";
}

const spoken = (iso: string) => `${Number(iso.slice(8))} ${MONTH_NAMES[Number(iso.slice(5, 7)) - 1]}`;

/**
 * A date cell as YYYY-MM-DD, given the order the file's dates show; blank as ""; or the message
 * saying why not (naming the row, `line`, where the day and month cannot be told apart).
 */
export function readDate(
  cell: Cell,
  order: DateOrder,
  line: string,
): { ok: true; text: string } | { ok: false; text: string; message: string } {
  // A date cell whose format the reader did not see (a workbook whose styles come after its
  // sheets) arrives as Excel's serial number: days since 30-12-1899 (from 1-3-1900, serial 61: before
  // it Excel counts a 29-02-1900 that never was).
  if (typeof cell === "number" && Number.isInteger(cell) && cell >= 61 && cell <= 2_958_465)
    return { ok: true, text: isoOfExcelDate(new Date((cell - 25_569) * 86_400_000)) };
  const text = cellText(cell);
  if (text === "" || cell instanceof Date) return { ok: true, text };
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (ymd) {
    const iso = `${ymd[1]}-${ymd[2].padStart(2, "0")}-${ymd[3].padStart(2, "0")}`;
    if (isIsoDate(iso)) return { ok: true, text: iso };
  }
  const match = DAY_MONTH.exec(text);
  const orders = ordersOf(text);
  if (!match || !orders || (!orders.dayFirst && !orders.monthFirst))
    return { ok: false, text, message: dateMessages.notADate(text) };
  const [a, b] = [match[1].padStart(2, "0"), match[2].padStart(2, "0")];
  const year = fullYear(match[3]);
  const dayFirst = `${year}-${b}-${a}`;
  const monthFirst = `${year}-${a}-${b}`;
  // The same date either way (05/05/2026).
  if (dayFirst === monthFirst) return { ok: true, text: dayFirst };
  if (order === "mixed") return { ok: false, text, message: dateMessages.mixed(text, line) };
  if (!orders.monthFirst) return { ok: true, text: dayFirst };
  if (!orders.dayFirst) return { ok: true, text: monthFirst };
  if (order === "day-first") return { ok: true, text: dayFirst };
  if (order === "month-first") return { ok: true, text: monthFirst };
  return {
    ok: false,
    text,
    message: dateMessages.ambiguous(text, line, spoken(dayFirst), spoken(monthFirst)),
  };
}

export type ImportColumn = {
  header: string;
  /** The header in the other languages an export may have written it in (a Hindi reader's export). */
  aliases?: readonly string[];
  /** The schema's field it fills; none for a column the export writes but the import recomputes. */
  field?: string;
  required: boolean;
  kind?: "text" | "number" | "date";
};

/** The columns by each way of writing their header (its English and its aliases), as matched. */
const columnsByKey = (columns: readonly ImportColumn[]) =>
  new Map(
    columns.flatMap((column) =>
      [column.header, ...(column.aliases ?? [])].map((header) => [headerKey(header), column] as const),
    ),
  );

/** Which file column holds each field, or the message naming the missing and unknown columns. */
export function matchColumns(
  headers: readonly string[],
  columns: readonly ImportColumn[],
): { ok: true; indexOf: Map<string, number> } | { ok: false; message: string } {
  const byKey = columnsByKey(columns);
  const indexOf = new Map<string, number>();
  const unknown: string[] = [];
  headers.forEach((header, index) => {
    if (!header.trim()) return;
    const column = byKey.get(headerKey(header));
    if (!column) unknown.push(header.trim());
    else if (column.field && !indexOf.has(column.field)) indexOf.set(column.field, index);
  });
  const missing = columns.filter((column) => column.required && column.field && !indexOf.has(column.field));
  const problems = [
    missing.length ? importMessages.missingColumns(missing.map((column) => column.header)) : "",
    unknown.length ? importMessages.unknownColumns(unknown) : "",
  ].filter(Boolean);
  return problems.length ? { ok: false, message: problems.join(" ") } : { ok: true, indexOf };
}

// The header row is found wherever it is among a sheet's first rows (title rows above it are what
// clerks add), and a row of units right under it ("nos", "days", "m") is skipped; both are said
// on the preview, never done silently.

/** How many of a sheet's first non-empty rows are searched for the header row. */
export const HEADER_SEARCH_ROWS = 10;

/** A row read as a header for these columns: how many cells name one, and whether all required ones do. */
export function headerFit(
  cells: readonly Cell[],
  columns: readonly ImportColumn[],
): { named: number; complete: boolean } {
  const keys = new Set(cells.map((cell) => headerKey(cellText(cell))).filter(Boolean));
  const named = (column: ImportColumn) =>
    [column.header, ...(column.aliases ?? [])].some((header) => keys.has(headerKey(header)));
  const complete = columns.every((column) => !column.required || !column.field || named(column));
  return { named: columns.filter(named).length, complete };
}

/** A unit as people write one under a header: a short word or symbol, no digits ("nos", "(kg)", "°C", "Rs."). */
const UNIT = /^[([]?\s*[A-Za-z°%µ][A-Za-z°%µ./²³ ]{0,11}\s*[)\]]?$/;

/**
 * A row of units under the headers: units under number or date columns (none of them a value
 * there), nothing under the text columns, so a row of data with words for figures is not one.
 */
export function isUnitsRow(
  cells: readonly Cell[],
  headers: readonly string[],
  columns: readonly ImportColumn[],
): boolean {
  const byKey = columnsByKey(columns);
  let units = 0;
  for (const [index, cell] of cells.entries()) {
    const text = cellText(cell);
    if (text === "") continue;
    if (typeof cell !== "string" || !UNIT.test(text)) return false;
    const column = byKey.get(headerKey(headers[index] ?? ""));
    if (column?.kind === "number" || column?.kind === "date") units += 1;
    else if (column?.field) return false;
  }
  return units > 0;
}

export const readNotes = {
  encoding: (name: string) => `The file was read as ${name} text.`,
  titleRows: (lines: readonly string[]) =>
    lines.length === 1
      ? `Row ${lines[0]}, above the headers, was skipped.`
      : `Rows ${lines[0]} to ${lines[lines.length - 1]}, above the headers, were skipped.`,
  unitsRow: (line: string, units: readonly string[]) =>
    `Row ${line} was taken for units (${units.map((unit) => `"${unit}"`).join(", ")}) and skipped.`,
};

/**
 * A natural key made of a record's fields, as people match them: case, surrounding spaces and
 * runs of spaces ignored ("Pressure Gauge " = "pressure  gauge").
 */
export const naturalKey = (...parts: readonly unknown[]) =>
  parts
    .map((part) =>
      String(part ?? "")
        .trim()
        .replace(/\s+/g, " ")
        .toLowerCase(),
    )
    .join("\u001f");

/** "1,240 rows" */
export const rowsText = (n: number) => `${n.toLocaleString("en")} row${n === 1 ? "" : "s"}`;
