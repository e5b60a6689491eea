import { inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "#app/db/client.server.ts";

// The two commands a feature whose records keep a cached stock balance gives the stock ledger
// (app/spares/stock.server.ts, app/store-racks/stock.server.ts): written once here, bound to the
// feature's own table there, so the table itself never leaves the feature.

export function stockCache(table: PgTable, id: AnyPgColumn, balance: string) {
  return {
    /** Locks the records for the rest of the transaction; the ids found. */
    async lock(tx: Tx, ids: readonly string[]): Promise<string[]> {
      const rows = await tx
        .select({ id })
        .from(table)
        .where(inArray(id, [...ids]))
        .for("update");
      return rows.map((row) => String(row.id));
    },
    /**
     * Rewrites the records' cached balance in the movement's transaction: `stockOf(id)` is the sum
     * of a record's movements, given the record's key column (one statement serves many records).
     */
    async rewrite(tx: Tx, ids: readonly string[], stockOf: (id: AnyPgColumn) => SQL) {
      await tx
        .update(table)
        .set({ [balance]: stockOf(id) })
        .where(inArray(id, [...ids]));
    },
  };
}
