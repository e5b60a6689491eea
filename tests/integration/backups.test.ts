import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { backedUpRelations, createBackup, quoteName } from "#app/backups/backup.server.ts";
import { BackupRefused, plantopsTableCount, restoreBackup } from "#app/backups/restore.server.ts";
import { TRAILER_PREFIX } from "#app/backups/rules.ts";
import { buildSchemaUpTo, knownMigrations } from "#app/backups/schema-level.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import { recordMovement } from "#app/ledger/movements.server.ts";
import { seedDatabase } from "../../scripts/seed/run.ts";

// The restore drill (issue 34): a plant's data seeded, people writing to it, a backup taken in the
// middle of their work, restored into a fresh database: every table must come back exactly as it
// was in the backup's snapshot (counts and a checksum per table, compared with what this test
// read in the same snapshot), and the ledger must balance (each item's stock the sum of its
// movements). Then the files that must be refused, with the database left as it was.

const url = process.env.DATABASE_URL ?? "";
const admin = postgres(inject("serverUrl"), { max: 1, onnotice: () => {} });
const sql = postgres(url, { max: 2, onnotice: () => {} });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-backups-"));
const timeZone = "Asia/Kolkata";
const made: string[] = [];

/** A new empty database on the test cluster; dropped after the file. */
async function emptyDatabase() {
  const name = `restore_${randomBytes(5).toString("hex")}`;
  await admin.unsafe(`create database ${name}`);
  made.push(name);
  const target = new URL(inject("serverUrl"));
  target.pathname = `/${name}`;
  return target.toString();
}

