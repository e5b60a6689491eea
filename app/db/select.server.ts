import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Tx } from "#app/db/client.server.ts";

/**
 * `select <columns> <rest>`, each column named by its key, with the rows as postgres.js gives them:
 * without Drizzle's mapping of every column of every row (`mapResultRow`), a fifth of the server's
 * work answering a 1,000-line list (docs/performance.md, "The API against a bare handler"). So the
 * columns must already be in the form the caller wants (numbers `asNumber`, times `isoTime`,
 * app/db/columns.ts); the same column list then serves Drizzle's own selects and `returning`.
 */
export async function selectRows<Row>(
  db: Tx,
  columns: Record<string, SQLWrapper>,
  rest: SQL,
): Promise<Row[]> {
  const list = sql.join(
    Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  );
  return (await db.execute(sql`select ${list} ${rest}`)) as unknown as Row[];
}
