import { Readable } from "node:stream";
import { promisify } from "node:util";
import { inflateRaw } from "node:zlib";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { cleanText } from "#app/lib/text.ts";
import {
  type Cell,
  cellText,
  EXTRA_IMPORT_COLUMNS,
  HEADER_SEARCH_ROWS,
  headerFit,
  type ImportColumn,
  importMessages,
  isUnitsRow,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_CELLS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  MAX_READ_SECONDS,
  MAX_SHARED_STRINGS,
  MAX_SHARED_STRINGS_BYTES,
  MAX_UNZIPPED_BYTES,
  readNotes,
} from "#app/spreadsheets/import-rules.ts";

// An uploaded .xlsx or .csv as a header and rows of cells, or the message saying why not: every
// sheet of a workbook (the racks' export has a sheet per rack), their rows one after the other,
// each row named as the user finds it ("Rack 3!12" in a workbook of several sheets, "12" else).
// Each sheet's header row is the first of its first rows that names every required column of
// the list (`columns`; without any, the first non-empty row): title rows above it are skipped, and
// so is a row of units right under it; `notes` says so, for the preview.

export type ReadRow = { line: string; cells: Cell[] };
export type ReadFile =
  | { ok: true; headers: string[]; rows: ReadRow[]; notes: string[] }
  | { ok: false; message: string };

/** Why a file is refused, thrown from deep in the reading (its message is the user's). */
class Refused extends Error {}

/** What one reading may take (README "Import"): the columns the list's template has and a margin, and a deadline. */
type Limits = { columns: number; deadline: number };

function limitsFor(columns: readonly ImportColumn[]): Limits {
  return {
    columns: columns.length
      ? Math.min(columns.length + EXTRA_IMPORT_COLUMNS, MAX_IMPORT_COLUMNS)
      : MAX_IMPORT_COLUMNS,
    deadline: Date.now() + MAX_READ_SECONDS * 1000,
  };
}

/** "A" for 1, "XFD" for 16,384: a column as Excel names it. */
function columnName(number: number): string {
  let name = "";
  for (let n = number; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const columnNumber = (letters: string) =>
  [...letters.toUpperCase()].reduce((number, letter) => number * 26 + letter.charCodeAt(0) - 64, 0);

/** Lets other requests be answered between chunks of a long reading, and stops it at the deadline. */
async function pause(limits: Limits) {
  await new Promise((resolve) => setImmediate(resolve));
  if (Date.now() > limits.deadline) throw new Refused(importMessages.tooSlow);
}

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
 * Where that record is, or -1.
 */
function zipDirectoryAt(bytes: Uint8Array): number {
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= from; at--) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 0x05 && bytes[at + 3] === 0x06) {
      const commentLength = bytes[at + 20] | (bytes[at + 21] << 8);
      return at + 22 + commentLength === bytes.length ? at : -1;
    }
  }
  return -1;
}

type ZipEntry = { name: string; method: number; data: Uint8Array; size: number };

/** The zip's entries as its central directory declares them, or null for a damaged one. */
function zipEntries(bytes: Uint8Array, end: number): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = Buffer.from(bytes.subarray(at + 46, at + 46 + nameLength)).toString("utf8");
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + compressed > bytes.length) return null;
    entries.push({ name, method, data: bytes.subarray(start, start + compressed), size });
  }
  return entries;
}

const inflate = promisify(inflateRaw);

/**
 * Checks a workbook's parts against the limits before exceljs reads any of it (it would build
 * whatever they hold): the sizes the zip declares, then each part unzipped (in the thread pool,
 * never past its declared size, so a part that lies is caught while inflating), its worksheets'
 * rows, cells and columns and its shared strings counted. Throws Refused with the limit's message.
 */
