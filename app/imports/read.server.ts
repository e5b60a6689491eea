import { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { type Cell, importMessages, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "#app/imports/rules.ts";

// An uploaded .xlsx or .csv as a header and rows of cells, or the message saying why not: every
// sheet of a workbook (the racks' export has a sheet per rack), their rows one after the other,
// each row named as the user finds it ("Rack 3!12" in a workbook of several sheets, "12" else).

export type ReadRow = { line: string; cells: Cell[] };
export type ReadFile = { ok: true; headers: string[]; rows: ReadRow[] } | { ok: false; message: string };

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) =>
  magic.every((byte, index) => bytes[index] === byte);

export function fileKind(name: string, bytes: Uint8Array): "xlsx" | "csv" | "ole" | null {
  const lower = name.toLowerCase();
  if (startsWith(bytes, OLE)) return "ole";
  if (lower.endsWith(".xlsx")) return "xlsx";
  if (lower.endsWith(".csv") || lower.endsWith(".txt")) return "csv";
  return null;
}

function excelValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return value;
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("result" in value) return excelValue((value.result ?? null) as ExcelJS.CellValue);
    if ("text" in value) return String(value.text);
    if ("error" in value) return null;
  }
  return String(value);
}

/**
 * A whole zip ends with its central directory (an "end of central directory" record within the
 * last 64 KB): a workbook cut short has none. The streaming reader reads entries as they come, so
 * without this check it would take a cut file's complete entries for the whole workbook.
 */
function hasZipDirectory(bytes: Uint8Array): boolean {
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= from; at--) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 0x05 && bytes[at + 3] === 0x06) {
      const commentLength = bytes[at + 20] | (bytes[at + 21] << 8);
      return at + 22 + commentLength === bytes.length;
    }
  }
  return false;
}

/**
 * Collects a workbook's rows as either reader meets them, sheet by sheet: the first non-empty row
 * of the first sheet with one is the header, each later sheet's first non-empty row is its own
 * header (skipped), and only our compact rows are kept.
 */
function workbookRows() {
  let headers: string[] | null = null;
  const sheets: { name: string; rows: { number: number; cells: Cell[] }[] }[] = [];
  let header: string[] | null = null;
  let rows: { number: number; cells: Cell[] }[] = [];
  let total = 0;
  return {
    /** One row of the current sheet; false once the file holds more rows than an import takes. */
    row(number: number, rowValues: ExcelJS.CellValue[] | undefined): boolean {
      const values = (rowValues ?? []).slice(1).map(excelValue);
      if (values.every((value) => value === null || value === "")) return true;
      if (!header) {
        header = Array.from(values, (value) =>
          value === null || value === undefined ? "" : String(value).trim(),
        );
        headers ??= header;
        return true;
      }
      total += 1;
      if (total > MAX_IMPORT_ROWS) return false;
      rows.push({ number, cells: Array.from(values, (value) => value ?? null) });
      return true;
    },
    endSheet(name: string | undefined) {
      if (header) sheets.push({ name: name ?? `Sheet ${sheets.length + 1}`, rows });
      header = null;
      rows = [];
    },
    result(): ReadFile {
      if (!headers) return { ok: false, message: importMessages.empty };
      const named = sheets.length > 1;
      return {
        ok: true,
        headers,
        rows: sheets.flatMap((sheet) =>
          sheet.rows.map(({ number, cells }) => ({
            line: named ? `${sheet.name}!${number}` : String(number),
            cells,
          })),
        ),
      };
    },
  };
}

const TOO_MANY_ROWS: ReadFile = { ok: false, message: importMessages.tooManyRows };

/**
 * Reads the workbook a row at a time (exceljs's streaming reader): only our compact rows are
 * kept, never the library's model of every cell, so a 10 MB workbook does not take hundreds of MB.
 */
