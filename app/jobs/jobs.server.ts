import PgBoss from "pg-boss";
import { withStartLock } from "#app/db/migrate.server.ts";
import { faultSummary, isDatabaseAway } from "#app/lib/database-away.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { logFault, logInfo, logWarning } from "#app/lib/log.server.ts";

// Scheduled and background work on a PostgreSQL-backed queue (pg-boss): jobs live in the plant's
// own database (schema `pgboss`, created and migrated by pg-boss at its first start), so several
// app instances share one queue and a scheduled job runs once, not once per instance.
// Schedules are cron lines in the plant's time zone (PLANT_TIME_ZONE). This folder only runs the
// queue and knows no feature: each job (its schedule and its work) lives with its feature
// (e.g. app/mail/send-job.server.ts), app/jobs.server.ts lists them, and a feature's page wakes
// or reschedules its own job through runJobSoon() and rescheduleJob().

/** One job: what it does, and when. */
export type Job<Outcome = unknown> = {
  name: string;
  /** When it runs, a cron line in PLANT_TIME_ZONE; read at each start (a setting may hold the time). */
  cron: () => string | Promise<string>;
  /** At most one waiting run, so a burst of runJobSoon() calls is one run, not a hundred. */
  short?: boolean;
  run: () => Promise<Outcome>;
  /** Whether a run is worth a line in the log (default: every run). */
  logged?(outcome: Outcome): boolean;
  /** Whether a run is due now (its time passed today while no queue ran): asked at each start. */
  catchUp?: () => Promise<boolean>;
};

let boss: PgBoss | undefined;
/** The queue while it starts or runs: a job that wakes another during the start reaches it. */
let active: PgBoss | undefined;
let starting: Promise<PgBoss> | undefined;
let jobs: readonly Job[] = [];
/** The worker of each job, by the job's name. */
const workers = new Map<string, string>();
/**
 * Set once the app is stopping: PostgreSQL then ends the queue's last connections as it shuts
 * down ("terminating connection due to administrator command", 57P01, when the queue's own stop ran
 * out of its second), which is expected and not worth a page of stack in the stop's output.
 */
let stopping = false;

/**
 * Issue 15 (idle memory): pg-boss's defaults look for work every 2 s and for due schedules every
 * 5 s, and its pool keeps a connection 10 s after use, so one PostgreSQL backend (and its memory:
 * docs/performance.md) never went away. Every worker looks once a minute (the outbox's schedule
 * is a minute too; a page that queues mail wakes its worker at once, runJobSoon), and a
 * connection closes a second after its query, so at idle the queue holds no backend between its
 * checks.
 */
const POLL_SECONDS = 60;
/**
 * The schedules are looked at every 20 s, not 45: pg-boss sends a schedule's run only from a look
 * within 60 s after its minute, and a look is skipped when the last one (by any instance: the time
 * is one row of the shared schema) is not yet an interval old, which a few milliseconds of jitter
 * make it half the time. At 45 s the looks came two intervals apart as often as one (figures:
 * docs/performance.md), and a third of the minutes in such a gap pass unseen: the digest's run was
 * lost for the day, and only a restart's catch-up sent it. At 20 s two looks are at most 40 s
 * apart, on one instance or several.
 */
export const QUIET_QUEUE = {
  cronWorkerIntervalSeconds: 45,
  cronMonitorIntervalSeconds: 20,
  idleTimeoutMillis: 1_000,
};

export type JobsStatus = {
  /** starting: the first try; running: every worker registered; retrying: a try failed, another will come; stopped. */
  state: "starting" | "running" | "retrying" | "stopped";
  /** Why the last try failed (retrying only). */
  error?: string;
};

let status: JobsStatus = { state: "stopped" };

/** The queue's state, for /api/health: an instance without its jobs says so. */
export const jobsStatus = (): JobsStatus => status;

/** Wakes the wait between two tries when the app stops. */
let wakeRetry: (() => void) | undefined;

/** Seconds between tries: 2, 4, 8, 16, then every 30 s for as long as it takes. */
export const jobsRetrySeconds = (failures: number) => Math.min(30, 2 ** failures);

/**
 * Starts the queue, registers every job's schedule and worker; resolves once they run. A try that
 * fails (the database away, a deadlock with another instance's start) is logged in one line and
 * tried again until it succeeds or the app stops: an instance never serves on without its jobs.
 * Safe to call more than once.
 */
export function startJobs(databaseUrl: string, registry: readonly Job[]): Promise<PgBoss> {
  stopping = false;
  jobs = registry;
  starting ??= (async () => {
    status = { state: "starting" };
    for (let failures = 0; ; ) {
      try {
        const queue = await startQueue(databaseUrl);
        if (stopping) {
          await queue.stop({ graceful: false, wait: true }).catch(() => {});
          throw new Error("The app stopped before its job queue started.");
        }
        boss = queue;
        status = { state: "running" };
        if (failures > 0) logInfo(`[jobs] The job queue started after ${failures + 1} tries.`);
        return queue;
      } catch (error) {
        if (stopping) throw error;
        failures++;
        const wait = jobsRetrySeconds(failures);
        status = { state: "retrying", error: faultSummary(error) };
        logWarning(
          `[jobs] The job queue could not start (${faultSummary(error)}); trying again in ${wait} s. ` +
            "Until it starts, this instance sends no mail and runs no scheduled job.",
        );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait * 1000);
          wakeRetry = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeRetry = undefined;
        if (stopping) throw new Error("The app stopped before its job queue started.");
      }
    }
  })();
  starting.catch(() => {
    starting = undefined;
  });
  return starting;
}

