import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { dateInZone } from "#app/lib/dates.ts";
import {
  type AppMemory,
  apiToken,
  embeddedDatabaseUrl,
  ensureBuild,
  type RunningApp,
  readAppMemory,
  registerAccount,
  root,
  signIn,
} from "./bench/app.ts";
import type { Bench, BenchOptions, MainPage, Phase } from "./bench/context.ts";
import { apiPhase } from "./bench/phases/api.ts";
import { assetsPhase } from "./bench/phases/assets.ts";
import { backupPhase } from "./bench/phases/backup.ts";
import { browserPhase } from "./bench/phases/browser.ts";
import { chartsPhase } from "./bench/phases/charts.ts";
import { exportPhase } from "./bench/phases/export.ts";
import { importPhase } from "./bench/phases/import.ts";
import { latencyPhase } from "./bench/phases/latency.ts";
import { ledgerPhase } from "./bench/phases/ledger.ts";
import { loadPhase } from "./bench/phases/load.ts";
import { memoryPhase } from "./bench/phases/memory.ts";
import { searchPhase } from "./bench/phases/search.ts";
import { startUp } from "./bench/phases/start.ts";
import { machine, printTable, type Results, type Row, readPrevious, writeResults } from "./bench/report.ts";
import { freePort } from "./embedded-postgres.ts";
import { seedDatabase } from "./seed/run.ts";

// `npm run bench` (issues 8, 14, 15): the performance budgets of docs/performance.md, measured on
// this machine. Builds (outside the timings), starts the built app as `npm start` does on a fresh
// embedded database in a temp DATA_DIR, seeds plant scale, signs users in through the real forms,
// then runs the phases (scripts/bench/phases/) in order and prints one row per budget. Results go
// to bench-results/.

/**
 * In the order they run: memory comes after the load; search near the end, as it grows a
 * department to 100,000 lines, which charts then reads and export downloads; import last (it adds
 * 19,000 lines to FireFight, then undoes them).
 */
const PHASES = [
  "start",
  "assets",
  "latency",
  "ledger",
  "load",
  "api",
  "browser",
  "memory",
  "search",
  "charts",
  "export",
  "backup",
  "import",
] as const;
type PhaseName = (typeof PHASES)[number];

const usage = `Usage: npm run bench -- [options]
  --only <phases>      run only these phases, comma-separated (the app is still started and seeded):
                         start    npm start → ready, first and second start
                         assets   HTML, JavaScript and CSS per main page (gzip)
                         latency  one user at a time, p95 per main page
                         ledger   one user: a 2,000-movement stock card, the stock report
                                  (1,200 rack items, one month), the racks page for last month
                         load     N users per main page, then a mixed load
                         api      /api lists vs a bare node:http handler
                         browser  Chromium, CPU slowed 4×: ready and blocking time, JS on and off
                         memory   RSS of everything npm start runs, at idle (after the load if run)
                         search   typed search on a 1,000-line and a 100,000-line department
                         charts   what each chart adds: server time p95 and SVG + loader data (gzip)
                         export   a 100,000-line department as Excel and CSV: rows/s, server RSS growth
                         backup   Back up now through the page (seconds, server RSS growth), then
                                  that backup restored into an empty database (seconds)
                         import   a 20,000-row spares .xlsx uploaded, previewed and confirmed through
                                  the pages: seconds, server RSS growth (then undone)
                       e.g. --only browser,search                                              [all]
  --duration <s>       seconds per concurrent measurement (pages at N users, /api runs)   [10]
  --samples <n>        requests per page for the one-user-at-a-time figures              [60]
  --load-duration <s>  seconds of the mixed load of N users                              [15]
  --full               the budget's full 60 s mixed load
  --connections <n>    concurrent signed-in users                                          [20]
  --runs <n>           browser loads per page and searches per list (after a warm-up)      [5]
  --chromium <path>    the browser        [CHROMIUM_PATH or /usr/bin/chromium; never downloaded]
  --build-dir <dir>    build directory (kept apart from other builds)               [build-bench]
  --out <dir>          where results go                                         [bench-results]
  --language <code>    the bench's users read PlantOps in this language (a catalogue's code,
                       app/i18n/locales): every phase measures its pages in it            [en]
  --keep               keep the temp DATA_DIR (its path is printed)`;

/** The main pages: every phase that measures pages measures these. */
const MAIN_PAGES = [
  "/home",
  "/products",
  "/products/Electrician",
  "/firefight",
  "/technician",
  "/about",
  "/amc",
  "/rackadmin",
  "/AS11",
  "/as15/records",
  "/settings",
];
/** Pages only the admin may open (the bench's first account is the admin). */
const ADMIN_PAGES = new Set(["/settings"]);
const PASSWORD = "bench correct horse";

