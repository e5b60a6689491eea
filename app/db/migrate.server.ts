import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

/** The repository's drizzle/ folder: the nearest one up from here (also from build/launcher). */
function findMigrations(from: string): string {
  const candidate = path.join(from, "drizzle");
  if (fs.existsSync(path.join(candidate, "meta/_journal.json"))) return candidate;
  if (path.dirname(from) === from) throw new Error("No drizzle/ folder with the migrations found.");
  return findMigrations(path.dirname(from));
}

export const migrationsFolder = findMigrations(path.dirname(fileURLToPath(import.meta.url)));

/**
 * Applies the committed migrations in drizzle/ (idempotent; each runs once, in a transaction).
 * Under a session advisory lock: when several app instances start at once on one database, one
 * migrates and the others wait, then find nothing left to do (instead of racing to CREATE TABLE).
 */
export async function migrateDatabase(url: string) {
  // One connection: the lock, the migrations and the unlock share its session.
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(hashtext('plantops-migrations'))`;
    try {
      await migrate(drizzle(sql), { migrationsFolder });
    } finally {
      await sql`select pg_advisory_unlock(hashtext('plantops-migrations'))`;
    }
  } finally {
    await sql.end();
  }
}
