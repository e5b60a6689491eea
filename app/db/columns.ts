import { sql } from "drizzle-orm";
import { type AnyPgColumn, integer, timestamp, uuid } from "drizzle-orm/pg-core";

// Columns every table carries: who saved a record and when, and its version (a stale save is
// refused). created_by/updated_by are user ids; they are not foreign keys so removing a user never
// rewrites the plant's history.
export const recordColumns = {
  id: uuid("id").primaryKey().defaultRandom(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  createdBy: uuid("created_by"),
  updatedBy: uuid("updated_by"),
};

// Records people edit also carry a version, +1 on every update, so a stale save is refused (note 20).
export const versionColumn = {
  version: integer("version").notNull().default(1),
};

/**
 * Ids of the plant's records (spares, rack items, contracts, files, SOP records): UUIDv8 values
 * drawn from one sequence (see drizzle/ and docs/decisions/004-record-ids.md). Neighbouring rows
 * share almost all of their id text, so a 1,000-row table page stays small after gzip, where
 * random UUIDs cost ~20 bytes each, twice per row (links + hydration data).
 */
export const recordIdColumn = {
  id: uuid("id").primaryKey().default(sql`plantops_next_record_id()`),
};

/** The properties the columns above give a record's table: a record type's definition has no field for them. */
export const BOOKKEEPING_COLUMNS: readonly string[] = Object.keys({
  ...recordColumns,
  ...recordIdColumn,
  ...versionColumn,
});

/**
 * A timestamp read as the API writes it, `Date.toISOString()`'s form (UTC, milliseconds cut as a
 * Date cuts them), formatted by PostgreSQL. A list of 1,000 lines otherwise parses 2,000 timestamp
 * texts into Dates and formats them back, a tenth of its API answer's time (docs/performance.md).
 */
export const isoTime = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A numeric column read as a JavaScript number (float8, which postgres.js parses), as `mode: "number"` gives it. */
export const asNumber = (column: AnyPgColumn) => sql<number>`${column}::float8`;
