import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { rawSql } from "#app/db/client.server.ts";
import type { ExportSheet } from "#app/spreadsheets/writer.server.ts";

// The rows of an export, read through a PostgreSQL cursor a batch at a time: the query is the
// list's own (its search, filters and order), built by Drizzle but run by postgres.js directly,
// because Drizzle has no cursor. Rows come as arrays in the selection's order, with PostgreSQL's
// text for numerics, dates and timestamps (Drizzle's client reads those as text and maps them
// itself; exports/cells.ts maps them here).

/**
 * Rows per batch: large enough to keep round trips few (500 for 100,000 lines, ~1 ms each), small
 * enough that a batch is written and dead before V8 promotes it out of the young generation. With
 * 1,000 a CSV of 100,000 lines grew the server by 41 MB even with the young generation at 1 MB a
 * semi-space, 12 MB with 200 (young-generation.server.ts; docs/performance.md "What an export costs
 * the server").
 */
export const EXPORT_BATCH = 200;

/** Anything Drizzle can render to SQL: a select builder. */
export type ExportQuery = { toSQL(): { sql: string; params: unknown[] } };

const dialect = new PgDialect();

/** A query written as SQL (the stock report's CTEs) as an ExportQuery: Drizzle renders it, the cursor runs it. */
export const sqlExportQuery = (query: SQL): ExportQuery => ({ toSQL: () => dialect.sqlToQuery(query) });

/** Rows already in memory (a stock card: the page reads it whole too), in the cursor's batches. */
export async function* batchesOfRows(rows: readonly unknown[][], batch = EXPORT_BATCH) {
  for (let start = 0; start < rows.length; start += batch) yield rows.slice(start, start + batch);
}

export async function* cursorRows(query: ExportQuery, batch = EXPORT_BATCH) {
  const { sql, params } = query.toSQL();
  const cursor = rawSql()
    .unsafe(sql, params as never[])
    .values()
    .cursor(batch);
  for await (const rows of cursor) yield rows as unknown[][];
}

/** A sheet whose rows are a query's, each row reshaped by `map` (default: as selected). */
export function sheetOf(name: string, query: ExportQuery, map?: (row: unknown[]) => unknown[]): ExportSheet {
  return {
    name,
    rows: async function* () {
      for await (const batch of cursorRows(query)) yield map ? batch.map(map) : batch;
    },
  };
}
