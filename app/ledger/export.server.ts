import type { Tx } from "#app/db/client.server.ts";
import { remarkOf } from "#app/ledger/card-rows.tsx";
import type { StockItemInfo } from "#app/ledger/items.server.ts";
import { stockCard } from "#app/ledger/movements.server.ts";
import { reportExportQuery } from "#app/ledger/report/queries.server.ts";
import {
  type ReportFilters,
  racksOfDepartment,
  readReportView,
  reportedKinds,
} from "#app/ledger/report/view.ts";
import { DEPARTMENTS } from "#app/spares/rules.ts";
import { type ExportColumn, periodInFileName } from "#app/spreadsheets/cells.ts";
import { batchesOfRows, cursorRows, sqlExportQuery } from "#app/spreadsheets/rows.server.ts";
import type { ExportSheet, ExportSpec } from "#app/spreadsheets/writer.server.ts";
import { KIND_LABEL, readDateRange } from "#app/stock/rules.ts";
import { RACKS } from "#app/store-racks/rules.ts";

// The stock ledger's exports (issue 18): the stock report of a period and one item's stock card,
// with the filters and dates their pages show.

// ---- The stock report (/stock/report: a period, a sheet per rack and per department) ----

export const STOCK_REPORT_COLUMNS: ExportColumn[] = [
  { header: "Rack", type: "integer" },
  { header: "Department", type: "text" },
  { header: "Serial Number", type: "integer" },
  { header: "Section / Asset", type: "text" },
  { header: "Item", type: "text" },
  { header: "Opening", type: "number" },
  { header: "Receipts", type: "number" },
  { header: "Issues", type: "number" },
  { header: "Counts ±", type: "number" },
  { header: "Closing", type: "number" },
];

/**
 * The report as the page shows it for these address parameters (a value it cannot read falls back
 * as on the page), every matching item. One sheet per rack and per department's spares lines, in
 * the page's order; each is its own query over the period's movements (a rack's items alone), so
 * no sheet waits on another's rows. A CSV holds them one after another (Rack / Department say
 * whose line it is). The file name says the period: plantops-stock-report-2026-11-01-to-2026-11-30.
 */
export function stockReportExport(search: URLSearchParams, today: string, maySeeSpares: boolean): ExportSpec {
  const { params, filters } = readReportView(search, today);
  const kinds = reportedKinds(filters, maySeeSpares);
  const racks = !kinds.racks
    ? []
    : filters.rack
      ? [filters.rack]
      : filters.department
        ? racksOfDepartment(filters.department)
        : RACKS.map(({ number }) => number);
  const departments = !kinds.spares ? [] : filters.department ? [filters.department] : DEPARTMENTS;
  const sheets: ExportSheet[] = [
    ...racks.map((rack) => ({
      name: `Rack ${rack}`,
      rows: () => reportRows(params.q, { ...filters, items: "rack", rack, department: "" }, false),
    })),
    ...departments.map((department) => ({
      name: `${department} spares`,
      rows: () => reportRows(params.q, { ...filters, items: "spare", rack: null, department }, true),
    })),
  ];
  return {
    what: "stock-report",
    when: periodInFileName(filters.from, filters.to, today),
    columns: STOCK_REPORT_COLUMNS,
    sheets,
  };
}

/** A sheet's rows: the report's query for one rack or department, through a cursor. */
const reportRows = (q: string, filters: ReportFilters, maySeeSpares: boolean) =>
  cursorRows(sqlExportQuery(reportExportQuery(q, filters, maySeeSpares)));

// ---- One item's stock card (/stock/{type}/{id}, optionally ?from=&to=) ----

export const STOCK_CARD_COLUMNS: ExportColumn[] = [
  { header: "Date", type: "date" },
  { header: "Kind", type: "text" },
  { header: "Reference", type: "text" },
  { header: "Received from / issued to", type: "text" },
  { header: "Received", type: "number" },
  { header: "Issued", type: "number" },
  { header: "Balance", type: "number" },
  { header: "Remark", type: "text" },
  { header: "Entered by", type: "text" },
  { header: "Reversed", type: "text" },
];

/** The stock card's rows as the page shows them: a "Stock at the start" line first when dated. */
function cardRows(card: Awaited<ReturnType<typeof stockCard>>): unknown[][] {
  const rows: unknown[][] = [];
  if (card.from) rows.push([card.from, "Stock at the start", null, null, null, null, card.opening]);
  for (const row of card.rows)
    rows.push([
      row.movedOn,
      KIND_LABEL[row.kind],
      row.reference,
      row.party,
      row.quantity > 0 ? row.quantity : null,
      row.quantity < 0 ? -row.quantity : null,
      row.balance,
      remarkOf(row) || null,
      row.enteredBy,
      row.reversedBy ? "Reversed" : null,
    ]);
  return rows;
}

/**
 * An item's stock card (every movement in the dates asked for, with the running balance). The
 * card is read whole, as its page reads it: one item's movements, not a list's rows.
 */
export async function stockCardExport(
  db: Tx,
  item: StockItemInfo,
  search: URLSearchParams,
  today: string,
): Promise<ExportSpec> {
  const range = readDateRange(search);
  const card = await stockCard(db, item.ref, range);
  const rows = cardRows(card);
  return {
    what: `stock-card-${item.name.slice(0, 40)}`,
    when: periodInFileName(range.from, range.to, today),
    columns: STOCK_CARD_COLUMNS,
    sheets: [{ name: item.name, rows: () => batchesOfRows(rows) }],
  };
}
