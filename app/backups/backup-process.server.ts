import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type BackupOptions, type BackupResult, createBackup } from "#app/backups/backup.server.ts";
import { migrationsFolder } from "#app/db/migrate.server.ts";

// A backup the web server takes ("Back up now", the nightly job) runs in a child process at a
// lower OS priority (docs/decisions/014-backups.md, Revisited): reading COPY's rows, hashing and
// gzip are seconds of CPU, and on the web server's own event loop every page waited behind them.
// In its own process the kernel runs it when the cores are free and the web server's pages first.
// The snapshot is still one transaction: the child opens the one connection and does everything.

/** The child's nice value: below normal, not the lowest (a busy machine must not starve it for long). */
export const BACKUP_NICE = os.constants.priority.PRIORITY_BELOW_NORMAL;

/** This file, run by the child; found from the repository (the built server runs from build/). */
const CHILD = path.join(path.dirname(migrationsFolder), "app/backups/backup-process.server.ts");

type Job = {
  databaseUrl: string;
  dir: string;
  timeZone: string;
  now: string;
  snapshot?: string;
};
type Report =
  | { kind: "table"; table: string; index: number; total: number }
  | { kind: "done"; result: BackupResult }
  | { kind: "failed"; message: string };
type Order = { kind: "hold" } | { kind: "go" };

/**
 * createBackup in a child process at BACKUP_NICE: same file, same result, same errors (by their
 * message); options.onTable is called as the child reaches each table.
 */
export function createBackupAside(
  databaseUrl: string,
  dir: string,
  options: BackupOptions,
): Promise<BackupResult> {
  const job: Job = {
    databaseUrl,
    dir,
    timeZone: options.timeZone,
    now: (options.now ?? new Date()).toISOString(),
    snapshot: options.snapshot,
  };
  return new Promise((resolve, reject) => {
    // tsx, as `npm run backup` uses: the child runs this TypeScript file from the repository, in
    // the built server as under vitest. Its own arguments, not the web server's (--inspect, loaders).
    const child = fork(CHILD, [], {
      cwd: path.dirname(migrationsFolder),
      // A young generation of 1 MB rather than 16: the rows are short-lived garbage, collected as
      // often at no cost in time, and the child's peak RSS is 30 MB lower (about 100 MB, of which
      // 80 MB is Node.js with tsx before the first row).
      execArgv: ["--import", "tsx", "--max-semi-space-size=1"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      serialization: "advanced",
    });
    let outcome: Report | undefined;
    child.on("message", (report: Report) => {
      if (report.kind === "table") options.onTable?.(report.table, report.index, report.total);
      else outcome = report;
    });
    const watch = watchLoad(child);
    // An order sent as the child ends fails quietly (its callback); the outcome comes from "exit".
    child.on("error", reject);
    child.once("disconnect", watch);
    child.once("exit", (code, signal) => {
      watch();
      if (outcome?.kind === "done") resolve(outcome.result);
      else if (outcome?.kind === "failed") reject(new Error(outcome.message));
      else
        reject(
          new Error(`The backup's process ended (${signal ?? `exit code ${code}`}) before it finished.`),
        );
    });
    child.send(job, undefined, undefined, (error) => error && reject(error));
  });
}

/**
 * Every thread of this process at `nice` (on Linux a nice value is a thread's: the libuv threads
 * that run gzip and the file writes may have started before this code ran); elsewhere the process's.
 */
export function lowerPriority(nice: number) {
  let threads: number[] = [];
  try {
    threads = fs.readdirSync("/proc/self/task").map(Number);
  } catch {}
  for (const thread of threads.length > 0 ? threads : [0])
    try {
      os.setPriority(thread, nice);
    } catch {}
}

/** How a backup gives way to the web server (giveWay): milliseconds. */
export const GIVE_WAY = {
  /** The web server's event loop is sampled this often… */
  sampleMs: 10,
  /** …and counts as busy when it worked more than this share of the sample (a page being rendered). */
  busyShare: 0.25,
  /** The backup holds until the loop has been free this long (a page's queries between its renders). */
  quietMs: 50,
  /** A hold lasts at most this long, then the backup runs at least minGoMs: a busy server never starves it. */
  maxHoldMs: 250,
  minGoMs: 25,
};

export type Giving = { held: boolean; since: number; lastBusy: number };
export const NOT_HELD: Giving = { held: false, since: -Infinity, lastBusy: -Infinity };

/** Whether the backup holds now, from whether the web server's loop was busy in the last sample. */
export function giveWay(state: Giving, now: number, busy: boolean): Giving {
  const lastBusy = busy ? now : state.lastBusy;
  const serverWorking = now - lastBusy < GIVE_WAY.quietMs;
  if (state.held) {
    if (!serverWorking || now - state.since >= GIVE_WAY.maxHoldMs)
      return { held: false, since: now, lastBusy };
    return { ...state, lastBusy };
  }
  if (serverWorking && now - state.since >= GIVE_WAY.minGoMs) return { held: true, since: now, lastBusy };
  return { ...state, lastBusy };
}

/**
 * Tells the child to hold while this process's event loop works (pages being rendered), measured
 * as the loop's utilisation over each sample: the time it spent running callbacks rather than
 * waiting. Unlike a timer's lateness it does not count the time the machine itself made the loop
 * wait (another process on the core), which is no sign of a page in progress.
 */
function watchLoad(child: ChildProcess) {
  let state = NOT_HELD;
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization > GIVE_WAY.busyShare;
    last = now;
    const next = giveWay(state, performance.now(), busy);
    if (next.held !== state.held && child.connected)
      child.send({ kind: next.held ? "hold" : "go" } satisfies Order, undefined, undefined, () => {});
    state = next;
  }, GIVE_WAY.sampleMs);
  return () => clearInterval(timer);
}

/** The child: one job from the parent, its progress and its outcome sent back, then exit. */
async function runChild(job: Job) {
  const send = (report: Report) =>
    new Promise<void>((resolve) =>
      process.send ? process.send(report, undefined, undefined, () => resolve()) : resolve(),
    );
  let held = false;
  let resume = () => {};
  process.on("message", (order: Order) => {
    held = order.kind === "hold";
    if (!held) resume();
  });
  const pace = async () => {
    while (held)
      await new Promise<void>((resolve) => {
        resume = resolve;
      });
  };
  try {
    const result = await createBackup(job.databaseUrl, job.dir, {
      timeZone: job.timeZone,
      now: new Date(job.now),
      snapshot: job.snapshot,
      pace,
      onTable: (table, index, total) => void send({ kind: "table", table, index, total }),
    });
    await send({ kind: "done", result });
  } catch (error) {
    await send({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
  }
  process.exit(0);
}

// Run as the child (forked with an IPC channel onto this very file): wait for the job. A parent
// that goes away (the web server stopped) takes the backup with it: its `.partial` is left unnamed.
if (process.send && process.argv[1] === CHILD) {
  lowerPriority(BACKUP_NICE);
  process.once("message", (job: Job) => void runChild(job));
  process.once("disconnect", () => process.exit(1));
}
