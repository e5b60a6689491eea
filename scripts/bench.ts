import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual, parseArgs } from "node:util";
import { freePort } from "#app/db/embedded.server.ts";
import { POOL } from "#app/db/pool.ts";
import { dateInZone } from "#app/lib/dates.ts";
import {
  apiToken,
  buildMtime,
  embeddedDatabaseUrl,
  ensureBuild,
  type RunningApp,
  readMemory,
  registerAccount,
  root,
  signIn,
  startApp,
} from "./bench/app.ts";
import { assetsOfPage, gzipLength, gzipSizeOf } from "./bench/assets.ts";
import { runLoad, type Step } from "./bench/measure.ts";
import { machine, printTable, type Results, type Row, readPrevious, writeResults } from "./bench/report.ts";
import { seedDatabase } from "./seed/run.ts";

// `npm run bench` (issue 8): the performance budgets of architecture.md, measured on this machine.
// Builds (outside the timings), starts the built app as `npm start` does on a fresh embedded
// database in a temp DATA_DIR, seeds plant scale, signs users in through the real forms, measures
// with autocannon, and prints one row per budget. Results go to bench-results/.

const usage = `Usage: npm run bench -- [options]
  --duration <s>       seconds per concurrent measurement (pages at N users, /api runs)   [10]
  --samples <n>        requests per page for the one-user-at-a-time figures              [60]
  --load-duration <s>  seconds of the mixed load of N users                              [15]
  --full               the budget's full 60 s mixed load
  --connections <n>    concurrent signed-in users                                          [20]
  --build-dir <dir>    build directory (kept apart from other builds)               [build-bench]
  --out <dir>          where results go                                         [bench-results]
  --keep               keep the temp DATA_DIR (its path is printed)`;

const MAIN_PAGES = [
  "/products",
  "/firefight",
  "/technician",
  "/about",
  "/amc",
  "/rackadmin",
  "/AS11",
  "/as15/records",
];
const API_LISTS = ["/api/Electrician/product", "/api/equipment/get"];
const PASSWORD = "bench correct horse";
const KB = 1000;
const MB = 1024 * 1024;

