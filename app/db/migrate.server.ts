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
  await withStartLock(url, (sql) => migrate(drizzle(sql), { migrationsFolder }));
}

/**
 * Runs `work` while holding the start-up advisory lock of the database, the one the migrations
 * take: the job queue's creation runs under it too, since two instances creating pg-boss's queues
 * at once deadlock (its create_queue alters shared tables).
 */
export async function withStartLock<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  // One connection: the lock, the work and the unlock share its session.
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(hashtext('plantops-migrations'))`;
    try {
      return await work(sql);
    } finally {
      // A connection that failed mid-work has lost its lock with its session: keep the first error.
      await sql`select pg_advisory_unlock(hashtext('plantops-migrations'))`.catch(() => {});
    }
  } finally {
    // Bounded: a connection cut mid-query (PostgreSQL killed while the lock was taken or given
    // back) would otherwise keep end() waiting for that query forever, and with it the job queue's
    // start and the app's stop (the patch to postgres.js settles it; this is the second guard).
    await sql.end({ timeout: 5 });
  }
}
