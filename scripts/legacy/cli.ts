import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import postgres from "postgres";
import { users } from "#app/auth/table.server.ts";
import { db, rawSql } from "#app/db/client.server.ts";
import { migrateDatabase } from "#app/db/migrate.server.ts";
import { parseSettings } from "#app/lib/env.server.ts";
import { embeddedUrl, ensureAppDatabase, startEmbeddedPostgres } from "../embedded-postgres.ts";
import { COLLECTIONS } from "./collections.ts";
import { countsTable, importLegacy } from "./import.ts";

// `npm run import-legacy -- <folder> [--report <file>] [--user <e-mail>]`: brings the old
// application's MongoDB across from a mongoexport folder into the database `npm start` uses
// (DATABASE_URL, else the embedded one in DATA_DIR, started for the time of the import when the
// app is stopped). See scripts/legacy/import.ts for how, and the README's "Data in and out".

const usage = `Usage: npm run import-legacy -- <folder> [--report <file>] [--user <e-mail>]

  <folder>          a mongoexport of the old application: one file per collection (JSON lines,
                    or a JSON array with --jsonArray), named after the collection:
${COLLECTIONS.map((collection) => `                      ${collection.label}: ${collection.files.slice(0, 4).join(", ")}…`).join("\n")}
  --report <file>   where the documents that could not be imported go, with the reason
                    (default: <folder>/import-report.json)
  --user <e-mail>   the account the records are created by (default: the first admin)

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data), which
\`npm start\` creates on its first run. The app may be running or stopped. Run it again after fixing
refused documents: what was imported before is skipped.`;

async function canConnect(url: string) {
  const client = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await client`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await client.end({ timeout: 1 }).catch(() => {});
  }
}

/** The database `npm start` uses (as the seed finds it), and how to let it go afterwards. */
async function resolveDatabase(settings: ReturnType<typeof parseSettings>) {
  if (settings.DATABASE_URL)
    return { url: settings.DATABASE_URL, label: "DATABASE_URL", release: async () => {} };
  const dataDir = path.resolve(settings.DATA_DIR);
  const url = embeddedUrl(dataDir);
  if (!url || !fs.existsSync(path.join(dataDir, "postgres", "PG_VERSION")))
    throw new Error(`No embedded database in ${dataDir} yet: run \`npm start\` once, or set DATABASE_URL.`);
  if (await canConnect(url))
    return { url, label: `embedded database in ${dataDir} (running)`, release: async () => {} };
  console.log(`Starting the embedded PostgreSQL in ${dataDir} for the import…`);
  const embedded = await startEmbeddedPostgres({ dataDir });
  return {
    url: await ensureAppDatabase(embedded, dataDir),
    label: `embedded database in ${dataDir}`,
    release: () => embedded.stop(),
  };
}

/** The account the records are created by: --user, else the first admin still enabled. */
async function importingUser(email: string | undefined) {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      email
        ? sql`lower(${users.email}) = lower(${email})`
        : and(eq(users.role, "admin"), isNull(users.disabledAt)),
    )
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!user)
    throw new Error(
      email
        ? `No account ${email}.`
        : "No admin account to import as: register the first account (it becomes the admin), or pass --user.",
    );
  return user;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      report: { type: "string" },
      user: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const folder = positionals[0];
  if (!folder || positionals.length > 1 || !fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`${folder ? `'${folder}' is not a folder.` : "Name the export's folder."}\n\n${usage}`);
    return 2;
  }
  const settings = parseSettings(process.env);
  const database = await resolveDatabase(settings);
  try {
    // The app's tables as this version has them (legacy_ids included), whether or not the app has run since.
    await migrateDatabase(database.url);
    // The app's database client reads these; the import signs nobody in, so its secrets are throw-away.
    process.env.DATABASE_URL = database.url;
    process.env.SESSION_SECRET ??= randomBytes(32).toString("hex");
    process.env.REGISTRATION_CODE ??= randomBytes(16).toString("hex");
    const user = await importingUser(values.user);
    const reportPath = path.resolve(values.report ?? path.join(folder, "import-report.json"));
    console.log(`Importing ${path.resolve(folder)} into the ${database.label} as ${user.email}…`);
    const result = await importLegacy(db, folder, {
      userId: user.id,
      reportPath,
      timeZone: settings.PLANT_TIME_ZONE,
    });
    console.log(countsTable(result, reportPath));
    return 0;
  } finally {
    // The app's pool exists once DATABASE_URL is set and a query ran.
    if (process.env.DATABASE_URL === database.url)
      await rawSql()
        .end({ timeout: 5 })
        .catch(() => {});
    await database.release();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`\n${(error as Error).message}`);
  process.exitCode = 1;
}
