import type { Tx } from "#app/db/client.server.ts";
import type { FormatDefinition, SopData } from "#app/sop/engine/types.ts";
import { sopRecordsLayout } from "#app/sop/export-columns.ts";
import { readRecordView } from "#app/sop/list.ts";
import { recordsExportQuery } from "#app/sop/queries.server.ts";
import { batchesOfRows, cursorRows } from "#app/spreadsheets/rows.server.ts";
import type { ExportSpec } from "#app/spreadsheets/writer.server.ts";

// A SOP format's records list as a download (/{format}/records/export and GET /api/sop/{format}
// ?format=): every field, see export-columns.ts; the list's own search, date range and order.

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
