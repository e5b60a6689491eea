import { sql } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { exportColumns } from "#app/lib/record.ts";
import { listExportQuery } from "#app/spares/list.server.ts";
import { readSparesView } from "#app/spares/list.ts";
import { lineOrderStatus } from "#app/spares/order-status.server.ts";
import { DERIVED, sparesRecord } from "#app/spares/record.ts";
import type { Department } from "#app/spares/rules.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import type { ExportColumn } from "#app/spreadsheets/cells.ts";
import { sheetOf } from "#app/spreadsheets/rows.server.ts";
import type { ExportSpec } from "#app/spreadsheets/writer.server.ts";

// A department's spares list (/products/{department}) as a file (issue 18): its columns, headed as
// the page and its print view head them (so an exported file can be edited and imported again),
// and its rows from the list's own query — the same search, filters and order, every matching line.

/** The definition's columns, then the two figures worked out from the stock. */
export const SPARES_COLUMNS: ExportColumn[] = [
  ...exportColumns(sparesRecord),
  { header: DERIVED.shortfall.label, type: DERIVED.shortfall.export },
  { header: DERIVED.status.label, type: DERIVED.status.export },
];

export function sparesExport(db: Tx, department: Department, search: URLSearchParams): ExportSpec {
  const { params, filters } = readSparesView(search);
  const t = inventoryItems;
  const select = {
    srno: t.srno,
    assets: t.assets,
    components: t.componentsAndEquipments,
    available: t.availableStock,
    min: t.minStock,
    leadTime: t.leadTimeDays,
    excess: sql<string>`${t.availableStock} - ${t.minStock}`,
    // Derived from the stock by the rule's SQL twin, as the list shows it.
    status: lineOrderStatus,
  };
  return {
    what: department,
    columns: SPARES_COLUMNS,
    sheets: [sheetOf(department, listExportQuery(db, select, department, params, filters))],
  };
}
