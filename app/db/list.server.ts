import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";
import { formatDateTimeGB } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { type ListParams, offsetOf } from "#app/lib/list-params.ts";

// Server-side lists (issue 14, docs/decisions/006): search, sort and paging done by PostgreSQL,
// so a page sends 100 rows whatever the list's length.
//
// Search: one text expression per list, the shown columns joined by a separator that no search
// text can hold (control characters are dropped from ?q=), matched with ILIKE '%q%'. The same
// expression has a pg_trgm GIN index (drizzle/0002_list_search.sql), so 100,000 rows answer in
// milliseconds. Keep the expression here and in the migration identical, or the index is unused.

/** Escapes LIKE's wildcards so the user's text is matched literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The list's search text: the columns joined with a unit separator (chr(31)). Numbers go
 * through trim_scale so '5.000' reads '5' as on screen. Every part must be immutable SQL (it is
 * an index expression) and never null (coalesce nullable columns).
 */
export function searchText(parts: readonly SQL[]): SQL {
  return sql`(${sql.join(
    parts.map((part) => sql`${part}`),
    sql` || chr(31) || `,
  )})`;
}

/** The condition for ?q= (undefined when there is no search). */
export function matchSearch(text: SQL, q: string): SQL | undefined {
  return q ? sql`${text} ilike ${likePattern(q)}` : undefined;
}

/** ORDER BY for the chosen sort from a whitelist; ties broken by `tieBreak` so paging is stable. */
export function orderBy<Sort extends string>(
  columns: Record<Sort, SQLWrapper>,
  params: Pick<ListParams<Sort>, "sort" | "dir">,
  tieBreak: SQLWrapper,
): SQL[] {
  const direction = params.dir === "desc" ? sql`desc` : sql`asc`;
  return [sql`${columns[params.sort]} ${direction}`, sql`${tieBreak} ${direction}`];
}

/** A page of rows and the number of rows in the whole (filtered) list. */
export type ListPage<Row> = { rows: Row[]; total: number; page: number };

/**
 * Runs one page of a list in one round trip: `query(limit, offset)` must select
 * `count(*) over () as "total"` (see `totalColumn`). A page past the end (an old link after
 * deletions) answers the last page instead.
 */
export async function pageOf<Row extends { total: number }>(
  params: Pick<ListParams, "page" | "size">,
  query: (limit: number, offset: number) => Promise<Row[]>,
): Promise<ListPage<Omit<Row, "total">>> {
  const { rows, page } = await pageRowsOf(params, query);
  const total = rows[0] ? Number(rows[0].total) : 0;
  return { rows: rows.map(({ total: _total, ...row }) => row), total, page };
}

/** pageOf's rows as the query gave them (`total` kept), for a list that reads more than rows from them. */
export async function pageRowsOf<Row extends { total?: unknown }>(
  params: Pick<ListParams, "page" | "size">,
  query: (limit: number, offset: number) => Promise<Row[]>,
): Promise<{ rows: Row[]; page: number }> {
  let page = params.page;
  let rows = await query(params.size, offsetOf(page, params.size));
  if (rows.length === 0 && page > 1) {
    const [first] = await query(1, 0);
    const total = first ? Number(first.total) : 0;
    page = Math.max(1, Math.ceil(total / params.size));
    rows = total ? await query(params.size, offsetOf(page, params.size)) : [];
  }
  return { rows, page };
}

/**
 * One page of a searched list as two statements run side by side, the match count and the page's
 * rows. Beside a search, `count(*) over ()` made PostgreSQL walk the list's ordered index and test
 * every line (it costs the window as if the LIMIT could stop it early): 220 ms for a common word on
 * a 100,000-line department, where the count alone takes ~35 ms through the trigram index and the
 * page a few ms (docs/performance.md, "A common word on 100,000 lines"). A page past the end answers
 * the last page, as pageOf does.
 */
export async function countedPageOf<Row>(
  params: Pick<ListParams, "page" | "size">,
  rows: (limit: number, offset: number) => Promise<Row[]>,
  count: () => Promise<number>,
): Promise<ListPage<Row>> {
  const [total, found] = await Promise.all([count(), rows(params.size, offsetOf(params.page, params.size))]);
  if (found.length > 0 || params.page === 1) return { rows: found, total, page: params.page };
  const page = Math.max(1, Math.ceil(total / params.size));
  return { rows: total ? await rows(params.size, offsetOf(page, params.size)) : [], total, page };
}

/** A count(*) as a number, for countedPageOf's count statement. */
export const countColumn = sql<number>`count(*)`.mapWith(Number);

/** The whole list's length beside each row (window function: no second query). */
export const totalColumn = sql<number>`count(*) over ()`.mapWith(Number);

/** All rows of a filtered list, for its print view, capped so one print cannot exhaust the server. */
export const PRINT_ROW_LIMIT = 20_000;

export type { Tx };

/** "23/11/2026 10:30" in the plant's time zone, for a print view's header. */
export function printedAtNow(now = new Date()): string {
  return formatDateTimeGB(now, serverSettings().PLANT_TIME_ZONE);
}

/**
 * A list's print view (app/ui/list/print.tsx PrintList): its rows (one past PRINT_ROW_LIMIT read
 * says the list was cut there), the filters that applied, when it was printed, and the way back to
 * the list with the same search and filters (`path` with the print's own query).
 */
export function listPrint<Row, Filter>(
  rows: Row[],
  filters: Filter[],
  path: string,
  search: URLSearchParams,
) {
  const truncated = rows.length > PRINT_ROW_LIMIT;
  const query = search.toString();
  return {
    rows: truncated ? rows.slice(0, PRINT_ROW_LIMIT) : rows,
    truncatedAt: truncated ? PRINT_ROW_LIMIT : undefined,
    filters,
    printedAt: printedAtNow(),
    backHref: `${path}${query ? `?${query}` : ""}`,
  };
}