async function checkWorkbook(bytes: Uint8Array, end: number, limits: Limits): Promise<void> {
  const entries = zipEntries(bytes, end);
  if (!entries) throw new Refused(importMessages.corrupt);
  let total = 0;
  for (const entry of entries) {
    // 0xffffffff: a zip64 size, far beyond what an import takes.
    total += entry.size === 0xffffffff ? Number.POSITIVE_INFINITY : entry.size;
    if (/sharedStrings\d*\.xml$/i.test(entry.name) && entry.size > MAX_SHARED_STRINGS_BYTES)
      throw new Refused(importMessages.tooManyStrings);
  }
  if (total > MAX_UNZIPPED_BYTES) throw new Refused(importMessages.tooLargeUnzipped);
  const counts = { rows: 0, cells: 0 };
  for (const entry of entries) {
    let part: Buffer;
    if (entry.method === 0) part = Buffer.from(entry.data);
    else if (entry.method === 8) {
      try {
        part = await inflate(entry.data, { maxOutputLength: Math.max(entry.size, 1) });
      } catch (error) {
        if (error instanceof RangeError) throw new Refused(importMessages.tooLargeUnzipped);
        throw new Refused(importMessages.corrupt);
      }
    } else throw new Refused(importMessages.corrupt);
    if (part.length > entry.size) throw new Refused(importMessages.tooLargeUnzipped);
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name))
      await checkSheet(part.toString("latin1"), limits, counts);
    else if (/sharedStrings\d*\.xml$/i.test(entry.name))
      await checkSharedStrings(part.toString("latin1"), limits);
    else await pause(limits);
  }
}

