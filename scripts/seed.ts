import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { dateInZone, isIsoDate } from "#app/lib/dates.ts";
import { parseSettings } from "#app/lib/env.server.ts";
import { embeddedUrl, ensureAppDatabase, startEmbeddedPostgres } from "./embedded-postgres.ts";
import { BIG_DEPARTMENT, SCALES, type Scale, SeedRefused, seedDatabase } from "./seed/run.ts";

// `npm run seed -- --scale plant|demo [--force] [--today YYYY-MM-DD] [--seed text] [--big-department N]`
// Fills the database `npm start` uses (DATABASE_URL, else the embedded one in DATA_DIR) with
// deterministic data: the plant-scale set the performance budgets are measured on, or a small demo
// set with a demo account. Refuses a database that already holds records unless --force.

const usage = `Usage: npm run seed -- --scale plant|demo [--force] [--today YYYY-MM-DD] [--seed text] [--big-department N]

  --scale plant   ${SCALES.plant.linesPerDepartment} lines per department, 24 racks × ${SCALES.plant.itemsPerRack} items, ${SCALES.plant.contracts} contracts,
                  8 racks × ${SCALES.plant.filesPerRack} files, ${SCALES.plant.sopRecords} SOP records (what \`npm run bench\` measures on)
  --scale demo    a small friendly set and a demo account (demo@plantops.local; the password is printed)
  --force         replace the records of a database that already has some (users and sessions are kept)
  --today         the plant's date the data is arranged around (default: today in PLANT_TIME_ZONE)
  --seed          another seed gives another (still deterministic) plant
  --big-department N
                  ${BIG_DEPARTMENT} gets N lines (e.g. 100000: the search budget's big list, /technician)

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data), which
\`npm start\` creates on its first run. The app may be running or stopped.`;

const DATABASE_NAME = "plantops";

async function canConnect(url: string) {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

/** The database to seed, and how to let it go afterwards. */
async function resolveDatabase(settings: ReturnType<typeof parseSettings>) {
  if (settings.DATABASE_URL)
    return {
      url: settings.DATABASE_URL,
      label: `DATABASE_URL (${new URL(settings.DATABASE_URL).host})`,
      release: async () => {},
    };
  const dataDir = path.resolve(settings.DATA_DIR);
  const url = embeddedUrl(dataDir, DATABASE_NAME);
  if (!url || !fs.existsSync(path.join(dataDir, "postgres", "PG_VERSION"))) {
    throw new Error(
      `No embedded database in ${dataDir} yet.\n` +
        "Run `npm start` once (it creates the database), then seed: the app may keep running, or be stopped.\n" +
        "Or set DATABASE_URL to seed another PostgreSQL.",
    );
  }
  if (await canConnect(url))
    return { url, label: `embedded database in ${dataDir} (running)`, release: async () => {} };
  // The app is stopped: start its PostgreSQL for the time of the seed, then stop it again.
  console.log(`Starting the embedded PostgreSQL in ${dataDir} for the seed…`);
  const embedded = await startEmbeddedPostgres({ dataDir });
  return {
    url: await ensureAppDatabase(embedded, dataDir),
    label: `embedded database in ${dataDir}`,
    release: () => embedded.stop(),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      scale: { type: "string" },
      force: { type: "boolean", default: false },
      today: { type: "string" },
      seed: { type: "string", default: "plantops" },
      "big-department": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (values.scale !== "plant" && values.scale !== "demo") {
    console.error(
      `${values.scale ? `Unknown scale '${values.scale}'.` : "Say which data to make with --scale."}\n\n${usage}`,
    );
    return 2;
  }
  const settings = parseSettings(process.env);
  const today = values.today ?? dateInZone(new Date(), settings.PLANT_TIME_ZONE);
  if (!isIsoDate(today)) {
    console.error(`--today must be a date written YYYY-MM-DD (got '${today}').`);
    return 2;
  }
  const bigDepartment = values["big-department"] === undefined ? undefined : Number(values["big-department"]);
  if (
    bigDepartment !== undefined &&
    (!Number.isInteger(bigDepartment) || bigDepartment < 1 || bigDepartment > 1_000_000)
  ) {
    console.error(
      `--big-department takes a number of lines from 1 to 1000000 (got '${values["big-department"]}').`,
    );
    return 2;
  }
  const scale: Scale = values.scale;
  const database = await resolveDatabase(settings);
  try {
    console.log(`Seeding ${scale} data (today ${today}, seed '${values.seed}') into the ${database.label}…`);
    const result = await seedDatabase(database.url, {
      scale,
      today,
      force: values.force,
      seed: values.seed,
      bigDepartment,
      log: (line) => console.log(line),
    });
    console.log(`Done in ${result.seconds.toFixed(1)} s:`);
    for (const [table, count] of Object.entries(result.counts)) console.log(`  ${table.padEnd(16)} ${count}`);
    if (result.demo) {
      console.log(
        result.demo.existed
          ? `\nThe demo account ${result.demo.email} already exists; its password is unchanged.`
          : `\nDemo account (${result.demo.role}):\n  e-mail:   ${result.demo.email}\n  password: ${result.demo.password}\nSign in at the address \`npm start\` prints.`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof SeedRefused) {
      console.error(`\n${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.release();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`\n${(error as Error).message}`);
  process.exitCode = 1;
}