/** One try: on failure the half-started queue is stopped and its workers forgotten. */
async function startQueue(databaseUrl: string): Promise<PgBoss> {
  const queue = new PgBoss({
    connectionString: databaseUrl,
    schema: "pgboss",
    application_name: "plantops-jobs",
    // Two connections are plenty for a few daily jobs (each PostgreSQL connection costs memory).
    max: 2,
    ...QUIET_QUEUE,
  });
  queue.on("error", (error) => {
    if (stopping) return;
    // The database going away (a restart) is expected: one line; the queue tries again by itself.
    if (isDatabaseAway(error)) logWarning(`[jobs] The database is not answering: ${faultSummary(error)}`);
    else logFault(`[jobs] ${(error as Error).stack ?? error}`);
  });
  const registered = new Map<string, string>();
  try {
    await queue.start();
    active = queue;
    const { PLANT_TIME_ZONE } = serverSettings();
    const crons = await Promise.all(jobs.map((job) => job.cron()));
    // Under the migrations' lock: two instances creating the queues at once deadlock.
    await withStartLock(databaseUrl, async () => {
      for (const job of jobs)
        await (job.short
          ? queue.createQueue(job.name, { name: job.name, policy: "short" })
          : queue.createQueue(job.name));
      for (const [index, job] of jobs.entries())
        await queue.schedule(job.name, crons[index], {}, { tz: PLANT_TIME_ZONE });
    });

    for (const job of jobs) {
      const worker = await queue.work(job.name, { pollingIntervalSeconds: POLL_SECONDS }, async () => {
        const outcome = await job.run();
        if (job.logged?.(outcome) ?? true) logInfo(`[jobs] ${job.name}: ${JSON.stringify(outcome)}`);
        return outcome;
      });
      registered.set(job.name, worker);
      workers.set(job.name, worker);
    }
    for (const job of jobs) await catchUp(queue, job);
    return queue;
  } catch (error) {
    active = undefined;
    for (const name of registered.keys()) workers.delete(name);
    await queue.stop({ graceful: false, wait: true }).catch(() => {});
    throw error;
  }
}

/**
 * Runs a job now rather than at its next time (the outbox sender when a page queues a message).
 * Best effort: without a running queue (a test, a start whose queue failed) the work waits for the
 * job's next run.
 */
export async function runJobSoon(name: string) {
  const queue = active;
  if (!queue) return;
  try {
    await queue.send(name, {});
    const worker = workers.get(name);
    if (worker) queue.notifyWorker(worker);
  } catch (error) {
    logWarning(`[jobs] ${faultSummary(error)}`);
  }
}

/** When a job's time has passed today, a run now (a job with a catch-up runs once a day whatever). */
async function catchUp(queue: PgBoss, job: Job) {
  if (!job.catchUp || !(await job.catchUp())) return;
  await queue.send(job.name, {});
  const worker = workers.get(job.name);
  if (worker) queue.notifyWorker(worker);
}

/** How long a save waits for this instance's queue to finish its first start (rescheduleJob). */
const RESCHEDULE_WAIT_MS = 10_000;

/**
 * After a page saves a job's time (the digest's on /settings, the backup's on /settings/backups):
 * the schedule follows (one row per name in the queue's shared table, replaced, so every
 * instance's queue reads the new time). `catchUp`: a time moved to one already past today runs
 * the job now, as a restart would: the schedule's next run is tomorrow's. `waitForStart`: a save
 * while this instance's queue is still on its first start waits for it a little (that start may
 * have read the old time); a queue that is retrying reads the settings afresh at its next try, so
 * the save does not wait for it.
 */
export async function rescheduleJob(
  name: string,
  options: { waitForStart?: boolean; catchUp?: boolean } = {},
) {
  try {
    const pending = options.waitForStart && status.state === "starting" ? starting : undefined;
    let timer: Parameters<typeof clearTimeout>[0];
    const queue =
      boss ??
      (pending &&
        (await Promise.race([
          pending.catch(() => undefined),
          new Promise<undefined>((resolve) => {
            timer = setTimeout(resolve, RESCHEDULE_WAIT_MS);
          }),
        ])));
    clearTimeout(timer);
    const job = jobs.find((candidate) => candidate.name === name);
    if (!queue || !job) return;
    await queue.schedule(name, await job.cron(), {}, { tz: serverSettings().PLANT_TIME_ZONE });
    if (options.catchUp) await catchUp(queue, job);
  } catch (error) {
    logWarning(`[jobs] ${faultSummary(error)}`);
  }
}

/** Stops taking jobs, lets a running one finish (up to 1 s: a stop must end within 3 s) and closes the queue's connections. */
export async function stopJobs() {
  stopping = true;
  wakeRetry?.();
  status = { state: "stopped" };
  const running = boss ?? (await starting?.catch(() => undefined));
  boss = undefined;
  active = undefined;
  starting = undefined;
  workers.clear();
  await running?.stop({ graceful: true, timeout: 1_000, wait: true });
}

/** Wakes the workers at once instead of at their next poll (a job just sent; the tests). */
export function wakeWorkers() {
  for (const id of workers.values()) boss?.notifyWorker(id);
}
