import { eq, inArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "#app/db/client.server.ts";
import { atVersion, nextVersion } from "#app/db/records.server.ts";
import type { ImportKind } from "#app/spreadsheets/import-kind.ts";

// What every kind does the same way with its own table: read record versions, count an item's
// ledger movements and delete records, by id, a slice at a time (one statement's parameters are
// capped at 65,535).

const SLICE = 5000;

function* slices(ids: readonly string[]) {
  for (let start = 0; start < ids.length; start += SLICE) yield ids.slice(start, start + SLICE);
}

/** A list's table: every importable record has an id and a version. */
type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/** `versions` and `remove` of a kind whose records live in table `t`. */
export function versionedRecords(t: VersionedTable): Pick<ImportKind, "versions" | "remove"> {
  return {
    async versions(tx, ids) {
      const found = new Map<string, number>();
      for (const slice of slices(ids)) {
        const rows = await tx.select({ id: t.id, version: t.version }).from(t).where(inArray(t.id, slice));
        for (const row of rows) found.set(String(row.id), Number(row.version));
      }
      return found;
    },
    // Whatever hangs off a record (an item's movements) goes with it: the foreign keys cascade.
    async remove(tx, ids) {
      for (const slice of slices(ids)) await tx.delete(t).where(inArray(t.id, slice));
    },
  };
}

/** A table whose rows also say who saved them last, and when. */
type SavedTable = VersionedTable & { updatedBy: PgColumn; updatedAt: PgColumn };

/**
 * Writes an import's (or its undo's) fields over a stored record as the importer, a new version as
 * every save makes. With `version`, only while the record is still at it: the new version, or null
 * when it was saved since (the import calls it stale).
 */
export async function writeOver(
  tx: Tx,
  t: SavedTable,
  id: string,
  columns: Record<string, unknown>,
  userId: string,
  version?: number,
): Promise<number | null> {
  const [row] = await tx
    .update(t)
    .set({ ...columns, updatedBy: userId, updatedAt: new Date(), version: nextVersion(t) } as never)
    .where(version === undefined ? eq(t.id, id) : atVersion(t, id, version))
    .returning({ version: t.version });
  return row ? Number(row.version) : null;
}

/**
 * The stock figure (column `stock`) of record `id` while it is still at `version`, locked until the
 * import's transaction ends; null when it was saved since.
 */
export async function lockedStock(
  tx: Tx,
  t: VersionedTable,
  stock: PgColumn,
  id: string,
  version: number,
): Promise<{ stock: unknown } | null> {
  const [current] = await tx.select({ version: t.version, stock }).from(t).where(eq(t.id, id)).for("update");
  return current && current.version === version ? { stock: current.stock } : null;
}

/** How many ledger movements each item has, by the movements' column that names the item. */
export function movementCounts(movements: PgTable, itemColumn: PgColumn): ImportKind["dependents"] {
  return async (tx, ids) => {
    const found = new Map<string, number>();
    for (const slice of slices(ids)) {
      const rows = await tx
        .select({ id: itemColumn, n: sql<number>`count(*)::int` })
        .from(movements)
        .where(inArray(itemColumn, slice))
        .groupBy(itemColumn);
      for (const row of rows) if (row.id) found.set(String(row.id), Number(row.n));
    }
    return found;
  };
}