/** Rows and an order-free checksum of every backed-up table, as one snapshot sees them. */
async function tableSums(client: postgres.Sql | postgres.TransactionSql) {
  const { tables } = await backedUpRelations(client);
  const sums: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    const [row] = await client.unsafe<{ rows: number; md5: string }[]>(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5
       from ${quoteName(name)} t`,
    );
    sums[name] = row;
  }
  return sums;
}

/** Items whose cached stock is not the sum of their movements (0 and 0 in a sound ledger). */
async function unbalanced(client: postgres.Sql) {
  const [row] = await client`
    select
      (select count(*)::int from inventory_items i where i.available_stock <>
        coalesce((select sum(quantity) from stock_movements m where m.inventory_item_id = i.id), 0)) as lines,
      (select count(*)::int from rack_items r where r.closing_stock <>
        coalesce((select sum(quantity) from stock_movements m where m.rack_item_id = r.id), 0)) as racks`;
  return row;
}

/** A copy of a backup with its manifest's head changed and its checksums made right again. */
function rewritten(file: string, change: (head: Record<string, unknown>) => void) {
  const text = gunzipSync(fs.readFileSync(file)).toString("utf8");
  const lines = text.split("\n");
  const head = JSON.parse(lines[1]) as Record<string, unknown>;
  change(head);
  lines[1] = JSON.stringify(head);
  const trailerAt = lines.findIndex((line) => line.startsWith(TRAILER_PREFIX));
  const body = `${lines.slice(0, trailerAt).join("\n")}\n`;
  const trailer = JSON.parse(lines[trailerAt].slice(TRAILER_PREFIX.length));
  trailer.sha256 = createHash("sha256").update(body).digest("hex");
  const out = path.join(dir, `rewritten-${randomBytes(3).toString("hex")}.backup.gz`);
  fs.writeFileSync(out, gzipSync(`${body}${TRAILER_PREFIX}${JSON.stringify(trailer)}\n`));
  return out;
}

let backupFile = "";
let snapshot: Awaited<ReturnType<typeof tableSums>>;
let restoredUrl = "";
let writes = 0;

beforeAll(async () => {
  await seedDatabase(url, { scale: "demo", today: plantToday() });
  const [line] = await sql<{ id: string }[]>`select id from inventory_items order by srno limit 1`;
  const [item] = await sql<{ id: string }[]>`select id from rack_items order by id limit 1`;
  // Writers: receipts on a spares line and a rack item, as fast as they go, until the backup is done.
  let writing = true;
  const writer = async (type: "spare" | "rack", id: string) => {
    while (writing) {
      const outcome = await recordMovement(
        db,
        { type, id },
        { kind: "receipt", movedOn: plantToday(), quantity: 1 },
        null,
      );
      if (outcome.ok) writes += 1;
    }
  };
  const writers = [writer("spare", line.id), writer("rack", item.id)];
  try {
    // The test reads the tables in the very snapshot the backup exports to (pg_export_snapshot).
    await sql.begin("isolation level repeatable read read only", async (tx) => {
      const [{ id }] = await tx<{ id: string }[]>`select pg_export_snapshot() as id`;
      const before = writes;
      const result = await createBackup(url, dir, { timeZone, snapshot: id });
      backupFile = result.file;
      expect(writes).toBeGreaterThan(before);
      snapshot = await tableSums(tx);
    });
  } finally {
    writing = false;
    await Promise.all(writers);
  }
  restoredUrl = await emptyDatabase();
  await restoreBackup(restoredUrl, backupFile);
}, 180_000);

afterAll(async () => {
  await sql.end();
  for (const name of made) await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the restore drill", () => {
  it("writes one file only its owner may read, named with the plant time", () => {
    expect(path.basename(backupFile)).toMatch(/^plantops-\d{4}-\d{2}-\d{2}-\d{6}\.backup\.gz$/);
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual([path.basename(backupFile)]);
  });

  it("brings back every table as the backup's snapshot held it, while writers kept writing", async () => {
    const restored = postgres(restoredUrl, { max: 1, onnotice: () => {} });
    try {
      const sums = await tableSums(restored);
      expect(Object.keys(sums).sort()).toEqual(Object.keys(snapshot).sort());
      expect(sums).toEqual(snapshot);
      expect(snapshot["public.stock_movements"].rows).toBeGreaterThan(5_000);
      // The source moved on after the snapshot: the backup is of one moment, not of a mix.
      const [{ now }] = await sql<{ now: number }[]>`select count(*)::int as now from stock_movements`;
      expect(now).toBeGreaterThan(snapshot["public.stock_movements"].rows);
    } finally {
      await restored.end();
    }
  });

  it("keeps the ledger balanced: each item's stock is the sum of its movements", async () => {
    const restored = postgres(restoredUrl, { max: 1, onnotice: () => {} });
    try {
      expect(await unbalanced(restored)).toEqual({ lines: 0, racks: 0 });
    } finally {
      await restored.end();
    }
  });

  it("restores the sequences: a new record gets a new id", async () => {
    const restored = postgres(restoredUrl, { max: 1, onnotice: () => {} });
    try {
      const [{ used }] = await restored<{ used: string }[]>`
        select max(('x' || right(replace(id::text, '-', ''), 12))::bit(48)::bigint)::text as used
        from stock_movements`;
      const [{ next }] = await restored<
        { next: string }[]
      >`select nextval('plantops_record_id_seq')::text as next`;
      expect(BigInt(next)).toBeGreaterThan(BigInt(used));
    } finally {
      await restored.end();
    }
  });
});

describe("a backup that must not be restored", () => {
  async function refusedInto(file: string) {
    const target = await emptyDatabase();
    const error = await restoreBackup(target, file).catch((caught: Error) => caught);
    const client = postgres(target, { max: 1, onnotice: () => {} });
    const tables = await plantopsTableCount(client);
    await client.end();
    return { error, tables };
  }

  it("is refused when damaged, naming the damage, and nothing is made", async () => {
    const bytes = fs.readFileSync(backupFile);
    const corrupt = path.join(dir, "corrupt.backup.gz");
    const copy = Buffer.from(bytes);
    // The gzip trailer's checksum and length changed: damage gzip always finds. (Bytes flipped in
    // the middle decompress to whatever they decompress to, and the table's rows then fail in
    // PostgreSQL or in the table's checksum, depending on the bytes.)
    for (let at = copy.length - 8; at < copy.length; at += 1) copy[at] ^= 0xff;
    fs.writeFileSync(corrupt, copy);
    const { error, tables } = await refusedInto(corrupt);
    expect(error).toBeInstanceOf(BackupRefused);
    expect((error as Error).message).toMatch(/damaged or incomplete.*Nothing was changed/);
    expect(tables).toBe(0);
  });

  it("is refused when cut short", async () => {
    const truncated = path.join(dir, "truncated.backup.gz");
    const whole = fs.readFileSync(backupFile);
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const { error, tables } = await refusedInto(truncated);
    expect((error as Error).message).toMatch(/damaged or incomplete/);
    expect(tables).toBe(0);
  });

  it("is refused when a row was changed and the checksum no longer matches", async () => {
    const text = gunzipSync(fs.readFileSync(backupFile)).toString("utf8");
    const edited = path.join(dir, "edited.backup.gz");
    fs.writeFileSync(edited, gzipSync(text.replace("\treceipt\t", "\tissue\t")));
    const { error, tables } = await refusedInto(edited);
    expect((error as Error).message).toMatch(/checksum|do not match/);
    expect(tables).toBe(0);
  });

  it("is refused when a newer PlantOps made it", async () => {
    const newer = rewritten(backupFile, (head) => {
      head.plantops = "99.0.0";
    });
    const { error, tables } = await refusedInto(newer);
    expect((error as Error).message).toMatch(/newer PlantOps \(99\.0\.0.*Upgrade PlantOps first/);
    expect(tables).toBe(0);
  });

  it("is refused over a database that already holds PlantOps, which is left as it was", async () => {
    const client = postgres(restoredUrl, { max: 1, onnotice: () => {} });
    try {
      const before = await tableSums(client);
      const error = await restoreBackup(restoredUrl, backupFile).catch((caught: Error) => caught);
      expect((error as Error).message).toMatch(/already holds \d+ PlantOps tables/);
      expect(await tableSums(client)).toEqual(before);
    } finally {
      await client.end();
    }
  });

  it("is carried forward when an older PlantOps made it: its rows, then the newer migrations", async () => {
    // A database as the migration before 0013 left it, with a line whose typed status 0013 drops.
    const migrations = knownMigrations();
    const dropping = migrations.findIndex((migration) => migration.tag.startsWith("0013_"));
    expect(dropping).toBeGreaterThan(0);
    const previous = migrations[dropping - 1];
    const older = await emptyDatabase();
    const client = postgres(older, { max: 1, onnotice: () => {} });
    try {
      await client.begin(async (tx) => {
        await buildSchemaUpTo(tx, previous.createdAt);
        for (const migration of migrations.slice(0, dropping))
          await tx`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.createdAt})`;
        await tx`insert into inventory_items (department, srno, assets, components_and_equipments,
          available_stock, min_stock, lead_time_days, status_of_order)
          values ('Technician', 1, 'Carousel', 'Bearing', 2, 5, 10, 'Typed long ago')`;
      });
    } finally {
      await client.end();
    }
    const old = await createBackup(older, path.join(dir, "older"), { timeZone });
    expect(old.head.migration.tag).toBe(previous.tag);
    const target = await emptyDatabase();
    const report = await restoreBackup(target, old.file);
    expect(report.migratedTo).toBe(migrations[migrations.length - 1].tag);
    const restored = postgres(target, { max: 1, onnotice: () => {} });
    try {
      const [{ applied }] = await restored<
        { applied: number }[]
      >`select count(*)::int as applied from drizzle.__drizzle_migrations`;
      expect(applied).toBe(migrations.length);
      const lines = await restored`select srno, assets, available_stock::int as stock from inventory_items`;
      expect(lines).toEqual([{ srno: 1, assets: "Carousel", stock: 2 }]);
      const [column] =
        await restored`select 1 from information_schema.columns where column_name = 'status_of_order'`;
      expect(column).toBeUndefined();
    } finally {
      await restored.end();
    }
  });
});
