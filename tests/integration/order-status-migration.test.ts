import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { migrationsFolder } from "#app/db/migrate.server.ts";
import { lineOrderStatus } from "#app/spares/order-status.server.ts";
import { inventoryItems } from "#app/spares/table.server.ts";

// The migration that stops storing the Status of Order (drizzle/0013_derived_order_status.sql), on
// lines written the way the app kept them before it: a status set once when the line was saved
// (since gone stale by the ledger's movements) and statuses people typed. After it, nothing is
// stored, every line's status is the stock's, and the search still finds the status words.

const MIGRATION = "0013_derived_order_status";
const name = `order_status_migration_${Math.random().toString(36).slice(2, 10)}`;
const admin = postgres(inject("serverUrl"), { max: 1, onnotice: () => {} });
const url = new URL(inject("serverUrl"));
url.pathname = `/${name}`;
const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "order-status-migration-"));

afterAll(async () => {
  await sql.end({ timeout: 1 });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

/** A copy of drizzle/ that stops just before the migration under test. */
function migrationsBefore(tag: string) {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
  const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, index);
  fs.mkdirSync(path.join(tempDir, "meta"), { recursive: true });
  fs.writeFileSync(path.join(tempDir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(tempDir, `${entry.tag}.sql`));
  return tempDir;
}

describe("the migration to a derived Status of Order", () => {
  it("drops the stored text, typed statuses included, and every line reads the stock's status", async () => {
    await admin.unsafe(`create database ${name}`);
    await migrate(drizzle(sql), { migrationsFolder: migrationsBefore(MIGRATION) });
    // Stale both ways, equal figures, decimals, and statuses people typed.
    await sql`
      insert into inventory_items (department, srno, assets, components_and_equipments, available_stock,
        min_stock, lead_time_days, status_of_order)
      values ('Electrician', 1, 'Fuse', 'Fuse 10 A', 4, 5, 7, 'Available'),
             ('Electrician', 2, 'Compressor', 'V-belt', 12, 2, 7, 'Order to place'),
             ('Electrician', 3, 'Panel', 'MCB', 5, 5, 7, 'Available'),
             ('Electrician', 4, 'Panel', 'Cable [m]', 2.501, 2.5, 7, 'Ordered, PO 91'),
             ('Electrician', 5, 'Pump', 'Seal', 0, 0, 7, 'Hold')`;

    await migrate(drizzle(sql), { migrationsFolder });

    const [column] = await sql`
      select count(*)::int as n from information_schema.columns
      where table_name = 'inventory_items' and column_name = 'status_of_order'`;
    expect(column.n).toBe(0);
    const lines = await drizzle(sql)
      .select({ srno: inventoryItems.srno, status: lineOrderStatus })
      .from(inventoryItems)
      .where(eq(inventoryItems.department, "Electrician"))
      .orderBy(asc(inventoryItems.srno));
    expect(lines.map((line) => line.status)).toEqual([
      "Order to place",
      "Available",
      "Order to place",
      "Available",
      "Order to place",
    ]);
    // The search index is built again over the derived words, and the status filter has its own.
    const indexes = await sql`select indexname, indexdef from pg_indexes where tablename = 'inventory_items'`;
    const search = indexes.find((index) => index.indexname === "inventory_items_search_idx");
    expect(search?.indexdef).toContain("Order to place");
    expect(indexes.map((index) => index.indexname)).toContain("inventory_items_order_status_idx");
  });
});
