import { and, eq, type SQL, sql } from "drizzle-orm";
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
import { type InventoryFilters, type InventorySort, ORDER_STATUS_OTHER } from "#app/inventory/list.ts";
import type { TableRow } from "#app/inventory/queries.server.ts";
import type { Department } from "#app/inventory/rules.ts";
import { AVAILABLE, ORDER_TO_PLACE } from "#app/inventory/rules.ts";
import { inventoryItems as t } from "#app/inventory/table.server.ts";
import type { ListParams } from "#app/lib/list-params.ts";

// A department's table as a server-side list (docs/architecture.md "Lists").

/** Every shown column as text; the same expression is indexed in drizzle/0002_list_search.sql. */
const SEARCH_TEXT = searchText([
  sql`${t.srno}::text`,
  sql`${t.assets}`,
  sql`${t.componentsAndEquipments}`,
  sql`trim_scale(${t.availableStock})::text`,
  sql`trim_scale(${t.minStock})::text`,
  sql`trim_scale(${t.leadTimeDays})::text`,
  sql`trim_scale(${t.availableStock} - ${t.minStock})::text`,
  sql`${t.statusOfOrder}`,
]);

const SORT_COLUMNS: Record<InventorySort, SQL> = {
  srno: sql`${t.srno}`,
  assets: sql`lower(${t.assets})`,
  components: sql`lower(${t.componentsAndEquipments})`,
  available: sql`${t.availableStock}`,
  min: sql`${t.minStock}`,
  leadTime: sql`${t.leadTimeDays}`,
  shortfall: sql`(${t.availableStock} - ${t.minStock})`,
  status: sql`lower(${t.statusOfOrder})`,
};

const ROW = {
  id: t.id,
  srno: t.srno,
  assets: t.assets,
  components: t.componentsAndEquipments,
  available: t.availableStock,
  min: t.minStock,
  leadTime: t.leadTimeDays,
  status: t.statusOfOrder,
  version: t.version,
};

function where(department: Department, q: string, filters: InventoryFilters) {
  return and(
    eq(t.department, department),
    matchSearch(SEARCH_TEXT, q),
    // "Below minimum" is what the table paints red: no excess over the minimum (rules.needsOrder).
    filters.stock === "short" ? sql`${t.availableStock} <= ${t.minStock}` : undefined,
    filters.stock === "ok" ? sql`${t.availableStock} > ${t.minStock}` : undefined,
    filters.status === ORDER_STATUS_OTHER
      ? sql`${t.statusOfOrder} not in (${ORDER_TO_PLACE}, ${AVAILABLE})`
      : filters.status
        ? eq(t.statusOfOrder, filters.status)
        : undefined,
  );
}

/** One page of a department's table, searched, filtered and sorted. */
export function listTablePage(
  db: Tx,
  department: Department,
  params: ListParams<InventorySort>,
  filters: InventoryFilters,
): Promise<ListPage<TableRow>> {
  return pageOf(params, (limit, offset) =>
    db
      .select({ ...ROW, total: totalColumn })
      .from(t)
      .where(where(department, params.q, filters))
      .orderBy(...orderBy(SORT_COLUMNS, params, t.srno))
      .limit(limit)
      .offset(offset),
  );
}

/** The whole filtered table, for its print view (capped at PRINT_ROW_LIMIT + 1 to detect more). */
export function listTableForPrint(
  db: Tx,
  department: Department,
  params: Pick<ListParams<InventorySort>, "q" | "sort" | "dir">,
  filters: InventoryFilters,
): Promise<TableRow[]> {
  return db
    .select(ROW)
    .from(t)
    .where(where(department, params.q, filters))
    .orderBy(...orderBy(SORT_COLUMNS, params, t.srno))
    .limit(PRINT_ROW_LIMIT + 1);
}

/** The whole filtered table with the columns an export selects, unexecuted (app/exports/ streams it). */
export function tableExportQuery(
  db: Tx,
  select: SelectedFields,
  department: Department,
  params: Pick<ListParams<InventorySort>, "q" | "sort" | "dir">,
  filters: InventoryFilters,
) {
  return db
    .select(select)
    .from(t)
    .where(where(department, params.q, filters))
    .orderBy(...orderBy(SORT_COLUMNS, params, t.srno));
}
