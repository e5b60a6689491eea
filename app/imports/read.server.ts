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

async function readXlsx(bytes: Uint8Array): Promise<ReadFile> {
  if (!startsWith(bytes, ZIP)) return { ok: false, message: importMessages.corrupt };
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { ok: false, message: importMessages.corrupt };
  }
  let headers: string[] | null = null;
  const rows: ReadRow[] = [];
  const sheets = workbook.worksheets.filter((sheet) => sheet.actualRowCount > 0);
  for (const sheet of sheets) {
    if (rows.length + sheet.actualRowCount > MAX_IMPORT_ROWS + sheets.length)
      return { ok: false, message: importMessages.tooManyRows };
    let header: string[] | null = null;
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      const values = (row.values as ExcelJS.CellValue[]).slice(1).map(excelValue);
      if (!header) {
        header = values.map((value) => (value === null ? "" : String(value).trim()));
        headers ??= header;
        return;
      }
      if (values.every((value) => value === null || value === "")) return;
      rows.push({ line: sheets.length > 1 ? `${sheet.name}!${number}` : String(number), cells: values });
    });
  }
  if (!headers) return { ok: false, message: importMessages.empty };
  if (rows.length > MAX_IMPORT_ROWS) return { ok: false, message: importMessages.tooManyRows };
  return { ok: true, headers, rows };
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
