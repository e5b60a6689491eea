import { PassThrough, Readable, type Writable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import {
  type CellType,
  columnWidth,
  csvCell,
  DATE_FORMAT,
  DATETIME_FORMAT,
  type ExportColumn,
  type ExportFormat,
  excelCell,
  exportFileName,
  sheetName,
  TEXT_FORMAT,
} from "#app/spreadsheets/cells.ts";
import { holdingYoungGeneration } from "#app/spreadsheets/young-generation.server.ts";

// The one export writer (issue 18): any list, given its columns and its rows in batches, as an
// Excel workbook or an RFC 4180 CSV, streamed to the response. Nothing holds the whole list: rows
// come from a database cursor (rows.server.ts) a batch at a time, each batch is written and let
// go, and the writer waits while the client is slower than the database.

/** One sheet of an export: its name and its rows, a batch at a time, in the columns' order. */
export type ExportSheet = { name: string; rows: () => AsyncIterable<readonly (readonly unknown[])[]> };

/**
 * What a list exports: its name in the file name, its columns, and a sheet per rack/department.
 * `when` is the file name's date part when the export covers a period (the stock report's
 * "2026-11-01-to-2026-11-30"); by default the plant's date of the download.
 */
export type ExportSpec = {
  what: string;
  when?: string;
  columns: readonly ExportColumn[];
  sheets: readonly ExportSheet[];
};

/** Rows sampled for the widths: the first batch (the header sets a floor). */
const WIDTH_SAMPLE = 500;

const NUMBER_FORMATS: Partial<Record<CellType, string>> = {
  text: TEXT_FORMAT,
  date: DATE_FORMAT,
  datetime: DATETIME_FORMAT,
};

/**
 * Waits while the reader of `stream` is behind, so a slow download does not pile rows up here; a
 * download given up (the response closed) ends the wait too.
 */
function drained(stream: Writable, out: Writable = stream): Promise<void> | undefined {
  if (!stream.writableNeedDrain || out.destroyed) return undefined;
  return drainOrClose(stream, out);
}

/** Resolves at the next "drain" of `behind`, or when `out` closes (the download given up). */
function drainOrClose(behind: DrainEmitter, out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      behind.removeListener("drain", done);
      out.off("close", done);
      resolve();
    };
    behind.once("drain", done);
    out.on("close", done);
  });
}

/** Sheet XML (uncompressed) let queue for the zip before the rows wait. */
const ZIP_BACKLOG = 1024 * 1024;

type DrainEmitter = {
  once(event: "drain", listener: () => void): unknown;
  removeListener(event: "drain", listener: () => void): unknown;
};

type EntryStream = DrainEmitter & { _writableState?: { length: number }; writableLength?: number };

/**
 * Waits while the worksheet's zip entry is behind. exceljs writes a sheet's XML into archiver's
 * entry stream without looking at its backpressure, so when deflate is slower than the rows come
 * (a busy machine), the XML piled up there, tens of MB for a large export (docs/performance.md).
 * Reaches into exceljs's internals (the sheet's stream and its pipes) because no public API says
 * how far the zip is; if they change, this waits for nothing.
 */
function zipCaughtUp(worksheet: unknown, out: Writable): Promise<void> | undefined {
  const entry = (worksheet as { stream?: { pipes?: EntryStream[] } }).stream?.pipes?.[0];
  const queued = entry?._writableState?.length ?? entry?.writableLength ?? 0;
  if (!entry || queued <= ZIP_BACKLOG || out.destroyed) return undefined;
  return drainOrClose(entry, out);
}

async function* batchesOf(sheet: ExportSheet, out: Writable) {
  for await (const batch of sheet.rows()) {
    if (out.destroyed) return;
    yield batch;
    await drained(out);
  }
}

/** Writes the workbook: a sheet per ExportSheet, header bold and frozen, an auto-filter, widths that fit. */
export async function writeXlsx(spec: ExportSpec, out: Writable) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = "PlantOps";
  const used = new Set<string>();
  for (const [index, sheet] of spec.sheets.entries()) {
    const batches = batchesOf(sheet, out);
    const first = await batches.next();
    const firstBatch = first.done ? [] : first.value;
    // All 24 racks, of which three hold items: three sheets, not 21 empty ones. A file with no
    // row at all still has its one sheet with the header.
    const last = index === spec.sheets.length - 1;
    if (firstBatch.length === 0 && (used.size > 0 || !last)) continue;
    let name = sheetName(sheet.name);
    for (let n = 2; used.has(name.toLowerCase()); n++) name = sheetName(`${sheet.name.slice(0, 27)} (${n})`);
    used.add(name.toLowerCase());
    const worksheet = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
    worksheet.columns = spec.columns.map((column, index) => ({
      key: String(index),
      width: columnWidth(
        column,
        firstBatch.slice(0, WIDTH_SAMPLE).map((row) => row[index]),
      ),
      style: NUMBER_FORMATS[column.type] ? { numFmt: NUMBER_FORMATS[column.type] } : {},
    }));
    worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: spec.columns.length } };
    const header = worksheet.addRow(spec.columns.map((column) => column.header));
    header.font = { bold: true };
    header.commit();
    const write = (batch: readonly (readonly unknown[])[]) => {
      for (const row of batch) {
        worksheet.addRow(spec.columns.map((column, index) => excelCell(column.type, row[index]))).commit();
      }
    };
    write(firstBatch);
    await zipCaughtUp(worksheet, out);
    for await (const batch of batches) {
      write(batch);
      await zipCaughtUp(worksheet, out);
    }
    worksheet.commit();
  }
  if (used.size === 0) {
    const worksheet = workbook.addWorksheet(sheetName(spec.what), {
      views: [{ state: "frozen", ySplit: 1 }],
    });
    worksheet.addRow(spec.columns.map((column) => column.header)).commit();
    worksheet.commit();
  }
  await workbook.commit();
}

const CSV_OPTIONS = { record_delimiter: "windows", quoted_match: /[\r\n]/ } as const;

/**
 * Writes the CSV: RFC 4180 (CRLF, quotes doubled), UTF-8 with a byte order mark, one header row.
 * A batch of rows is one chunk: written a line at a time, 100,000 lines were 100,000 small chunks
 * through the response and its compression, each with its own bookkeeping (the bench: more memory
 * and fewer rows a second than the same rows as a workbook; figures: docs/performance.md).
 */
export async function writeCsv(spec: ExportSpec, out: Writable) {
  const put = async (text: string) => {
    if (out.destroyed) return;
    out.write(text);
    await drained(out);
  };
  await put(stringify([spec.columns.map((column) => column.header)], { ...CSV_OPTIONS, bom: true }));
  for (const sheet of spec.sheets) {
    for await (const batch of batchesOf(sheet, out)) {
      const records = batch.map((row) =>
        spec.columns.map((column, index) => csvCell(column.type, row[index])),
      );
      await put(stringify(records, CSV_OPTIONS));
    }
  }
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

/**
 * The export as a streamed download. A failure after the first bytes can only cut the download
 * short (the status is sent); it is logged through `onError`.
 */
export function exportResponse(
  spec: ExportSpec,
  format: ExportFormat,
  plantDate: string,
  onError: (error: unknown) => void,
): Response {
  const out = new PassThrough();
  const write = format === "xlsx" ? writeXlsx : writeCsv;
  holdingYoungGeneration(() => write(spec, out)).then(
    () => out.end(),
    (error) => {
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  const fileName = exportFileName(spec.what, spec.when ?? plantDate, format);
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