export async function readXlsxStreaming(bytes: Uint8Array): Promise<ReadFile> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(
    Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    { worksheets: "emit", sharedStrings: "cache", styles: "cache", hyperlinks: "ignore", entries: "ignore" },
  );
  const read = workbookRows();
  for await (const sheet of reader) {
    for await (const row of sheet)
      if (!read.row(row.number, row.values as ExcelJS.CellValue[])) return TOO_MANY_ROWS;
    read.endSheet((sheet as unknown as { name?: string }).name);
  }
  return read.result();
}

/** The same, from exceljs's whole-workbook model (its other zip reader): see readXlsx. */
export async function readXlsxWhole(bytes: Uint8Array): Promise<ReadFile> {
  const book = new ExcelJS.Workbook();
  // exceljs's types name its own Buffer; a Node Buffer is what it reads.
  await book.xlsx.load(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer,
  );
  const read = workbookRows();
  for (const sheet of book.worksheets) {
    let fits = true;
    sheet.eachRow((row, number) => {
      if (fits) fits = read.row(number, row.values as ExcelJS.CellValue[]);
    });
    if (!fits) return TOO_MANY_ROWS;
    read.endSheet(sheet.name);
  }
  return read.result();
}

/**
 * A workbook, read as it streams in. exceljs 4.4.0's streaming reader throws (a TypeError reading
 * 'sheets') on a workbook whose xl/workbook.xml comes after its sheets while its shared strings
 * come before them, and now and then on workbooks exceljs itself writes (our templates and
 * exports): it sets aside in a temporary file a sheet that comes before the shared strings, and
 * its zip reading sometimes ends right after that sheet, never reaching xl/workbook.xml. Seen in
 * the tests in about one read in a hundred with two import test files at once, and in a few dozen
 * reads of three-sheet workbooks on a quiet machine. A valid workbook is then read again whole,
 * by the library's other zip reader, which has neither fault; a damaged one fails there too, and
 * the caller says so. Only these cases pay the whole model's memory.
 */
async function readXlsx(bytes: Uint8Array): Promise<ReadFile> {
  if (!startsWith(bytes, ZIP) || !hasZipDirectory(bytes))
    return { ok: false, message: importMessages.corrupt };
  try {
    return await readXlsxStreaming(bytes);
  } catch {
    return readXlsxWhole(bytes);
  }
}

function readCsv(bytes: Uint8Array): ReadFile {
  let records: string[][];
  try {
    records = parse(Buffer.from(bytes), {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      to_line: MAX_IMPORT_ROWS + 2,
    }) as string[][];
  } catch {
    return { ok: false, message: importMessages.badCsv };
  }
  if (records.length === 0) return { ok: false, message: importMessages.empty };
  if (records.length > MAX_IMPORT_ROWS + 1) return { ok: false, message: importMessages.tooManyRows };
  const [headers, ...body] = records;
  const rows = body
    .map((cells, index) => ({ line: String(index + 2), cells: cells as Cell[] }))
    .filter((row) => row.cells.some((cell) => String(cell).trim() !== ""));
  return { ok: true, headers: headers.map((header) => header.trim()), rows };
}

/** Reads an upload, or says in the user's words what is wrong with it. Never throws. */
export async function readUpload(file: File | null): Promise<ReadFile> {
  if (!file || file.size === 0)
    return { ok: false, message: file?.name ? importMessages.empty : importMessages.noFile };
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, message: importMessages.tooLarge };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = fileKind(file.name, bytes);
  if (kind === "ole") return { ok: false, message: importMessages.protected };
  if (!kind) return { ok: false, message: importMessages.wrongType };
  try {
    const read = kind === "xlsx" ? await readXlsx(bytes) : readCsv(bytes);
    if (read.ok && read.rows.length === 0) return { ok: false, message: importMessages.noRows };
    return read;
  } catch {
    return { ok: false, message: kind === "xlsx" ? importMessages.corrupt : importMessages.badCsv };
  }
}
