import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Tx } from "#app/db/client.server.ts";
import {
  type ListPage,
  matchSearch,
  orderBy,
  PRINT_ROW_LIMIT,
  pageOf,
  searchText,
  totalColumn,
} from "#app/db/list.server.ts";
import type { ListParams } from "#app/lib/list-params.ts";
import { searchFields } from "#app/lib/record.ts";
import { periodFiguresQuery } from "#app/stock/journal.server.ts";
import type { RackPeriod, RackSort } from "#app/store-racks/list.ts";
import { rackItemRecord } from "#app/store-racks/record.ts";
import { rackStockHolder } from "#app/store-racks/stock.server.ts";
import { rackItems as t } from "#app/store-racks/table.server.ts";

// The Store Racks page as a server-side list (docs/architecture.md "Lists"), its figures a
// period's from the stock ledger (issue 17), joined per item so the list sorts on them too.

/** One row of the Store Racks list: only the fields it shows. */
export type RackListRow = {
  id: string;
  rackNumber: number;
  section: string;
  materialName: string;
  availableStock: number;
  issue: number;
  receipt: number;
  closingStock: number;
  /** The item's stock now (all its movements), whatever the period. */
  inStock: number;
};

/**
 * The searched fields (record.ts: the shown text columns); the same expression is indexed in
 * drizzle/0007_rack_search_by_name.sql, so a new searched field comes with a migration of the index.
 */
const SEARCH_TEXT = searchText(searchFields(rackItemRecord).map((name) => sql`${t[name]}`));

/** The period's figures of every rack item, or of `ids` (an item without movements has none: zeros). */
function figuresOf(db: Tx, period: RackPeriod, ids?: readonly string[]) {
  const f = periodFiguresQuery(db, rackStockHolder, period.from, period.to, ids).as("f");
  const opening = sql`coalesce(${f.opening}, 0)`;
  const available = sql`(${opening} + coalesce(${f.openings}, 0) + coalesce(${f.counts}, 0))`;
  const issue = sql`coalesce(${f.issues}, 0)`;
  const receipt = sql`coalesce(${f.receipts}, 0)`;
  return {
    f,
    columns: {
      available,
      issue,
      receipt,
      closing: sql`(${available} + ${receipt} - ${issue})`,
    },
  };
}

type FigureColumns = ReturnType<typeof figuresOf>["columns"];

const asNumber = (expression: SQL) => sql<string>`${expression}::text`;

/** The period's figures as the list shows them (numeric text, read exactly). */
const figureColumns = (columns: FigureColumns) => ({
  availableStock: asNumber(columns.available),
  issue: asNumber(columns.issue),
  receipt: asNumber(columns.receipt),
  closingStock: asNumber(columns.closing),
});

/** The columns the list shows, in its order, which are also the export's: the item's, then its figures. */
const shownColumns = (columns: FigureColumns) => ({
  rackNumber: t.rackNumber,
  section: t.section,
  materialName: t.materialName,
  ...figureColumns(columns),
});

/** The list's order: the chosen column, then, within a rack, the order items were put in (the legacy app). */
function rackOrder(columns: FigureColumns, sort: Pick<ListParams<RackSort>, "sort" | "dir">) {
  const sortColumns: Record<RackSort, SQL> = {
    rack: sql`${t.rackNumber}`,
    section: sql`lower(${t.section})`,
    material: sql`lower(${t.materialName})`,
    available: columns.available,
    issue: columns.issue,
    receipt: columns.receipt,
    closing: columns.closing,
  };
  const [first] = orderBy(sortColumns, sort, t.rackNumber);
  return [first, sql`${t.createdAt} asc`, sql`${t.id} asc`];
}

/** The items of one rack (or all) that match the search. */
const whereOf = (rack: number | null, q: string) =>
  and(rack ? eq(t.rackNumber, rack) : undefined, matchSearch(SEARCH_TEXT, q));

/**
 * The period's figures of the items, and `matching` to keep a query of the items joined to them
 * (`f`) to those the list shows, in its order.
 */
function withFigures(
  db: Tx,
  period: RackPeriod,
  params: Pick<ListParams<RackSort>, "q" | "sort" | "dir">,
  rack: number | null,
) {
  const { f, columns } = figuresOf(db, period);
  const matching = <Query extends PgSelect>(query: Query) =>
    query.where(whereOf(rack, params.q)).orderBy(...rackOrder(columns, params));
  return { f, columns, matching };
}

