import type { Tx } from "#app/db/client.server.ts";
import type { FormatDefinition, SopData } from "#app/sop/engine/types.ts";
import { readRecordView } from "#app/sop/list.ts";
import { recordsExportQuery } from "#app/sop/queries.server.ts";
import { batchesOfRows, cursorRows } from "#app/spreadsheets/rows.server.ts";
import { sopRecordsLayout } from "#app/spreadsheets/sop-columns.ts";
import type { ExportSpec } from "#app/spreadsheets/writer.server.ts";

// What each list exports (issue 18): its columns, headed as the page and its print view head
// them (so an exported file can be edited and imported again), and its rows from the list's own
// query — the same search, filters and order as the page, every matching row, not one page.

// ---- A SOP format's records (/{format}/records): every field, see sop-columns.ts ----

export function sopRecordsExport(
  db: Tx,
  definition: FormatDefinition,
  search: URLSearchParams,
  timeZone: string,
): ExportSpec {
  const { params, range } = readRecordView(search);
  const query = recordsExportQuery(db, definition, params, range, timeZone);
  const { columns, rowsOf } = sopRecordsLayout(definition);
  return {
    what: `${definition.code}-records`,
    columns,
    sheets: [
      {
        name: `${definition.code} records`,
        // A record with a register is a row per entry: a batch of records is more rows, written
        // in batches of the usual size.
        rows: async function* () {
          for await (const records of cursorRows(query))
            yield* batchesOfRows(
              records.flatMap(([date, data, savedBy, savedAt]) =>
                rowsOf({ date, data: data as SopData, savedBy, savedAt }),
              ),
            );
        },
      },
    ],
  };
}
