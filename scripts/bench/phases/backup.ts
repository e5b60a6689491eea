import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { restoreBackup } from "#app/backups/restore.server.ts";
import { embeddedUrl } from "../../embedded-postgres.ts";
import { BIG_DEPARTMENT, growDepartment } from "../../seed/run.ts";
import { appPids, childrenOf, statusField } from "../app.ts";
import { type Bench, MB, settle, sleep } from "../context.ts";
import { percentile } from "../measure.ts";
import type { Row } from "../report.ts";
import { resetPeak, SETTLE_MS } from "./export.ts";
import { BIG_LINES } from "./search.ts";

// Issue 34's budgets, at plant scale with the 100,000-line department (grown by the search phase):
// "Back up now" through the page ≤ 30 s, the web server's RSS growing ≤ 32 MB over a settled before
// (measured as the export phase measures a download: VmHWM reset, sampled; the backup's own work
// runs in a child process of the web server, whose peak RSS is noted beside it); and that backup
// restored into a new database on the same PostgreSQL ≤ 60 s.

export const BACKUP_SECONDS = 30;
export const RESTORE_SECONDS = 60;
export const BACKUP_RSS_BUDGET_MB = 32;
const SAMPLE_MS = 20;

export async function backupPhase(bench: Bench): Promise<Row[]> {
  const added = await growDepartment(bench.databaseUrl, BIG_DEPARTMENT, BIG_LINES);
  if (added)
    bench.log(`backup: grew ${BIG_DEPARTMENT} by ${added} lines to ${BIG_LINES.toLocaleString("en")}`);
  const group = "Backups: plant scale, the 100,000-line department included";
  const pid = appPids(bench.dataDir).server;
  const rss = () => statusField(pid, "VmRSS");
  await sleep(SETTLE_MS);
  const before = rss();
  const hwm = resetPeak(pid);
  let sampled = before;
  let childPeak = 0;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, rss());
  }, SAMPLE_MS);
  // The child's own high-water mark: read less often (finding it reads every process's status).
  const childSampler = setInterval(() => {
    for (const child of childrenOf(pid).filter(isBackupProcess))
      childPeak = Math.max(childPeak, statusField(child, "VmHWM"));
  }, 100);
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(`${bench.url}/settings/backups`, {
      method: "POST",
      headers: { ...bench.asUser(0), origin: bench.url, "content-type": "application/x-www-form-urlencoded" },
      body: "intent=back-up-now",
      redirect: "manual",
    });
  } finally {
    clearInterval(sampler);
    clearInterval(childSampler);
  }
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 302) throw new Error(`Back up now answered ${response.status}`);
  const peak = Math.max(sampled, rss(), hwm ? statusField(pid, "VmHWM") : 0);
  const dir = path.join(bench.dataDir, "backups");
  const [file] = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".backup.gz"))
    .sort()
    .reverse();
  const bytes = fs.statSync(path.join(dir, file)).size;
  bench.log(
    `backup: ${seconds.toFixed(1)} s, ${(bytes / MB).toFixed(1)} MB, web server RSS ${(before / MB).toFixed(1)} → peak ${(peak / MB).toFixed(1)} MB, the backup's process peak ${(childPeak / MB).toFixed(1)} MB`,
  );

  const admin = postgres(embeddedUrl(bench.dataDir, "postgres") ?? "", { max: 1, onnotice: () => {} });
  const name = "bench_restore";
  let restoreSeconds: number;
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
    const target = new URL(embeddedUrl(bench.dataDir, "postgres") ?? "");
    target.pathname = `/${name}`;
    const report = await restoreBackup(target.toString(), path.join(dir, file));
    restoreSeconds = report.seconds;
    bench.log(
      `restore: ${restoreSeconds.toFixed(1)} s, ${report.tables.reduce((sum, table) => sum + table.rows, 0)} rows`,
    );
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
  const during = await pagesWhileBackingUp(bench);
  bench.log(
    `pages while backing up: ${during.count} loads, p95 ${during.p95.toFixed(0)} ms (without a backup: ${during.baseline.toFixed(0)} ms)`,
  );
  return [
    {
      id: "backup.pages.p95",
      group,
      label: "every main page, one user at a time, while Back up now runs: p95 (ms to last byte)",
      unit: "ms",
      measured: during.p95,
      budget: { op: "<", limit: 100 },
      note: `${during.count} loads over ${during.seconds.toFixed(1)} s; without a backup ${during.baseline.toFixed(0)} ms`,
    },
    {
      id: "backup.seconds",
      group,
      label: "Back up now (the page; the work in a child process of the web server): seconds",
      unit: "s",
      measured: seconds,
      budget: { op: "≤", limit: BACKUP_SECONDS },
      note: `${(bytes / MB).toFixed(1)} MB file`,
    },
    {
      id: "backup.rss",
      group,
      label: "web server RSS growth while backing up (peak over a settled before)",
      unit: "MB",
      measured: (peak - before) / MB,
      budget: { op: "≤", limit: BACKUP_RSS_BUDGET_MB },
      note: `${(before / MB).toFixed(1)} → ${(peak / MB).toFixed(1)} MB${hwm ? "" : " (sampled)"}; the backup's process ${(childPeak / MB).toFixed(1)} MB at its peak`,
    },
    {
      id: "backup.restore",
      group,
      label: "npm run restore's work into an empty database: seconds (checked, loaded, counted, analysed)",
      unit: "s",
      measured: restoreSeconds,
      budget: { op: "≤", limit: RESTORE_SECONDS },
    },
  ];
}

/** The web server's child that takes its backups (app/backups/backup-process.server.ts). */
function isBackupProcess(pid: number) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("backup-process");
  } catch {
    return false;
  }
}

/** One load of a main page, to its last byte, in ms. */
async function loadPage(bench: Bench, main: Bench["pages"][number]) {
  const at = performance.now();
  const response = await fetch(`${bench.url}${main.path}`, { headers: bench.asUser(main.adminOnly ? 0 : 1) });
  await response.arrayBuffer();
  return performance.now() - at;
}

/** Every main page once more and twice measured, with no backup running: the figure to compare with. */
async function pagesWithoutBackup(bench: Bench) {
  await settle(bench.url);
  for (const main of bench.pages) await loadPage(bench, main);
  const durations: number[] = [];
  for (let round = 0; round < 2; round += 1)
    for (const main of bench.pages) durations.push(await loadPage(bench, main));
  return percentile(
    durations.sort((a, b) => a - b),
    95,
  );
}

/** The main pages, one at a time and round and round, for as long as one more "Back up now" runs. */
async function pagesWhileBackingUp(bench: Bench) {
  const baseline = await pagesWithoutBackup(bench);
  await settle(bench.url);
  const durations: number[] = [];
  let running = true;
  const started = performance.now();
  const backingUp = fetch(`${bench.url}/settings/backups`, {
    method: "POST",
    headers: { ...bench.asUser(0), origin: bench.url, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=back-up-now",
    redirect: "manual",
  }).finally(() => {
    running = false;
  });
  while (running) {
    for (const main of bench.pages) {
      if (!running) break;
      durations.push(await loadPage(bench, main));
    }
  }
  const answer = await backingUp;
  if (answer.status !== 302) throw new Error(`Back up now answered ${answer.status}`);
  return {
    baseline,
    count: durations.length,
    p95: percentile(
      durations.sort((a, b) => a - b),
      95,
    ),
    seconds: (performance.now() - started) / 1000,
  };
}