function query(
  db: Tx,
  period: RackPeriod,
  params: Pick<ListParams<RackSort>, "q" | "sort" | "dir">,
  rack: number | null,
) {
  const { f, columns, matching } = withFigures(db, period, params, rack);
  return matching(
    db
      .select({ id: t.id, ...shownColumns(columns), inStock: t.closingStock, total: totalColumn })
      .from(t)
      .leftJoin(f, eq(f.itemId, t.id))
      .$dynamic(),
  );
}

type RawRow = Omit<RackListRow, "availableStock" | "issue" | "receipt" | "closingStock"> & {
  availableStock: string;
  issue: string;
  receipt: string;
  closingStock: string;
};

const toRow = ({
  availableStock,
  issue,
  receipt,
  closingStock,
  ...rest
}: RawRow & { total?: unknown }): RackListRow => ({
  id: rest.id,
  rackNumber: rest.rackNumber,
  section: rest.section,
  materialName: rest.materialName,
  availableStock: Number(availableStock),
  issue: Number(issue),
  receipt: Number(receipt),
  closingStock: Number(closingStock),
  inStock: rest.inStock,
});

/** Sorts that order by the item's own columns: the page is chosen before any figure is summed. */
const ITEM_SORTS: readonly RackSort[] = ["rack", "section", "material"];

export async function listRackPage(
  db: Tx,
  params: ListParams<RackSort>,
  rack: number | null,
  period: RackPeriod,
): Promise<ListPage<RackListRow>> {
  if (!ITEM_SORTS.includes(params.sort)) {
    const page = await pageOf(params, (limit, offset) =>
      query(db, period, params, rack).limit(limit).offset(offset),
    );
    return { ...page, rows: page.rows.map(toRow) };
  }
  // Ordered by rack, section or name (the default) and searched by section and name, the page's
  // items are found without the figures; only theirs are then summed (a page's movements through
  // the item index, not the period's movements of every rack item; figures: docs/performance.md).
  const page = await pageOf(params, (limit, offset) =>
    db
      .select({
        id: t.id,
        rackNumber: t.rackNumber,
        section: t.section,
        materialName: t.materialName,
        inStock: t.closingStock,
        total: totalColumn,
      })
      .from(t)
      .where(whereOf(rack, params.q))
      .orderBy(...rackOrder(figuresOf(db, period).columns, params))
      .limit(limit)
      .offset(offset),
  );
  const ids = page.rows.map((row) => row.id);
  if (ids.length === 0) return { ...page, rows: [] };
  const { f, columns } = figuresOf(db, period, ids);
  const figures = await db.select({ itemId: f.itemId, ...figureColumns(columns) }).from(f);
  const byItem = new Map(figures.map((row) => [row.itemId, row]));
  const zero = { availableStock: "0", issue: "0", receipt: "0", closingStock: "0" };
  return { ...page, rows: page.rows.map((row) => toRow({ ...row, ...(byItem.get(row.id) ?? zero) })) };
}

export async function listRacksForPrint(
  db: Tx,
  params: Pick<ListParams<RackSort>, "q" | "sort" | "dir">,
  rack: number | null,
  period: RackPeriod,
): Promise<RackListRow[]> {
  const rows = await query(db, period, params, rack).limit(PRINT_ROW_LIMIT + 1);
  return rows.map(toRow);
}

/** How many items each rack holds (index 0: rack 1), for the rack headers. */
export async function rackItemCounts(db: Tx): Promise<number[]> {
  const rows = await db.select({ rack: t.rackNumber, n: count() }).from(t).groupBy(t.rackNumber);
  const counts = Array.from({ length: 24 }, () => 0);
  for (const row of rows) counts[row.rack - 1] = Number(row.n);
  return counts;
}

/**
 * The filtered list with the period's figures, as the page shows them, unexecuted (app/spreadsheets/
 * streams it, a rack at a time).
 */
export function racksExportQuery(
  db: Tx,
  params: Pick<ListParams<RackSort>, "q" | "sort" | "dir">,
  rack: number | null,
  period: RackPeriod,
) {
  const { f, columns, matching } = withFigures(db, period, params, rack);
  return matching(db.select(shownColumns(columns)).from(t).leftJoin(f, eq(f.itemId, t.id)).$dynamic());
}