const { values: flags } = parseArgs({
  options: {
    only: { type: "string" },
    duration: { type: "string", default: "10" },
    samples: { type: "string", default: "60" },
    "load-duration": { type: "string" },
    full: { type: "boolean", default: false },
    connections: { type: "string", default: "20" },
    runs: { type: "string", default: "5" },
    chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    "build-dir": { type: "string", default: "build-bench" },
    out: { type: "string", default: "bench-results" },
    keep: { type: "boolean", default: false },
    language: { type: "string", default: "en" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (flags.help) {
  console.log(usage);
  process.exit(0);
}
const only = flags.only?.split(",").map((name) => name.trim()) ?? [...PHASES];
const unknown = only.filter((name) => !PHASES.includes(name as PhaseName));
if (unknown.length) {
  console.error(`Unknown phase ${unknown.join(", ")}; the phases are ${PHASES.join(", ")}.\n\n${usage}`);
  process.exit(2);
}
const selected = new Set(only as PhaseName[]);
const options: BenchOptions = {
  duration: Number(flags.duration),
  samples: Number(flags.samples),
  loadDuration: Number(flags["load-duration"] ?? (flags.full ? 60 : 15)),
  connections: Number(flags.connections),
  runs: Math.max(1, Number(flags.runs)),
  chromium: flags.chromium,
  buildDir: flags["build-dir"],
  language: flags.language,
};
const log = (line: string) => console.log(`[bench] ${line}`);

/** Plant-scale data, the signed-in users, and which main pages answer. */
async function prepare(app: RunningApp, dataDir: string, rows: Row[]): Promise<Bench> {
  const url = app.url;
  const databaseUrl = embeddedDatabaseUrl(dataDir);
  const today = dateInZone(new Date(), process.env.PLANT_TIME_ZONE ?? "Asia/Kolkata");
  log("seeding plant scale…");
  const seeded = await seedDatabase(databaseUrl, { scale: "plant", today });
  log(`seeded in ${seeded.seconds.toFixed(1)} s: ${JSON.stringify(seeded.counts)}`);
  // The first account registered is the admin (so /settings answers); the rest are staff.
  log(`registering and signing in ${options.connections} users…`);
  const emails = Array.from({ length: options.connections }, (_, index) => `bench-${index}@plant.test`);
  for (const email of emails) await registerAccount(url, email, PASSWORD);
  if (options.language !== "en") {
    // As each person would choose it on /account: the pages, their words and fonts in that language.
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await sql`update users set language = ${options.language} where email = any(${emails})`;
    await sql.end();
    log(`the users read PlantOps in "${options.language}"`);
  }
  const cookies: string[] = [];
  for (const email of emails) cookies.push(await signIn(url, email, PASSWORD));
  const token = await apiToken(url, emails[0], PASSWORD);
  const asUser = (index: number) => ({ cookie: cookies[index % cookies.length] });

  const listing = await fetch(`${url}/api`, { headers: { authorization: `Bearer ${token}` } });
  const endpoints = listing.ok ? ((await listing.json()) as { endpoints: unknown[] }).endpoints.length : 0;
  log(`GET /api lists ${endpoints} endpoints`);

  const pages: MainPage[] = [];
  for (const page of MAIN_PAGES) {
    const response = await fetch(`${url}${page}`, { headers: asUser(0), redirect: "manual" });
    const html = await response.text();
    if (response.status === 200) pages.push({ path: page, html, adminOnly: ADMIN_PAGES.has(page) });
    else
      rows.push({
        id: `page.${page}`,
        group: "Pages",
        label: `${page} missing`,
        unit: "count",
        measured: response.status,
        budget: { op: "=", limit: 200 },
        note: "status; not measured",
      });
  }
  return {
    options,
    log,
    app,
    url,
    dataDir,
    buildDir: path.resolve(root, options.buildDir),
    databaseUrl,
    pages,
    cookies,
    asUser,
    token,
  };
}

async function main() {
  const startedAt = new Date().toISOString();
  ensureBuild(options.buildDir, log);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-bench-"));
  fs.chmodSync(dataDir, 0o755);
  const rows: Row[] = [];
  let app: RunningApp | undefined;
  try {
    const started = await startUp({
      dataDir,
      port: await freePort(),
      buildDir: options.buildDir,
      measure: selected.has("start"),
      log,
    });
    app = started.app;
    rows.push(...started.rows);
    const fresh: AppMemory = readAppMemory(app);
    const bench = await prepare(app, dataDir, rows);

    const phases: Record<PhaseName, Phase> = {
      start: async () => [],
      assets: assetsPhase,
      latency: latencyPhase,
      ledger: ledgerPhase,
      load: loadPhase,
      api: apiPhase,
      browser: browserPhase,
      memory: (bench) =>
        memoryPhase(
          bench,
          fresh,
          selected.has("load") ? "after the load" : "after the phases run (without the load)",
        ),
      search: searchPhase,
      charts: chartsPhase,
      export: exportPhase,
      backup: backupPhase,
      import: importPhase,
    };
    // The machine's load when each phase started: the browser figures move with it on a shared machine.
    const phaseLog: { name: PhaseName; startedAt: string; load: number }[] = [];
    for (const name of PHASES) {
      if (!selected.has(name) || name === "start") continue;
      const load = os.loadavg()[0];
      phaseLog.push({ name, startedAt: new Date().toISOString(), load });
      log(`── phase ${name} (load average ${load.toFixed(1)} on ${os.cpus().length} cores)`);
      try {
        rows.push(...(await phases[name](bench)));
      } catch (error) {
        // One broken phase (no Chromium, say) must not cost the figures of the others.
        const message = (error as Error).message.split("\n")[0];
        log(`phase ${name} failed: ${(error as Error).stack ?? message}`);
        rows.push({
          id: `phase.${name}`,
          group: "Phases",
          label: `${name} did not finish`,
          unit: "count",
          measured: null,
          budget: { op: "=", limit: 0 },
          note: message,
        });
      }
    }

    const results: Results = {
      startedAt,
      finishedAt: new Date().toISOString(),
      machine: machine(),
      options: { ...options, only: [...selected] },
      phases: phaseLog,
      rows,
    };
    const outDir = path.resolve(root, flags.out);
    const previous = readPrevious(outDir);
    console.log("");
    const failed = printTable(results, previous);
    const file = writeResults(outDir, results);
    console.log(
      `Results: ${path.relative(root, file)}${previous ? ` (previous run ${previous.startedAt})` : ""}`,
    );
    return failed > 0 ? 1 : 0;
  } finally {
    await app?.stop();
    if (flags.keep) console.log(`DATA_DIR kept: ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`\n${(error as Error).stack ?? error}`);
  process.exitCode = 1;
}
