import { fromCsvText } from "#app/exports/cells.ts";
import { isIsoDate } from "#app/lib/dates.ts";

// The rules of reading a spreadsheet into records (issue 18), pure: the limits and their messages,
// header matching, and the cell formats a plant's files hold (dates as dd-mm-yyyy, yyyy-mm-dd or
// Excel dates; numbers with thousands separators).

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
/** How long an uploaded file waits for its confirmation. */
export const PREVIEW_HOURS = 24;

export const importMessages = {
  noFile: "Choose a file to import (.xlsx or .csv).",
  wrongType: "The file must be an Excel workbook (.xlsx) or a CSV file (.csv).",
  tooLarge: `The file is too large: the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en")} rows: split it into smaller files.`,
  empty: "The file is empty: it has no header row.",
  noRows: "The file has a header row but no rows to import.",
  protected:
    "The workbook is password-protected (or an old .xls file): save it as an unprotected .xlsx and upload it again.",
  corrupt:
    "The workbook could not be read: it is damaged or not really an .xlsx file. Save it again from Excel and upload it.",
  badCsv: "The CSV file could not be read: check that it is saved as CSV (comma-separated), UTF-8.",
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

/** A header as matched: case, spaces and punctuation ignored ("Sr. No" = "srno", "Min Stock" = "min stock"). */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** A cell as read from a file: text, a number, a date (Excel), or empty. */
export type Cell = string | number | Date | null;

/** A cell as text for a form's schema: numbers as written, dates as YYYY-MM-DD, CSV's apostrophe off. */
export function cellText(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  if (cell instanceof Date) return isoOfExcelDate(cell);
  return fromCsvText(cell).trim();
}

/** A number cell: thousands separators taken out ("1,234.5" → "1234.5"); anything else is left for the schema. */
export function numberText(cell: Cell): string {
  const text = cellText(cell);
  return /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replaceAll(",", "") : text;
}

/** An Excel date (its UTC fields are the date, as exceljs reads it) as YYYY-MM-DD. */
export function isoOfExcelDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/**
 * A date cell as YYYY-MM-DD: an Excel date (or its serial number), "yyyy-mm-dd", or "dd-mm-yyyy" / "dd/mm/yyyy" (the
 * plant's way). Anything else comes back as written, for the form's schema to name.
 */
export function dateText(cell: Cell): string {
  // A date cell whose format the reader did not see (a workbook whose styles come after its
  // sheets) arrives as Excel's serial number: days since 30-12-1899 (from 1-3-1900, serial 61: before
  // it Excel counts a 29-02-1900 that never was).
  if (typeof cell === "number" && Number.isInteger(cell) && cell >= 61 && cell <= 2_958_465)
    return isoOfExcelDate(new Date((cell - 25_569) * 86_400_000));
  const text = cellText(cell);
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (dmy) {
    const iso = `${dmy[3]}-${dmy[2].padStart(2, "0")}-${dmy[1].padStart(2, "0")}`;
    return isIsoDate(iso) ? iso : text;
  }
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (ymd) {
    const iso = `${ymd[1]}-${ymd[2].padStart(2, "0")}-${ymd[3].padStart(2, "0")}`;
    return isIsoDate(iso) ? iso : text;
  }
  return text;
}

export type ImportColumn = {
  header: string;
  /** The schema's field it fills; none for a column the export writes but the import recomputes. */
  field?: string;
  required: boolean;
  kind?: "text" | "number" | "date";
};

/** Which file column holds each field, or the message naming the missing and unknown columns. */
export function matchColumns(
  headers: readonly string[],
  columns: readonly ImportColumn[],
): { ok: true; indexOf: Map<string, number> } | { ok: false; message: string } {
  const byKey = new Map(columns.map((column) => [headerKey(column.header), column]));
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
