import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
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
import type { RackSort } from "#app/store-racks/list.ts";
import { rackItems as t } from "#app/store-racks/table.server.ts";

// The Store Racks page as a server-side list (docs/architecture.md "Lists").

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
};

/** Every shown column as text; the same expression is indexed in drizzle/0002_list_search.sql. */
const SEARCH_TEXT = searchText([
  sql`${t.section}`,
  sql`${t.materialName}`,
  sql`trim_scale(${t.availableStock})::text`,
  sql`trim_scale(${t.issue})::text`,
  sql`trim_scale(${t.receipt})::text`,
  sql`trim_scale(${t.closingStock})::text`,
]);

// Within a rack, items keep the order they were put in (spec §2), whatever the direction.
const SORT_COLUMNS: Record<RackSort, SQL> = {
  rack: sql`${t.rackNumber}`,
  section: sql`lower(${t.section})`,
  material: sql`lower(${t.materialName})`,
  available: sql`${t.availableStock}`,
  issue: sql`${t.issue}`,
  receipt: sql`${t.receipt}`,
  closing: sql`${t.closingStock}`,
};

const ROW = {
  id: t.id,
  rackNumber: t.rackNumber,
  section: t.section,
  materialName: t.materialName,
  availableStock: t.availableStock,
  issue: t.issue,
  receipt: t.receipt,
  closingStock: t.closingStock,
};

const where = (q: string, rack: number | null) =>
  and(rack ? eq(t.rackNumber, rack) : undefined, matchSearch(SEARCH_TEXT, q));

function order(params: Pick<ListParams<RackSort>, "sort" | "dir">) {
  const [first] = orderBy(SORT_COLUMNS, params, t.rackNumber);
  return [first, sql`${t.createdAt} asc`, sql`${t.id} asc`];
}

export function listRackPage(
  db: Tx,
  params: ListParams<RackSort>,
  rack: number | null,
): Promise<ListPage<RackListRow>> {
  return pageOf(params, (limit, offset) =>
    db
      .select({ ...ROW, total: totalColumn })
      .from(t)
      .where(where(params.q, rack))
      .orderBy(...order(params))
      .limit(limit)
      .offset(offset),
  );
}

export function listRacksForPrint(
  db: Tx,
  params: Pick<ListParams<RackSort>, "q" | "sort" | "dir">,
  rack: number | null,
): Promise<RackListRow[]> {
  return db
    .select(ROW)
    .from(t)
    .where(where(params.q, rack))
    .orderBy(...order(params))
    .limit(PRINT_ROW_LIMIT + 1);
}

/** How many items each rack holds (index 0: rack 1), for the rack headers. */
export async function rackItemCounts(db: Tx): Promise<number[]> {
  const rows = await db.select({ rack: t.rackNumber, n: count() }).from(t).groupBy(t.rackNumber);
  const counts = Array.from({ length: 24 }, () => 0);
  for (const row of rows) counts[row.rack - 1] = Number(row.n);
  return counts;
}

/** The filtered list with the columns an export selects, unexecuted (app/exports/ streams it, a rack at a time). */
export function racksExportQuery(
  db: Tx,
  select: SelectedFields,
  params: Pick<ListParams<RackSort>, "q" | "sort" | "dir">,
  rack: number | null,
) {
  return db
    .select(select)
    .from(t)
    .where(where(params.q, rack))
    .orderBy(...order(params));
}
