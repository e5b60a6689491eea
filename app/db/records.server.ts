import { and, type Column, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "#app/db/client.server.ts";
import { dateInZone } from "#app/lib/dates.ts";
import { serverSettings } from "#app/lib/env.server.ts";

// Reading and writing records: the few rules every feature's queries share, written once.
// Paging a list is the list kit's (app/db/list.server.ts, pageOf).

/** Whether a value can be a record's id (a UUID); anything else is "not found", never a query. */
export { isRecordId } from "#app/lib/record-id.ts";

// What PostgreSQL's errors mean, however they reach us: drizzle wraps the driver's error in its
// own (DrizzleQueryError, the driver's as `cause`), so a check of the top error's code misses it.

/** PostgreSQL's unique_violation (23505), on the error or on any error it was caused by. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause)
    if ((current as { code?: unknown }).code === "23505") return true;
  return false;
}

// Versioned records: every change adds one to the row's `version`, and a change made from what
// the user saw applies only while the row still has the version they saw (otherwise someone
// changed it meanwhile, and the update touches no row: the caller says so).

type Versioned = { id: Column; version: Column };

/** The new `version` of a changed row (set it in every update of a versioned table). */
export const nextVersion = (table: { version: Column }): SQL<number> => sql<number>`${table.version} + 1`;

/** What every update of a versioned row sets beside its values: who saved it, when, its next version. */
export const savedBy = (table: { version: Column }, userId: string | null) => ({
  updatedBy: userId,
  updatedAt: new Date(),
  version: nextVersion(table),
});

/** The row `id`, only while its version is still `version`. */
export const atVersion = (table: Versioned, id: string, version: number): SQL =>
  and(eq(table.id, id), eq(table.version, version)) as SQL;

/** Today's date (YYYY-MM-DD) in the plant's time zone, never the server's own. */
export const plantToday = (now = new Date()): string => dateInZone(now, serverSettings().PLANT_TIME_ZONE);

/**
 * Inserts new records, each made and last saved by `userId`, a thousand a statement (one
 * statement's parameters are capped at 65,535); their ids in order.
 */
export async function insertAll(
  tx: Tx,
  table: PgTable & { id: PgColumn },
  rows: readonly Record<string, unknown>[],
  userId: string,
): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const slice = rows
      .slice(start, start + 1000)
      .map((row) => ({ ...row, createdBy: userId, updatedBy: userId }));
    const inserted = await tx
      .insert(table)
      .values(slice as never)
      .returning({ id: table.id });
    ids.push(...inserted.map((row) => String(row.id)));
  }
  return ids;
}