/** Rows (the ones with cells), cells, and the columns holding values, of one sheet's XML. */
async function checkSheet(xml: string, limits: Limits, counts: { rows: number; cells: number }) {
  const tag = /<(row|c)\b([^>]*?)(\/?)>/g;
  let inRow = 0;
  let seen = 0;
  for (let match = tag.exec(xml); match; match = tag.exec(xml)) {
    if (++seen % 20_000 === 0) await pause(limits);
    const [, name, attributes, closed] = match;
    if (name === "row") {
      inRow = 0;
      if (!closed && ++counts.rows > MAX_IMPORT_ROWS + 1_000) throw new Refused(importMessages.tooManyRows);
      continue;
    }
    if (++counts.cells > MAX_IMPORT_CELLS) throw new Refused(importMessages.tooManyCells);
    const letters = /\br\s*=\s*["']\s*([A-Za-z]{1,3})\d/.exec(attributes)?.[1];
    const column = letters ? columnNumber(letters) : ++inRow;
    inRow = Math.max(inRow, column);
    if (column <= limits.columns) continue;
    // An empty cell (a border, a format) beyond the table is ignored; past the widest table an
    // import takes, even an empty one would have the reader walk every column before it.
    const close = closed ? -1 : xml.indexOf("</c>", tag.lastIndex);
    const holds = close >= 0 && /<(v|is|f)\b/.test(xml.slice(tag.lastIndex, close));
    if (holds || column > MAX_IMPORT_COLUMNS)
      throw new Refused(importMessages.tooManyColumns(limits.columns, columnName(column)));
  }
}

async function checkSharedStrings(xml: string, limits: Limits) {
  const item = /<si\b/g;
  let count = 0;
  while (item.exec(xml)) {
    if (++count > MAX_SHARED_STRINGS) throw new Refused(importMessages.tooManyStrings);
    if (count % 20_000 === 0) await pause(limits);
  }
}

/**
 * Collects a workbook's rows as either reader meets them, sheet by sheet: each sheet's header row
 * is looked for among its first non-empty rows, the first sheet's is the file's header, and only
 * our compact rows are kept.
 */
function workbookRows(columns: readonly ImportColumn[]) {
  let headers: string[] | null = null;
  const sheets: { name: string; rows: { number: number; cells: Cell[] }[] }[] = [];
  const notes: { sheet: number; note: (line: (number: number) => string) => string }[] = [];
  let header: string[] | null = null;
  /** The sheet's first rows, while its header row is not found yet. */
  let pending: { number: number; cells: Cell[] }[] = [];
  let unitsChecked = false;
  let rows: { number: number; cells: Cell[] }[] = [];
  let total = 0;

  function data(number: number, cells: Cell[]): boolean {
    if (!unitsChecked && header) {
      unitsChecked = true;
      if (isUnitsRow(cells, header, columns)) {
        const units = [...new Set(cells.map(cellText).filter(Boolean))];
        const sheet = sheets.length;
        notes.push({ sheet, note: (line) => readNotes.unitsRow(line(number), units) });
        return true;
      }
    }
    total += 1;
    if (total > MAX_IMPORT_ROWS) return false;
    rows.push({ number, cells });
    return true;
  }

  /** Takes pending row `at` for the header: the rows above it are titles, the ones after it data. */
  function take(at: number): boolean {
    const chosen = pending[at];
    header = Array.from(chosen.cells, (value) => cellText(value ?? null));
    headers ??= header;
    const titles = pending.slice(0, at).map((row) => row.number);
    if (titles.length) {
      const sheet = sheets.length;
      notes.push({ sheet, note: (line) => readNotes.titleRows(titles.map(line)) });
    }
    const after = pending.slice(at + 1);
    pending = [];
    return after.every((row) => data(row.number, row.cells));
  }

  /** No row names every required column: the one naming the most is the header (the message names the others). */
  function settle(): boolean {
    let best = 0;
    let named = -1;
    for (const [index, row] of pending.entries()) {
      const fit = headerFit(row.cells, columns).named;
      if (fit > named) [best, named] = [index, fit];
    }
    return take(best);
  }

  return {
    /** One row of the current sheet; false once the file holds more rows than an import takes. */
    row(number: number, values: Cell[]): boolean {
      if (values.every((value) => value === null || value === "")) return true;
      const cells = Array.from(values, (value) =>
        typeof value === "string" ? cleanText(value) : (value ?? null),
      );
      if (header) return data(number, cells);
      pending.push({ number, cells });
      if (headerFit(cells, columns).complete) return take(pending.length - 1);
      return pending.length < HEADER_SEARCH_ROWS || settle();
    },
    endSheet(name: string | undefined): boolean {
      const fits = header !== null || pending.length === 0 || settle();
      if (header) sheets.push({ name: cleanText(name ?? `Sheet ${sheets.length + 1}`), rows });
      header = null;
      pending = [];
      unitsChecked = false;
      rows = [];
      return fits;
    },
    result(): ReadFile {
      if (!headers) return { ok: false, message: importMessages.empty };
      const named = sheets.length > 1;
      const lineOf = (sheet: number) => (number: number) =>
        named ? `${sheets[sheet].name}!${number}` : String(number);
      return {
        ok: true,
        headers,
        rows: sheets.flatMap((sheet, index) =>
          sheet.rows.map(({ number, cells }) => ({ line: lineOf(index)(number), cells })),
        ),
        notes: notes.map(({ sheet, note }) => note(lineOf(sheet))),
      };
    },
  };
}

/**
 * exceljs's row values (1-based, holes for empty cells) up to the limit's column, or Refused when
 * a cell beyond it holds a value (checkWorkbook has kept the rows narrow: this is its second line).
 */
function rowCells(values: ExcelJS.CellValue[] | undefined, limits: Limits): Cell[] {
  const list = values ?? [];
  const cells: Cell[] = [];
  for (let column = 1; column < list.length; column++) {
    const cell = excelValue(list[column]);
    if (column <= limits.columns) cells.push(cell);
    else if (cell !== null && cell !== "")
      throw new Refused(importMessages.tooManyColumns(limits.columns, columnName(column)));
  }
  return cells;
}

const TOO_MANY_ROWS: ReadFile = { ok: false, message: importMessages.tooManyRows };

/**
 * Reads the workbook a row at a time (exceljs's streaming reader): only our compact rows are
 * kept, never the library's model of every cell, so a 10 MB workbook does not take hundreds of MB.
 */
export async function readXlsxStreaming(
  bytes: Uint8Array,
  columns: readonly ImportColumn[] = [],
  limits = limitsFor(columns),
): Promise<ReadFile> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(
    Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    { worksheets: "emit", sharedStrings: "cache", styles: "cache", hyperlinks: "ignore", entries: "ignore" },
  );
  const read = workbookRows(columns);
  let count = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) {
      if (++count % 1_000 === 0) await pause(limits);
      if (!read.row(row.number, rowCells(row.values as ExcelJS.CellValue[], limits))) return TOO_MANY_ROWS;
    }
    if (!read.endSheet((sheet as unknown as { name?: string }).name)) return TOO_MANY_ROWS;
  }
  return read.result();
}

