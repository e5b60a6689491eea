import { randomBytes } from "node:crypto";
import { sql as raw } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { registerUser } from "#app/auth/queries.server.ts";
import { migrateDatabase } from "#app/db/migrate.server.ts";
import type { Department } from "#app/inventory/rules.ts";
import * as tables from "#app/tables.server.ts";
import { contractRows, departmentLines, inventoryLines, rackFileRows, rackItemRows } from "./data.ts";
import { sopRecordRows } from "./sop.ts";

// Fills a database with plant-scale or demo data (issue 8). Used by `npm run seed` and `npm run bench`.

export type Scale = "plant" | "demo";

/** architecture.md "Performance budgets": the plant-scale dataset. */
export const SCALES = {
  plant: { linesPerDepartment: 1000, itemsPerRack: 50, contracts: 300, filesPerRack: 100, sopRecords: 5000 },
  demo: { linesPerDepartment: 12, itemsPerRack: 4, contracts: 12, filesPerRack: 6, sopRecords: 30 },
} as const;

/** The tables seeding fills (and `--force` empties). Never users, sessions, settings or the audit log. */
export const FEATURE_TABLES = [
  "inventory_items",
  "rack_items",
  "contracts",
  "rack_files",
  "sop_records",
] as const;

export const DEMO_EMAIL = "demo@plantops.local";

export type SeedOptions = {
  scale: Scale;
  /** The plant's "today" (YYYY-MM-DD): contract due dates and SOP dates are set around it. */
  today: string;
  force?: boolean;
  /** Seed of the random streams; the same seed and today give the same data. */
  seed?: string;
  /** Lines of the big department (BIG_DEPARTMENT), when more than the scale's: the search budget's 100,000-line list. */
  bigDepartment?: number;
  log?: (line: string) => void;
};

/** The department `--big-department` grows (its menu address is /technician). */
export const BIG_DEPARTMENT: Department = "Technician";

export type SeedResult = {
  counts: Record<(typeof FEATURE_TABLES)[number], number>;
  seconds: number;
  demo?: { email: string; password?: string; role?: string; existed: boolean };
};

export class SeedRefused extends Error {}

export async function countFeatureRows(sql: postgres.Sql) {
  const counts = {} as SeedResult["counts"];
  for (const table of FEATURE_TABLES) {
    const [row] = await sql.unsafe(`select count(*)::int as count from ${table}`);
    counts[table] = row.count as number;
  }
  return counts;
}

async function insertInBatches<T extends Record<string, unknown>>(
  insert: (rows: T[]) => Promise<unknown>,
  rows: T[],
  size: number,
) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

export async function seedDatabase(url: string, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const seed = options.seed ?? "plantops";
  const scale = SCALES[options.scale];

  await migrateDatabase(url);
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const db = drizzle(sql);
  try {
    const before = await countFeatureRows(sql);
    const filled = Object.entries(before).filter(([, count]) => count > 0);
    if (filled.length > 0 && !options.force) {
      throw new SeedRefused(
        `This database already holds data (${filled.map(([table, count]) => `${table}: ${count}`).join(", ")}).\n` +
          "Seeding would mix made-up records with real ones, so nothing was changed.\n" +
          "To replace the records of these tables (users and sessions are kept), run again with --force.",
      );
    }

    // Build everything first: a definition that no longer fits stops us before we touch the data.
    const lines = inventoryLines(scale.linesPerDepartment, seed);
    const items = rackItemRows(scale.itemsPerRack, seed);
    const contracts = contractRows(scale.contracts, seed, options.today);
    const files = rackFileRows(scale.filesPerRack, seed, options.today);
    const records = sopRecordRows(scale.sopRecords, seed, options.today);

    await db.transaction(async (tx) => {
      if (filled.length > 0) {
        log(`--force: emptying ${FEATURE_TABLES.join(", ")}`);
        await tx.execute(raw.raw(`truncate ${FEATURE_TABLES.join(", ")}`));
      }
      await insertInBatches((rows) => tx.insert(tables.inventoryItems).values(rows), lines, 1000);
      await insertInBatches((rows) => tx.insert(tables.rackItems).values(rows), items, 1000);
      await insertInBatches((rows) => tx.insert(tables.contracts).values(rows), contracts, 500);
      await insertInBatches((rows) => tx.insert(tables.rackFiles).values(rows), files, 1000);
      await insertInBatches((rows) => tx.insert(tables.sopRecords).values(rows), records, 200);
    });
    // Fresh statistics, so the planner sees the plant as it is now.
    await sql.unsafe(`analyze ${FEATURE_TABLES.join(", ")}`);
    if (options.bigDepartment && options.bigDepartment > scale.linesPerDepartment) {
      const added = await growDepartment(url, BIG_DEPARTMENT, options.bigDepartment, seed);
      log(`--big-department: ${added} more ${BIG_DEPARTMENT} lines (${options.bigDepartment} in all)`);
    }

    const result: SeedResult = {
      counts: await countFeatureRows(sql),
      seconds: (Date.now() - started) / 1000,
    };
    if (options.scale === "demo") {
      const password = `demo-${randomBytes(4).toString("hex")}`;
      const registered = await registerUser(db, DEMO_EMAIL, password);
      result.demo = registered.ok
        ? { email: DEMO_EMAIL, password, role: registered.role, existed: false }
        : { email: DEMO_EMAIL, existed: true };
    }
    return result;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Fills a department up to `lines` lines (serial numbers 1…lines, the seed's own lines; serial
 * numbers already present are left alone) and refreshes the planner's statistics. Returns how many
 * lines it added. `npm run seed -- --big-department N` and the bench's search phase use it.
 */
export async function growDepartment(url: string, department: Department, lines: number, seed = "plantops") {
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const db = drizzle(sql);
  try {
    const present = new Set(
      (await sql`select srno from inventory_items where department = ${department}`).map(
        (row) => row.srno as number,
      ),
    );
    const missing = departmentLines(department, lines, seed).filter((line) => !present.has(line.srno));
    await db.transaction((tx) =>
      insertInBatches((rows) => tx.insert(tables.inventoryItems).values(rows), missing, 1000),
    );
    await sql`analyze inventory_items`;
    return missing.length;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
