import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { authorsOf, describeEntries, type EntryRow, entryColumns } from "#app/audit/history.server.ts";
import type { AuditRowView } from "#app/audit/history.tsx";
import { auditLog } from "#app/audit/table.server.ts";
import { recordLinks } from "#app/audit-trail/links.server.ts";
import type { AuditFilters, AuditSort } from "#app/audit-trail/list.ts";
import { recordTitle, recordTypeLabel, recordTypeOf } from "#app/audit-trail/record-types.ts";
import { userChoices, userNames } from "#app/auth/queries.server.ts";
import { likePattern, orderBy, PRINT_ROW_LIMIT, pageOf, type Tx, totalColumn } from "#app/db/list.server.ts";
import { addDays, startOfDayInZone } from "#app/lib/dates.ts";
import type { ListParams } from "#app/lib/list-params.ts";

// /audit's query: every audit entry, newest first, filtered on the server and paged in one round
// trip. Newest-first paging walks audit_log_created_idx (created_at, id); a type or user filter
// walks its own (entity | user_id, created_at) index.

/** One row of /audit: the entry described for people, with its record and a link while it exists. */
export type AuditRow = AuditRowView;

function conditions(params: Pick<ListParams, "q">, filters: AuditFilters, timeZone: string) {
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

async function toRows(db: Tx, rows: readonly EntryRow[]): Promise<AuditRow[]> {
  const links = await recordLinks(db, rows);
  const authors = await authorsOf(rows, (ids) => userNames(db, ids));
  const people = await accountsNamed(db, rows);
  const described = describeEntries(rows, recordTypeOf, authors);
  return rows.map((row, index) => ({
    ...described[index],
    entity: row.entity,
    entityId: row.entityId,
    typeLabel: recordTypeLabel(row.entity),
    title:
      recordTitle(row.entity, row.before, row.after) ||
      (row.entity === "user" ? (people.get(row.entityId)?.email ?? "") : ""),
    href: links.get(`${row.entity}:${row.entityId}`) ?? null,
  }));
}

/** A user change often holds only what changed (a role): name the account from the accounts. */
export function accountsNamed(db: Tx, rows: readonly { entity: string; entityId: string }[]) {
  return userNames(db, [...new Set(rows.filter((row) => row.entity === "user").map((row) => row.entityId))]);
}

/** A page of /audit. */
export async function listAuditEntries(
  db: Tx,
  params: ListParams<AuditSort>,
  filters: AuditFilters,
  timeZone: string,
) {
  const page = await pageOf(params, (limit, offset) =>
    db
      .select({ ...entryColumns, total: totalColumn })
      .from(auditLog)
      .where(conditions(params, filters, timeZone))
      .orderBy(...orderBy(SORT_COLUMNS, params, auditLog.id))
      .limit(limit)
      .offset(offset),
  );
  return { ...page, rows: await toRows(db, page.rows) };
}

/** The whole filtered list for the print view, capped one past PRINT_ROW_LIMIT (to say it was cut). */
export async function listAuditEntriesForPrint(
  db: Tx,
  params: ListParams<AuditSort>,
  filters: AuditFilters,
  timeZone: string,
): Promise<AuditRow[]> {
  const rows = await db
    .select(entryColumns)
    .from(auditLog)
    .where(conditions(params, filters, timeZone))
    .orderBy(...orderBy(SORT_COLUMNS, params, auditLog.id))
    .limit(PRINT_ROW_LIMIT + 1);
  return toRows(db, rows);
}

/**
 * The whole filtered list for an export, unexecuted (app/spreadsheets/ streams it through a cursor), in
 * the page's order: the entry's columns, `at` the plant's wall-clock time
 * ("YYYY-MM-DDTHH:MI").
 */
export function auditExportQuery(
  db: Tx,
  params: ListParams<AuditSort>,
  filters: AuditFilters,
  timeZone: string,
) {
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

/** Everyone who may appear in the user filter, by name (e-mail when they have none). */
export const auditUserChoices = userChoices;
