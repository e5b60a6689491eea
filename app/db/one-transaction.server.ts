import type { Tx } from "#app/db/client.server.ts";

/**
 * The same transaction, in which a nested `transaction()` runs its work directly instead of in a
 * savepoint: for one long write that stands or falls as a whole (an import's confirmation).
 *
 * Each savepoint that writes is a subtransaction, and PostgreSQL keeps only 64 of them per
 * transaction where other sessions can see them. Past that, every other session's read of a row
 * the transaction has written and not yet committed looks its writer up in pg_subtrans, page by
 * page: while a confirmation held 100 stock changes (one savepoint each in the ledger), Today's
 * scan of 3,000 spares lines took up to 265 ms instead of 2–13 (docs/performance.md, "/home during
 * an import"). Without savepoints a nested refusal cannot roll back alone: a database error inside
 * it ends the whole transaction, which is what such a write wants anyway.
 */
export function withoutSavepoints<T extends Tx>(tx: T): T {
  const flat: T = Object.create(tx, {
    transaction: { value: <R>(work: (inner: T) => Promise<R>) => work(flat) },
  });
  return flat;
}