/** The same, from exceljs's whole-workbook model (its other zip reader): see readXlsx. */
export async function readXlsxWhole(
  bytes: Uint8Array,
  columns: readonly ImportColumn[] = [],
  limits = limitsFor(columns),
): Promise<ReadFile> {
  const book = new ExcelJS.Workbook();
  // exceljs's types name its own Buffer; a Node Buffer is what it reads.
  await book.xlsx.load(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer,
  );
  const read = workbookRows(columns);
  for (const sheet of book.worksheets) {
    await pause(limits);
    let fits = true;
    sheet.eachRow((row, number) => {
      if (fits) fits = read.row(number, rowCells(row.values as ExcelJS.CellValue[], limits));
    });
    if (!fits || !read.endSheet(sheet.name)) return TOO_MANY_ROWS;
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
async function readXlsx(bytes: Uint8Array, columns: readonly ImportColumn[]): Promise<ReadFile> {
  const end = startsWith(bytes, ZIP) ? zipDirectoryAt(bytes) : -1;
  if (end < 0) return { ok: false, message: importMessages.corrupt };
  const limits = limitsFor(columns);
  await checkWorkbook(bytes, end, limits);
  try {
    return await readXlsxStreaming(bytes, columns, limits);
  } catch (error) {
    if (error instanceof Refused) throw error;
    return readXlsxWhole(bytes, columns, limits);
  }
}

// A CSV file's text encoding (docs/decisions/011-import-encodings.md): a byte order mark says
// UTF-8 or UTF-16; without one, bytes that are valid UTF-8 are UTF-8 (plain ASCII is both), and
// anything else is Windows-1252, what Excel's "CSV (Comma delimited)" writes on Windows. A file
// holding NUL bytes (UTF-16 without its mark, or no text at all) or bytes Windows-1252 leaves
// undefined is refused: read any other way it would import wrong characters without a word.

const ENCODINGS = { utf8: "UTF-8", utf16le: "UTF-16", utf16be: "UTF-16", cp1252: "Windows-1252" } as const;

export function decodeText(
  bytes: Uint8Array,
): { ok: true; text: string; encoding: (typeof ENCODINGS)[keyof typeof ENCODINGS] } | { ok: false } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf8 = (part: Buffer) => new TextDecoder("utf-8", { fatal: true }).decode(part);
  try {
    if (startsWith(bytes, [0xef, 0xbb, 0xbf]))
      return { ok: true, text: utf8(buffer.subarray(3)), encoding: "UTF-8" };
    if (startsWith(bytes, [0xff, 0xfe]))
      return { ok: true, text: iconv.decode(buffer.subarray(2), "utf-16le"), encoding: "UTF-16" };
    if (startsWith(bytes, [0xfe, 0xff]))
      return { ok: true, text: iconv.decode(buffer.subarray(2), "utf-16be"), encoding: "UTF-16" };
  } catch {
    return { ok: false };
  }
  if (bytes.includes(0)) return { ok: false };
  try {
    return { ok: true, text: utf8(buffer), encoding: "UTF-8" };
  } catch {
    const text = iconv.decode(buffer, "windows-1252");
    return text.includes("\uFFFD") ? { ok: false } : { ok: true, text, encoding: "Windows-1252" };
  }
}

function readCsv(bytes: Uint8Array, columns: readonly ImportColumn[]): ReadFile {
  const decoded = decodeText(bytes);
  if (!decoded.ok) return { ok: false, message: importMessages.encoding };
  // Excel's "Unicode Text" (UTF-16) is separated by tabs: a first line with tabs and no comma.
  const firstLine = decoded.text.slice(0, decoded.text.search(/\r|\n|$/));
  const delimiter = firstLine.includes("\t") && !firstLine.includes(",") ? "\t" : ",";
  const limits = limitsFor(columns);
  let cells = 0;
  let records: string[][];
  try {
    records = parse(decoded.text, {
      delimiter,
      relax_column_count: true,
      to_line: MAX_IMPORT_ROWS + HEADER_SEARCH_ROWS + 2,
      // Each line as it is parsed: the limits, and the empty cells beyond the columns dropped.
      on_record: (record: string[]) => {
        cells += record.length;
        if (cells > MAX_IMPORT_CELLS) throw new Refused(importMessages.tooManyCells);
        if (Date.now() > limits.deadline) throw new Refused(importMessages.tooSlow);
        if (record.length <= limits.columns) return record;
        const beyond = record.findIndex((cell, index) => index >= limits.columns && cell.trim() !== "");
        if (beyond >= 0)
          throw new Refused(importMessages.tooManyColumns(limits.columns, columnName(beyond + 1)));
        return record.slice(0, limits.columns);
      },
    }) as string[][];
  } catch (error) {
    if (error instanceof Refused) throw error;
    return { ok: false, message: importMessages.badCsv };
  }
  const read = workbookRows(columns);
  for (const [index, cells] of records.entries()) if (!read.row(index + 1, cells)) return TOO_MANY_ROWS;
  if (!read.endSheet(undefined)) return TOO_MANY_ROWS;
  const result = read.result();
  if (result.ok && decoded.encoding !== "UTF-8") result.notes.unshift(readNotes.encoding(decoded.encoding));
  return result;
}

/** Why an upload is refused before its bytes are read (none, empty, too large), or null. */
export function uploadRefusal(file: File | null): string | null {
  if (!file || file.size === 0) return file?.name ? importMessages.empty : importMessages.noFile;
  if (file.size > MAX_IMPORT_BYTES) return importMessages.tooLarge;
  return null;
}

/** A file this small is read where it arrives: its reading takes less than starting a thread would. */
const SMALL_FILE_BYTES = 16 * 1024;
/** A small workbook's parts together, unzipped, as its zip declares them (checkWorkbook holds it to that). */
const SMALL_UNZIPPED_BYTES = 256 * 1024;

/**
 * Whether reading a file is a few milliseconds at most whatever it holds (a worker is not worth
 * starting for it): under 16 KB, and a workbook's parts under 256 KB once unzipped (its reading
 * never unzips more than its zip declares). Anything else is refused at once or read in a worker.
 */
export function isSmallUpload(name: string, bytes: Uint8Array): boolean {
  if (bytes.length > SMALL_FILE_BYTES) return false;
  if (fileKind(name, bytes) !== "xlsx") return true;
  const end = startsWith(bytes, ZIP) ? zipDirectoryAt(bytes) : -1;
  const entries = end < 0 ? null : zipEntries(bytes, end);
  return !entries || entries.reduce((total, entry) => total + entry.size, 0) <= SMALL_UNZIPPED_BYTES;
}

/** Reads an upload, or says in the user's words what is wrong with it. Never throws. */
export async function readUpload(
  file: File | null,
  columns: readonly ImportColumn[] = [],
): Promise<ReadFile> {
  const refused = uploadRefusal(file);
  if (refused || !file) return { ok: false, message: refused ?? importMessages.noFile };
  return readBytes(file.name, new Uint8Array(await file.arrayBuffer()), columns);
}

/** Reads an upload's bytes (named as uploaded), or says what is wrong with them. Never throws. */
export async function readBytes(
  name: string,
  bytes: Uint8Array,
  columns: readonly ImportColumn[] = [],
): Promise<ReadFile> {
  if (bytes.length === 0) return { ok: false, message: name ? importMessages.empty : importMessages.noFile };
  if (bytes.length > MAX_IMPORT_BYTES) return { ok: false, message: importMessages.tooLarge };
  const kind = fileKind(name, bytes);
  if (kind === "ole") return { ok: false, message: importMessages.protected };
  if (!kind) return { ok: false, message: importMessages.wrongType };
  try {
    const read = kind === "xlsx" ? await readXlsx(bytes, columns) : readCsv(bytes, columns);
    if (read.ok && read.rows.length === 0) return { ok: false, message: importMessages.noRows };
    return read;
  } catch (error) {
    if (error instanceof Refused) return { ok: false, message: error.message };
    return { ok: false, message: kind === "xlsx" ? importMessages.corrupt : importMessages.badCsv };
  }
}
