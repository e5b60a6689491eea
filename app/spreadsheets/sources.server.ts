import { sql } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { tableExportQuery } from "#app/spares/list.server.ts";
import { readInventoryView } from "#app/spares/list.ts";
import { lineOrderStatus } from "#app/spares/order-status.server.ts";
import type { Department } from "#app/spares/rules.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import type { ExportColumn } from "#app/spreadsheets/cells.ts";
import { sheetOf } from "#app/spreadsheets/rows.server.ts";
import type { ExportSpec } from "#app/spreadsheets/writer.server.ts";
import { racksExportQuery } from "#app/store-racks/list.server.ts";
import { readRackPeriod, readRackView } from "#app/store-racks/list.ts";
import { RACKS } from "#app/store-racks/rules.ts";

// What each list exports (issue 18): its columns, headed as the page and its print view head
// them (so an exported file can be edited and imported again), and its rows from the list's own
// query — the same search, filters and order as the page, every matching row, not one page.

// sheetOf moved to rows.server.ts, beside the lists that export themselves; said here too for
// the lists whose export is still written here.
export { sheetOf };

// ---- A department's spares table (/products/{department}) ----

export const INVENTORY_COLUMNS: ExportColumn[] = [
  { header: "Serial Number", type: "integer" },
  { header: "Assets", type: "text" },
  { header: "Components/Equipments", type: "text" },
  { header: "Available stock", type: "number" },
  { header: "Min Stock", type: "number" },
  { header: "Lead time", type: "number" },
  { header: "Excess/Short Fall", type: "number" },
  { header: "Status of Order", type: "text" },
];

export function inventoryExport(db: Tx, department: Department, search: URLSearchParams): ExportSpec {
  const { params, filters } = readInventoryView(search);
  const t = inventoryItems;
  const select = {
    srno: t.srno,
    assets: t.assets,
    components: t.componentsAndEquipments,
    available: t.availableStock,
    min: t.minStock,
    leadTime: t.leadTimeDays,
    excess: sql<string>`${t.availableStock} - ${t.minStock}`,
    // Derived from the stock by the rule's SQL twin, as the table shows it.
    status: lineOrderStatus,
  };
  return {
    what: department,
    columns: INVENTORY_COLUMNS,
    sheets: [sheetOf(department, tableExportQuery(db, select, department, params, filters))],
  };
}

// ---- Store racks (/about, one rack or all: a sheet per rack) ----

export const RACK_COLUMNS: ExportColumn[] = [
  { header: "Rack", type: "integer" },
  { header: "Section", type: "text" },
  { header: "Material Name", type: "text" },
  { header: "Available Stock", type: "number" },
  { header: "Issue", type: "number" },
  { header: "Receipt", type: "number" },
  { header: "Closing Stock", type: "number" },
];

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
