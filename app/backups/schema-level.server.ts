import fs from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type postgres from "postgres";
import { migrationsFolder } from "#app/db/migrate.server.ts";

// Which PlantOps and which migration a backup comes from, and the schema of that migration rebuilt
// in an empty database (a backup carries rows, not DDL: the committed migrations are the DDL).

type Journal = { entries: { idx: number; when: number; tag: string }[] };

/** The migrations this PlantOps knows, oldest first: tag, creation time (drizzle's key) and SQL. */
export function knownMigrations() {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as Journal;
  const files = readMigrationFiles({ migrationsFolder });
  return journal.entries.map((entry, index) => ({
    tag: entry.tag,
    createdAt: entry.when,
    statements: files[index].sql,
    hash: files[index].hash,
  }));
}

/** The version in package.json (the repository's root, next to drizzle/). */
export function plantopsVersion(): string {
  const file = path.join(path.dirname(migrationsFolder), "package.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { version: string }).version;
}

/** The migrations table drizzle keeps (drizzle-orm's migrator makes it the same way). */
export const MIGRATIONS_TABLE = "drizzle.__drizzle_migrations";

/**
 * Builds, inside the restore's transaction, the schema as it was at the backup's last migration:
 * every migration up to it, in order, with no rows in drizzle's table (the backup brings those).
 * The newer ones run after the load, through the normal migrator, so the data is carried forward.
 */
export async function buildSchemaUpTo(tx: postgres.TransactionSql, createdAt: number) {
  await tx.unsafe("create schema if not exists drizzle");
  await tx.unsafe(
    `create table if not exists ${MIGRATIONS_TABLE} (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of knownMigrations()) {
    if (migration.createdAt > createdAt) break;
    for (const statement of migration.statements) await tx.unsafe(statement);
  }
}
