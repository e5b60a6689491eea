import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { migrationsFolder } from "#app/db/migrate.server.ts";

// The stock ledger's migration (drizzle/0006_stock_ledger.sql) on plant-scale data written the
// way the app kept it before the ledger: apply the migrations before it, insert rack items and
// spares lines with typed figures, apply it, and check every closing stock is what it was.

const LEDGER_MIGRATION = "0006_stock_ledger";
const name = `ledger_migration_${Math.random().toString(36).slice(2, 10)}`;
const admin = postgres(inject("serverUrl"), { max: 1, onnotice: () => {} });
const url = new URL(inject("serverUrl"));
url.pathname = `/${name}`;
const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "ledger-migration-"));

afterAll(async () => {
  await sql.end({ timeout: 1 });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

/** A copy of drizzle/ that stops just before the ledger's migration. */
function migrationsBeforeLedger() {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
  const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === LEDGER_MIGRATION);
  expect(index).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, index);
  fs.mkdirSync(path.join(tempDir, "meta"), { recursive: true });
  fs.writeFileSync(path.join(tempDir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) {
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(tempDir, `${entry.tag}.sql`));
  }
  return tempDir;
}

describe("the stock ledger's migration", () => {
  it("turns today's figures into movements and keeps every closing stock", async () => {
    await admin.unsafe(`create database ${name}`);
    await migrate(drizzle(sql), { migrationsFolder: migrationsBeforeLedger() });

    // 1,200 rack items: decimals, zeros, an issue of everything, created at all hours (some just
    // before midnight in the plant's zone), and a few legacy rows whose closing figure does not
    // add up (the old formula subtracted the receipt, README difference 10).
    await sql`
      insert into rack_items (rack_number, section, material_name, available_stock, issue, receipt, closing_stock, created_at)
      select 1 + n % 24, 'S' || n % 7, 'Material ' || n,
        a, i, r,
        case when n % 97 = 0 then greatest(a - r - i, 0) else a + r - i end,
        timestamptz '2024-01-01 18:29:59+00' + (n * interval '7 hours 13 minutes')
      from generate_series(1, 1200) n,
        lateral (select (n % 50)::numeric + (n % 8) * 0.125 as a, (n % 5)::numeric * 1.5 as r) f,
        lateral (select least((n % 4)::numeric * 0.25 + case when n % 11 = 0 then a + r else 0 end, a + r) as i) g`;
    await sql`
      insert into inventory_items (department, srno, assets, components_and_equipments, available_stock, min_stock, lead_time_days, status_of_order, created_at)
      select (array['Electrician','FireFight','Technician'])[1 + n % 3], n, 'Asset ' || n, 'Part ' || n,
        case when n % 13 = 0 then 0 else (n % 40)::numeric + 0.5 end, 5, 7, 'Available',
        timestamptz '2024-03-01 20:00:00+00' + (n * interval '3 hours')
      from generate_series(1, 3000) n`;
    const racksBefore = await sql`select id, closing_stock from rack_items order by id`;
    const sparesBefore = await sql`select id, available_stock from inventory_items order by id`;

    await migrate(drizzle(sql), { migrationsFolder });

    const racks = await sql`
      select ri.id, ri.closing_stock, coalesce(sum(m.quantity), 0) as total, count(m.id)::int as moves
      from rack_items ri left join stock_movements m on m.rack_item_id = ri.id
      group by ri.id order by ri.id`;
    expect(racks.map((row) => [row.id, row.closing_stock])).toEqual(
      racksBefore.map((row) => [row.id, row.closing_stock]),
    );
    for (const row of racks) expect(Number(row.total)).toBe(Number(row.closing_stock));

    const spares = await sql`
      select ii.id, ii.available_stock, coalesce(sum(m.quantity), 0) as total
      from inventory_items ii left join stock_movements m on m.inventory_item_id = ii.id
      group by ii.id order by ii.id`;
    expect(spares.map((row) => [row.id, row.available_stock])).toEqual(
      sparesBefore.map((row) => [row.id, row.available_stock]),
    );
    for (const row of spares) expect(Number(row.total)).toBe(Number(row.available_stock));

    // The movements are dated the record's creation day in the plant's zone, never after it
    // was typed, and none of them leaves a negative stock at the end of its day.
    const [wrongDate] = await sql`
      select count(*)::int as n from stock_movements m
      join rack_items ri on ri.id = m.rack_item_id
      where m.moved_on <> (ri.created_at at time zone 'Asia/Kolkata')::date`;
    expect(wrongDate.n).toBe(0);
    // …and that is the plant's day, not the server's: items created after 18:30 UTC are next day's.
    const [nextDay] = await sql`
      select count(*)::int as n from stock_movements m join rack_items ri on ri.id = m.rack_item_id
      where m.moved_on = (ri.created_at at time zone 'UTC')::date + 1`;
    expect(nextDay.n).toBeGreaterThan(0);
    const [kinds] = await sql`
      select count(*) filter (where kind = 'opening')::int as openings,
             count(*) filter (where kind = 'count')::int as counts,
             count(*) filter (where kind = 'receipt' and quantity <= 0)::int as bad_receipts,
             count(*) filter (where kind = 'issue' and quantity >= 0)::int as bad_issues
      from stock_movements`;
    expect(kinds.counts).toBeGreaterThan(0);
    expect(kinds.bad_receipts).toBe(0);
    expect(kinds.bad_issues).toBe(0);
  });
});
