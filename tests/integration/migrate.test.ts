import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { migrateDatabase, migrationsFolder } from "#app/db/migrate.server.ts";

// Several app instances start at once on one PostgreSQL (issue 19): each applies the migrations at
// start, and none may fail because another is half-way through the same ones.
const serverUrl = inject("serverUrl");
const name = `migrate_${randomBytes(6).toString("hex")}`;
const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;

afterAll(async () => {
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe("migrations at the same start", () => {
  it("three instances migrating an empty database at once all succeed, and each migration runs once", async () => {
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => migrateDatabase(url.toString())));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
    const journal = (await import(`${migrationsFolder}/meta/_journal.json`, { with: { type: "json" } }))
      .default as {
      entries: unknown[];
    };
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    try {
      const [{ count }] = await sql`select count(*)::int as count from drizzle.__drizzle_migrations`;
      expect(count).toBe(journal.entries.length);
      // This database's: other test files run beside this one on the same server.
      const [{ held }] = await sql`
        select count(*)::int as held from pg_locks
        where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`;
      expect(held, "the lock is given back").toBe(0);
    } finally {
      await sql.end();
    }
  });
});
