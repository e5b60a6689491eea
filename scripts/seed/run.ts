import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql as raw } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { registerUser } from "#app/auth/queries.server.ts";
import { migrateDatabase } from "#app/db/migrate.server.ts";
import { dateInZone } from "#app/lib/dates.ts";
import type { Department } from "#app/spares/rules.ts";
import * as tables from "#app/tables.server.ts";
import { contractRows, departmentLines, inventoryLines, rackFileRows, rackItemRows } from "./data.ts";
import { LEDGER_DAYS, type LedgerItem, ledgerMovements, type SeedMovement } from "./ledger.ts";
import { shiftDate } from "./random.ts";
import { sopRecordRows } from "./sop.ts";

// Fills a database with plant-scale or demo data (issue 8). Used by `npm run seed` and `npm run bench`.

export type Scale = "plant" | "demo";

/** The plant-scale dataset the budgets are measured on (docs/performance.md). */
export const SCALES = {
  plant: { linesPerDepartment: 1000, itemsPerRack: 50, contracts: 300, filesPerRack: 100, sopRecords: 5000 },
  demo: { linesPerDepartment: 12, itemsPerRack: 4, contracts: 12, filesPerRack: 6, sopRecords: 30 },
} as const;

/** The tables seeding fills (and `--force` empties). Never users, sessions, settings or the audit log. */
export const FEATURE_TABLES = [
  "stock_movements",
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

    // The items were put in when their ledger starts (two years back), as the stock cards show.
    const createdAt = new Date(`${shiftDate(options.today, -LEDGER_DAYS)}T04:30:00Z`);
    const lineIds: string[] = [];
    const itemIds: string[] = [];
    await db.transaction(async (tx) => {
      if (filled.length > 0) {
        log(`--force: emptying ${FEATURE_TABLES.join(", ")}`);
        await tx.execute(raw.raw(`truncate ${FEATURE_TABLES.join(", ")}`));
      }
      await insertInBatches(
        async (rows) =>
          lineIds.push(
            ...(
              await tx
                .insert(tables.inventoryItems)
                .values(rows.map((row) => ({ ...row, createdAt, updatedAt: createdAt })))
                .returning({ id: tables.inventoryItems.id })
            ).map((row) => row.id),
          ),
        lines,
        1000,
      );
      await insertInBatches(
        async (rows) =>
          itemIds.push(
            ...(
              await tx
                .insert(tables.rackItems)
                .values(rows.map((row) => ({ ...row, createdAt, updatedAt: createdAt })))
                .returning({ id: tables.rackItems.id })
            ).map((row) => row.id),
          ),
        items,
        1000,
      );
      await insertInBatches((rows) => tx.insert(tables.contracts).values(rows), contracts, 500);
      await insertInBatches((rows) => tx.insert(tables.rackFiles).values(rows), files, 1000);
      await insertInBatches((rows) => tx.insert(tables.sopRecords).values(rows), records, 200);
    });
    // Two years of movements behind every item's stock (issue 17), each item's sum its stock today.
    const ledgerItems: (LedgerItem & { ref: { rack?: string; line?: string } })[] = [
      ...lines.map((line, index) => ({
        stock: line.availableStock,
        level: line.minStock,
        decimals: /\[(m|l|kg)\]$/.test(line.componentsAndEquipments),
        ref: { line: lineIds[index] },
      })),
      ...items.map((item, index) => ({
        stock: item.closingStock,
        level: 20,
        decimals: false,
        // The bench's stock card of ~2,000 movements: the first item of rack 1.
        heavy: options.scale === "plant" && index === 0,
        ref: { rack: itemIds[index] },
      })),
    ];
    const movements = ledgerMovements(ledgerItems, seed, options.today);
    await copyMovements(sql, movements, (index) => ledgerItems[index].ref);
    log(`stock ledger: ${movements.length} movements over ${LEDGER_DAYS} days`);
    // Fresh statistics, so the planner sees the plant as it is now, and its tables vacuumed as
    // autovacuum leaves a database that has run a while: an index-only read (Today's mark of the
    // journal counts a month of movements from an index) finds the pages all-visible instead of
    // reading each row.
    await sql.unsafe(`vacuum (analyze) ${FEATURE_TABLES.join(", ")}`);
    if (options.bigDepartment && options.bigDepartment > scale.linesPerDepartment) {
      const added = await growDepartment(url, BIG_DEPARTMENT, options.bigDepartment, seed, options.today);
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

/** COPY's text format: a tab ends a field, a newline a row, a backslash escapes. */
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const copyText = (value: string | null) =>
  value === null ? "\\N" : value.replace(/[\\\t\n\r]/g, (character) => COPY_ESCAPES[character]);
const copyQuantity = (thousandths: number | null) =>
  thousandths === null ? "\\N" : (thousandths / 1000).toFixed(3);

/**
 * Loads the movements with one COPY, day by day as a plant enters them: the table's pages then
 * hold a day's movements together, as a ledger written over two years does (loaded item by item,
 * a month's movements lay on nearly every page of the table, and Today's reads of the last 30 days
 * touched 3,000 pages where a real ledger has about a hundred). Their ids are drawn first from the
 * record-id sequence, in that order (each item's movements are in date order, so they keep their
 * order on its stock card), so a reversal can name the movement it reverses.
 */
async function copyMovements(
  sql: postgres.Sql,
  movements: readonly SeedMovement[],
  itemOf: (index: number) => { rack?: string; line?: string },
) {
  if (movements.length === 0) return;
  await sql.begin(async (tx) => {
    const drawn = (
      await tx`select id::text from (select plantops_next_record_id() as id from generate_series(1, ${movements.length})) ids order by id`
    ).map((row) => row.id as string);
    // By day; within a day as listed (a stable sort keeps each item's own order).
    const order = movements.map((_, index) => index);
    order.sort((a, b) => movements[a].movedOn.localeCompare(movements[b].movedOn) || a - b);
    const ids: string[] = [];
    for (const [position, index] of order.entries()) ids[index] = drawn[position];
    const rows = function* () {
      for (const index of order) {
        const movement = movements[index];
        const item = itemOf(movement.item);
        yield `${[
          ids[index],
          // Entered in the morning of its day (plant time), a minute apart within the day.
          new Date(Date.parse(`${movement.movedOn}T04:30:00Z`) + (index % 600) * 1000).toISOString(),
          copyText(item.rack ?? null),
          copyText(item.line ?? null),
          movement.movedOn,
          movement.kind,
          copyQuantity(movement.thousandths),
          copyQuantity(movement.counted),
          copyText(movement.reference),
          copyText(movement.party),
          copyText(movement.remark),
          copyText(movement.reverses === null ? null : ids[movement.reverses]),
        ].join("\t")}\n`;
      }
    };
    const writable =
      await tx`copy stock_movements (id, created_at, rack_item_id, inventory_item_id, moved_on, kind, quantity, counted, reference, party, remark, reverses_id) from stdin`.writable();
    await pipeline(Readable.from(rows()), writable);
  });
}

/**
 * Fills a department up to `lines` lines (serial numbers 1…lines, the seed's own lines; serial
 * numbers already present are left alone) and refreshes the planner's statistics. Returns how many
 * lines it added. `npm run seed -- --big-department N` and the bench's search phase use it.
 */
export async function growDepartment(
  url: string,
  department: Department,
  lines: number,
  seed = "plantops",
  today = dateInZone(new Date(), process.env.PLANT_TIME_ZONE ?? "Asia/Kolkata"),
) {
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const db = drizzle(sql);
  try {
    const present = new Set(
      (await sql`select srno from inventory_items where department = ${department}`).map(
        (row) => row.srno as number,
      ),
    );
    const missing = departmentLines(department, lines, seed).filter((line) => !present.has(line.srno));
    await db.transaction(async (tx) => {
      await insertInBatches((rows) => tx.insert(tables.inventoryItems).values(rows), missing, 1000);
      // The ledger behind them: an opening movement of each new line's stock (the cache's sum).
      await tx.execute(raw`
        insert into stock_movements (inventory_item_id, moved_on, kind, quantity, remark)
        select i.id, ${today}::date, 'opening', i.available_stock, 'Opening stock'
        from inventory_items i
        where i.department = ${department} and i.available_stock <> 0
          and not exists (select 1 from stock_movements m where m.inventory_item_id = i.id)`);
    });
    await sql`analyze inventory_items, stock_movements`;
    return missing.length;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