const { values: flags } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    samples: { type: "string", default: "60" },
    "load-duration": { type: "string" },
    full: { type: "boolean", default: false },
    connections: { type: "string", default: "20" },
    "build-dir": { type: "string", default: "build-bench" },
    out: { type: "string", default: "bench-results" },
    keep: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (flags.help) {
  console.log(usage);
  process.exit(0);
}
const options = {
  duration: Number(flags.duration),
  samples: Number(flags.samples),
  loadDuration: Number(flags["load-duration"] ?? (flags.full ? 60 : 15)),
  connections: Number(flags.connections),
  buildDir: flags["build-dir"],
};
const log = (line: string) => console.log(`[bench] ${line}`);
const rows: Row[] = [];
const add = (row: Row) => rows.push(row);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startBaseline(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts/bench/baseline-server.ts")],
    {
      cwd: root,
      env: { ...process.env, BASELINE_DATABASE_URL: databaseUrl, PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("baseline ready") && resolve());
    child.once("exit", (code) => reject(new Error(`the baseline server stopped (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/**
 * Waits until the app answers its health check quickly again: a run leaves the server rendering the
 * requests autocannon abandoned at its end, which would otherwise be charged to the next run.
 */
async function settle(url: string) {
  const deadline = Date.now() + 60_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    quick = ok && performance.now() - started < 50 ? quick + 1 : 0;
    await sleep(200);
  }
}

function firstDifference(a: unknown, b: unknown, at = "$"): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object") {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${at}.${key}`,
      );
      if (found) return found;
    }
  }
  return `${at}: ${JSON.stringify(a)?.slice(0, 60)} ≠ ${JSON.stringify(b)?.slice(0, 60)}`;
}

async function main() {
  const startedAt = new Date().toISOString();
  const buildDir = path.resolve(root, options.buildDir);
  ensureBuild(options.buildDir, log);
  const builtAt = buildMtime(options.buildDir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-bench-"));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  let app: RunningApp | undefined;
  let baseline: { url: string; child: ChildProcess } | undefined;
  try {
    // ── Start-up: first start creates the database; the second finds it. ──
    log(`first start on a fresh DATA_DIR (${dataDir})…`);
    const first = await startApp({ dataDir, port, buildDir: options.buildDir });
    await first.stop();
    const rebuilt = buildMtime(options.buildDir) !== builtAt;
    log("second start…");
    app = await startApp({ dataDir, port, buildDir: options.buildDir });
    const note = rebuilt ? "a build happened during it: the code changed meanwhile" : undefined;
    add({
      id: "start.first",
      group: "Start-up (npm start → ready)",
      label: "first start (creates the database)",
      unit: "s",
      measured: first.readyMs / 1000,
      budget: { op: "≤", limit: 15 },
      note,
    });
    add({
      id: "start.second",
      group: "Start-up (npm start → ready)",
      label: "second start",
      unit: "s",
      measured: app.readyMs / 1000,
      budget: { op: "≤", limit: 5 },
    });
    const fresh = readMemory(dataDir);
    const url = app.url;

    // ── Plant-scale data and signed-in users ──
    const databaseUrl = embeddedDatabaseUrl(dataDir);
    const today = dateInZone(new Date(), process.env.PLANT_TIME_ZONE ?? "Asia/Kolkata");
    log("seeding plant scale…");
    const seeded = await seedDatabase(databaseUrl, { scale: "plant", today });
    log(`seeded in ${seeded.seconds.toFixed(1)} s: ${JSON.stringify(seeded.counts)}`);
    log(`registering and signing in ${options.connections} users…`);
    const emails = Array.from({ length: options.connections }, (_, index) => `bench-${index}@plant.test`);
    for (const email of emails) await registerAccount(url, email, PASSWORD);
    const cookies: string[] = [];
    for (const email of emails) cookies.push(await signIn(url, email, PASSWORD));
    const token = await apiToken(url, emails[0], PASSWORD);
    const asUser = (index: number) => ({ cookie: cookies[index % cookies.length] });

    const listing = await fetch(`${url}/api`, { headers: { authorization: `Bearer ${token}` } });
    const endpoints = listing.ok ? ((await listing.json()) as { endpoints: unknown[] }).endpoints.length : 0;
    log(`GET /api lists ${endpoints} endpoints`);

    // ── Which main pages exist yet; their weight ──
    const pages: string[] = [];
    const htmlBytes = new Map<string, number>();
    for (const page of MAIN_PAGES) {
      const response = await fetch(`${url}${page}`, { headers: asUser(0), redirect: "manual" });
      const html = await response.text();
      if (response.status !== 200) {
        add({
          id: `page.${page}`,
          group: "Pages",
          label: `${page} missing`,
          unit: "count",
          measured: response.status,
          budget: { op: "=", limit: 200 },
          note: "status; not measured",
        });
        continue;
      }
      pages.push(page);
      const assets = assetsOfPage(html);
      const js = gzipSizeOf(buildDir, assets.js);
      const css = gzipSizeOf(buildDir, assets.css);
      const missing = [...js.missing, ...css.missing];
      const gz = gzipLength(html);
      htmlBytes.set(page, gz);
      add({
        id: `weight.html.${page}`,
        group: "Page weight (gzip)",
        label: `${page} HTML`,
        unit: "KB",
        measured: gz / KB,
        budget: { op: "<", limit: 60 },
      });
      add({
        id: `weight.js.${page}`,
        group: "Page weight (gzip)",
        label: `${page} JavaScript (${assets.js.length} files)`,
        unit: "KB",
        measured: js.bytes / KB,
        budget: { op: "≤", limit: 130 },
        note: missing.length ? `${missing.length} files not in the build` : undefined,
      });
      add({
        id: `weight.css.${page}`,
        group: "Page weight (gzip)",
        label: `${page} CSS (${assets.css.length} files)`,
        unit: "KB",
        measured: css.bytes / KB,
        budget: { op: "≤", limit: 20 },
      });
    }

    // ── One user at a time ──
    for (const page of pages) {
      await settle(url);
      await runLoad({ url, steps: [{ path: page }], connections: 1, amount: 5, headersFor: asUser });
      const { all } = await runLoad({
        url,
        steps: [{ path: page }],
        connections: 1,
        amount: options.samples,
        headersFor: asUser,
      });
      log(`1 user  ${page}: p50 ${all.p50.toFixed(0)} ms, p95 ${all.p95.toFixed(0)} ms`);
      add({
        id: `ttfb1.p50.${page}`,
        group: "One user at a time (ms to last byte ≥ TTFB)",
        label: `${page} p50`,
        unit: "ms",
        measured: all.p50,
      });
      add({
        id: `ttfb1.p95.${page}`,
        group: "One user at a time (ms to last byte ≥ TTFB)",
        label: `${page} p95`,
        unit: "ms",
        measured: all.p95,
        budget: { op: "<", limit: 100 },
        note: all.errors ? `${all.errors} errors` : undefined,
      });
    }

    // ── N signed-in users, page by page ──
    const group20 = `${options.connections} concurrent users, ${options.duration} s per page`;
    const perSecond = new Map<string, number>();
    for (const page of pages) {
      await settle(url);
      const { all } = await runLoad({
        url,
        steps: [{ path: page }],
        connections: options.connections,
        duration: options.duration,
        headersFor: asUser,
      });
      perSecond.set(page, all.perSecond);
      log(
        `${options.connections} users ${page}: ${all.perSecond.toFixed(0)}/s, p50 ${all.p50.toFixed(0)} ms, p95 ${all.p95.toFixed(0)} ms, ${all.errors} errors`,
      );
      add({
        id: `load20.p95.${page}`,
        group: group20,
        label: `${page} p95 (p50 ${all.p50.toFixed(0)} ms, ${all.perSecond.toFixed(0)}/s)`,
        unit: "ms",
        measured: all.p95,
        budget: { op: "<", limit: 1000 },
      });
      add({
        id: `load20.errors.${page}`,
        group: group20,
        label: `${page} errors`,
        unit: "count",
        measured: all.errors,
        budget: { op: "=", limit: 0 },
      });
    }
    const heaviest = [...htmlBytes].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (heaviest) {
      add({
        id: "load20.heaviest",
        group: group20,
        label: `heaviest table page ${heaviest}`,
        unit: "req/s",
        measured: perSecond.get(heaviest) ?? null,
        budget: { op: "≥", limit: 30 },
      });
    }

    // ── A realistic mix: browse the tables, save forms ──
    let serial = 5_000_000;
    const save: Step = {
      method: "POST",
      path: "/insertproduct/Electrician",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
      makeBody: () =>
        new URLSearchParams({
          srno: String(serial++),
          Assets: "Bench DG set",
          ComponentsAndEquipments: "Bench contactor",
          AvailableStock: "5",
          MinStock: "2",
          LeadTime: "7",
          StatusofOrder: "",
        }).toString(),
    };
    const mix: Step[] = [
      ...pages.map((page) => ({ path: page })),
      ...API_LISTS.map((api) => ({ path: api })),
      save,
    ];
    log(`mixed load: ${options.connections} users for ${options.loadDuration} s…`);
    await settle(url);
    const mixed = await runLoad({
      url,
      steps: mix,
      connections: options.connections,
      duration: options.loadDuration,
      headersFor: asUser,
      okStatuses: [302],
    });
    const groupMix = `Mixed load: ${options.connections} users, ${options.loadDuration} s (pages, /api lists, form saves)`;
    add({
      id: "mixed.p95",
      group: groupMix,
      label: `p95 (p50 ${mixed.all.p50.toFixed(0)} ms, ${mixed.all.perSecond.toFixed(0)} req/s)`,
      unit: "ms",
      measured: mixed.all.p95,
      budget: { op: "<", limit: 1000 },
    });
    add({
      id: "mixed.errors",
      group: groupMix,
      label: `errors (statuses ${JSON.stringify(mixed.all.statusCodes)})`,
      unit: "count",
      measured: mixed.all.errors,
      budget: { op: "=", limit: 0 },
    });
    const saves = mixed.byPath["/insertproduct/Electrician"];
    if (saves)
      add({
        id: "mixed.save.p95",
        group: groupMix,
        label: `form save p95 (${saves.requests} saves)`,
        unit: "ms",
        measured: saves.p95,
      });

    // ── /api lists against a bare node:http + postgres.js handler ──
    baseline = await startBaseline(databaseUrl);
    const groupApi = `/api throughput vs bare node:http + postgres.js (${options.connections} connections, ${options.duration} s each)`;
    for (const api of API_LISTS) {
      const [mine, bare] = await Promise.all([
        fetch(`${url}${api}`, { headers: asUser(0) }).then((response) =>
          response.ok ? response.json() : null,
        ),
        fetch(`${baseline.url}${api}`).then((response) => response.json()),
      ]);
      if (mine === null) {
        add({
          id: `api.${api}`,
          group: groupApi,
          label: `${api} missing`,
          unit: "%",
          measured: null,
          budget: { op: "≥", limit: 70 },
        });
        continue;
      }
      const difference = firstDifference(mine, bare);
      await settle(url);
      const appRun = await runLoad({
        url,
        steps: [{ path: api }],
        connections: options.connections,
        duration: options.duration,
        headersFor: asUser,
      });
      const bareRun = await runLoad({
        url: baseline.url,
        steps: [{ path: api }],
        connections: options.connections,
        duration: options.duration,
      });
      log(`${api}: app ${appRun.all.perSecond.toFixed(0)}/s, bare ${bareRun.all.perSecond.toFixed(0)}/s`);
      add({
        id: `api.ratio.${api}`,
        group: groupApi,
        label: `${api}: app ${appRun.all.perSecond.toFixed(0)}/s vs bare ${bareRun.all.perSecond.toFixed(0)}/s`,
        unit: "%",
        measured: (100 * appRun.all.perSecond) / bareRun.all.perSecond,
        budget: { op: "≥", limit: 70 },
        note: difference
          ? `JSON differs at ${difference}`
          : appRun.all.errors
            ? `${appRun.all.errors} errors`
            : undefined,
      });
    }
    baseline.child.kill("SIGTERM");
    baseline = undefined;

    // ── Memory at idle, after all that: once the pool has closed its idle connections ──
    await settle(url);
    await sleep((POOL.idleTimeoutSeconds + 10) * 1000);
    const idle = readMemory(dataDir);
    const groupMem = "Memory at idle (RSS)";
    add({
      id: "memory.idle",
      group: groupMem,
      label: `web server ${(idle.serverRss / MB).toFixed(0)} MB + PostgreSQL ${(idle.postgresRss / MB).toFixed(0)} MB (${idle.postgresProcesses} processes), after the load`,
      unit: "MB",
      measured: (idle.serverRss + idle.postgresRss) / MB,
      budget: { op: "≤", limit: 300 },
    });
    add({
      id: "memory.idle.pss",
      group: groupMem,
      label: "same, PSS (shared memory counted once)",
      unit: "MB",
      measured: idle.pss / MB,
    });
    add({
      id: "memory.fresh",
      group: groupMem,
      label: "web server + PostgreSQL just after start, empty database",
      unit: "MB",
      measured: (fresh.serverRss + fresh.postgresRss) / MB,
    });
    add({
      id: "memory.launcher",
      group: groupMem,
      label: "the npm start launcher process (tsx), not counted above",
      unit: "MB",
      measured: idle.launcherRss / MB,
    });

    const results: Results = {
      startedAt,
      finishedAt: new Date().toISOString(),
      machine: machine(),
      options,
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
    baseline?.child.kill("SIGTERM");
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
