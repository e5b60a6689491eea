import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Tx } from "#app/db/client.server.ts";
import {
  countColumn,
  countedPageOf,
  type ListPage,
  matchSearch,
  orderBy,
  PRINT_ROW_LIMIT,
  pageOf,
  searchText,
  totalColumn,
} from "#app/db/list.server.ts";
import type { ListParams } from "#app/lib/list-params.ts";
import { type SortName, sortHows } from "#app/lib/record.ts";
import type { SparesFilters, SparesSort } from "#app/spares/list.ts";
import { lineNeedsOrder, lineOrderStatus } from "#app/spares/order-status.server.ts";
import type { ListRow } from "#app/spares/queries.server.ts";
import { type SparesField, sparesRecord } from "#app/spares/record.ts";
import { type Department, ORDER_TO_PLACE } from "#app/spares/rules.ts";
import { lineFieldColumns, inventoryItems as t } from "#app/spares/table.server.ts";

// A department's spares as a server-side list (docs/architecture.md "Lists").

/** Every shown column as text; the same expression is indexed in drizzle/0013_derived_order_status.sql. */
const SEARCH_TEXT = searchText([
  sql`${t.srno}::text`,
  sql`${t.assets}`,
  sql`${t.componentsAndEquipments}`,
  sql`trim_scale(${t.availableStock})::text`,
  sql`trim_scale(${t.minStock})::text`,
  sql`trim_scale(${t.leadTimeDays})::text`,
  sql`trim_scale(${t.availableStock} - ${t.minStock})::text`,
  lineOrderStatus,
]);

/** A sortable field orders as its definition says (record.ts): text ignoring case, else its value. */
const fieldSorts = Object.fromEntries(
  Object.entries(sortHows(sparesRecord)).map(([name, how]) => {
    const column = t[name as SparesField];
    return [name, how === "text" ? sql`lower(${column})` : sql`${column}`];
  }),
) as Record<SortName<typeof sparesRecord>, SQL>;

const SORT_COLUMNS: Record<SparesSort, SQL> = {
  ...fieldSorts,
  shortfall: sql`(${t.availableStock} - ${t.minStock})`,
  // 'Available' before 'Order to place' ascending, as the words sort (false before true).
  status: lineNeedsOrder,
};

const ROW = {
  id: t.id,
  ...lineFieldColumns,
  // Derived by the rule's SQL twin, the very expression the filter and the search read.
  status: lineOrderStatus,
  version: t.version,
};

function where(department: Department, q: string, filters: SparesFilters) {
  return and(
    eq(t.department, department),
    matchSearch(SEARCH_TEXT, q),
    // "At or below minimum" is what the table paints red and what 'Order to place' says: the
    // order-status rule's SQL twin (order-status.server.ts), indexed with the department.
    filters.stock === "short" ? lineNeedsOrder : undefined,
    filters.stock === "ok" ? sql`not ${lineNeedsOrder}` : undefined,
    filters.status
      ? filters.status === ORDER_TO_PLACE
        ? lineNeedsOrder
        : sql`not ${lineNeedsOrder}`
      : undefined,
  );
}

/** One page of a department's table, searched, filtered and sorted. */
export function listPage(
  db: Tx,
  department: Department,
  params: ListParams<SparesSort>,
  filters: SparesFilters,
): Promise<ListPage<ListRow>> {
  if (params.q) {
    const statements = searchedPageStatements(db, department, params, filters);
    return countedPageOf(params, statements.rows, async () => (await statements.count())[0]?.total ?? 0);
  }
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

/**
 * A searched page's two statements (app/db/list.server.ts `countedPageOf`: with a search, the
 * count beside each row read the whole department), apart so a test can read their plans.
 */
export function searchedPageStatements(
  db: Tx,
  department: Department,
  params: ListParams<SparesSort>,
  filters: SparesFilters,
) {
  const condition = where(department, params.q, filters);
  return {
    rows: (limit: number, offset: number) =>
      db
        .select(ROW)
        .from(t)
        .where(condition)
        .orderBy(...orderBy(SORT_COLUMNS, params, t.srno))
        .limit(limit)
        .offset(offset),
    count: () => db.select({ total: countColumn }).from(t).where(condition),
  };
}

/** The whole filtered table, for its print view (capped at PRINT_ROW_LIMIT + 1 to detect more). */
export function listForPrint(
  db: Tx,
  department: Department,
  params: Pick<ListParams<SparesSort>, "q" | "sort" | "dir">,
  filters: SparesFilters,
): Promise<ListRow[]> {
  return db
    .select(ROW)
    .from(t)
    .where(where(department, params.q, filters))
    .orderBy(...orderBy(SORT_COLUMNS, params, t.srno))
    .limit(PRINT_ROW_LIMIT + 1);
}

/** The whole filtered table with the columns an export selects, unexecuted (app/spreadsheets/ streams it). */
export function listExportQuery(
  db: Tx,
  select: SelectedFields,
  department: Department,
  params: Pick<ListParams<SparesSort>, "q" | "sort" | "dir">,
  filters: SparesFilters,
) {
  return db
    .select(select)
    .from(t)
    .where(where(department, params.q, filters))
    .orderBy(...orderBy(SORT_COLUMNS, params, t.srno));
}
