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

/** Applies the committed migrations in drizzle/ (idempotent; each runs once, in a transaction). */
export async function migrateDatabase(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle(sql), { migrationsFolder });
  } finally {
    await sql.end();
  }
}
