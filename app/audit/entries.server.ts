import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { type EntryRow, entryColumns } from "#app/audit/history.server.ts";
import { auditLog } from "#app/audit/table.server.ts";
import { likePattern, orderBy, PRINT_ROW_LIMIT, pageOf, type Tx, totalColumn } from "#app/db/list.server.ts";
import { addDays, startOfDayInZone } from "#app/lib/dates.ts";
import type { ListParams } from "#app/lib/list-params.ts";

// The log's entries for /audit (app/audit-trail composes them into its rows): newest first,
// filtered on the server and paged in one round trip. Newest-first paging walks
// audit_log_created_idx (created_at, id); a type or user filter walks its own
// (entity | user_id, created_at) index.

/** /audit's filters: a user's id, a record type (entity), a date range in the plant's days; "" for none. */
export type EntryFilters = { user: string; type: string; from: string; to: string };
type EntryParams = ListParams<"when">;

function conditions(params: Pick<ListParams, "q">, filters: EntryFilters, timeZone: string) {
  const where: (SQL | undefined)[] = [];
  if (filters.user) where.push(eq(auditLog.userId, filters.user));
  if (filters.type) where.push(eq(auditLog.entity, filters.type));
  if (filters.from) where.push(gte(auditLog.createdAt, startOfDayInZone(filters.from, timeZone)));
  if (filters.to) where.push(lt(auditLog.createdAt, startOfDayInZone(addDays(filters.to, 1), timeZone)));
  // The search reads what the entry holds (names, numbers, dates as stored): a record's history by
  // what it was called, even after it was deleted.
  if (params.q)
    where.push(
      sql`(coalesce(${auditLog.before}::text, '') || chr(31) || coalesce(${auditLog.after}::text, '')) ilike ${likePattern(params.q)}`,
    );
  return and(...where);
}

const SORT_COLUMNS = { when: auditLog.createdAt };

/** A page of entries. */
export function entryPage(db: Tx, params: EntryParams, filters: EntryFilters, timeZone: string) {
  return pageOf(params, (limit, offset) =>
    db
      .select({ ...entryColumns, total: totalColumn })
      .from(auditLog)
      .where(conditions(params, filters, timeZone))
      .orderBy(...orderBy(SORT_COLUMNS, params, auditLog.id))
      .limit(limit)
      .offset(offset),
  );
}

/** The whole filtered list for the print view, capped one past PRINT_ROW_LIMIT (to say it was cut). */
export function entriesForPrint(
  db: Tx,
  params: EntryParams,
  filters: EntryFilters,
  timeZone: string,
): Promise<EntryRow[]> {
  return db
    .select(entryColumns)
    .from(auditLog)
    .where(conditions(params, filters, timeZone))
    .orderBy(...orderBy(SORT_COLUMNS, params, auditLog.id))
    .limit(PRINT_ROW_LIMIT + 1);
}

/**
 * The whole filtered list for an export, unexecuted (app/spreadsheets/ streams it through a cursor), in
 * the page's order: the entry's columns, `at` the plant's wall-clock time
 * ("YYYY-MM-DDTHH:MI").
 */
export function entriesExportQuery(db: Tx, params: EntryParams, filters: EntryFilters, timeZone: string) {
  return db
    .select({
      at: sql<string>`to_char(${auditLog.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI')`,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      userId: auditLog.userId,
    })
    .from(auditLog)
    .where(conditions(params, filters, timeZone))
    .orderBy(...orderBy(SORT_COLUMNS, params, auditLog.id));
}
