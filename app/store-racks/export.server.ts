import type { Tx } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { exportColumns } from "#app/lib/record.ts";
import type { ExportColumn } from "#app/spreadsheets/cells.ts";
import { sheetOf } from "#app/spreadsheets/rows.server.ts";
import type { ExportSpec } from "#app/spreadsheets/writer.server.ts";
import { racksExportQuery } from "#app/store-racks/list.server.ts";
import { readRackPeriod, readRackView } from "#app/store-racks/list.ts";
import { rackItemRecord } from "#app/store-racks/record.ts";
import { RACKS } from "#app/store-racks/rules.ts";

// The store racks (/about, one rack or all: a sheet per rack) as a file (issue 18): headed as the
// page and its print view head them (so an exported file can be imported again), the rows from
// the list's own query.

export const RACK_COLUMNS: ExportColumn[] = exportColumns(rackItemRecord);

export function racksExport(db: Tx, search: URLSearchParams): ExportSpec {
  const { params, rack } = readRackView(search);
  // The figures of the period the page shows (issue 17's ledger), this month by default.
  const period = readRackPeriod(search, plantToday());
  const racks = rack ? [rack] : RACKS.map(({ number }) => number);
  return {
    what: rack ? `rack-${rack}` : "store-racks",
    columns: RACK_COLUMNS,
    sheets: racks.map((number) => sheetOf(`Rack ${number}`, racksExportQuery(db, params, number, period))),
  };
}
