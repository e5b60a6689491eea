import type { Tx } from "#app/db/client.server.ts";
import { racksInView, readFileView } from "#app/file-index/list.ts";
import { rackFilesExportQuery } from "#app/file-index/queries.server.ts";
import { fileRecord } from "#app/file-index/record.ts";
import { isRackName } from "#app/file-index/rules.ts";
import { rackFiles } from "#app/file-index/table.server.ts";
import { exportColumns, exportFields } from "#app/lib/record.ts";
import type { ExportColumn } from "#app/spreadsheets/cells.ts";
import { sheetOf } from "#app/spreadsheets/rows.server.ts";
import type { ExportSpec } from "#app/spreadsheets/writer.server.ts";

// What /rackadmin exports (issue 18), one cupboard, one rack or all, a sheet per rack: the
// definition's columns (record.ts), headed so an exported file imports again (import.server.ts),
// its rows the index's own search and order.

export const FILE_COLUMNS: ExportColumn[] = exportColumns(fileRecord);

export function fileIndexExport(db: Tx, search: URLSearchParams): ExportSpec {
  const view = readFileView(search);
  const racks = racksInView(view.rack).flatMap((group) => group.racks);
  const select = Object.fromEntries(exportFields(fileRecord).map((name) => [name, rackFiles[name]]));
  const what = !view.rack
    ? "file-index"
    : isRackName(view.rack)
      ? `file-index-${view.rack}`
      : `file-index-cupboard-${view.rack}`;
  return {
    what,
    columns: FILE_COLUMNS,
    sheets: racks.map((name) => sheetOf(name, rackFilesExportQuery(db, select, name, view))),
  };
}
