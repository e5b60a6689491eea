import PgBoss from "pg-boss";
import { db } from "#app/db/client.server.ts";
import { pruneSignIns, pruneSignInsJob } from "#app/jobs/prune-sign-ins.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";

// Scheduled and background work on a PostgreSQL-backed queue (pg-boss): jobs live in the plant's
// own database (schema `pgboss`, created and migrated by pg-boss at its first start), so several
// app instances share one queue and a scheduled job runs once, not once per instance.
// Schedules are cron lines in the plant's time zone (PLANT_TIME_ZONE).

let boss: PgBoss | undefined;
let starting: Promise<PgBoss> | undefined;
const workers: string[] = [];

/**
 * Issue 15 (idle memory): pg-boss's defaults look for work every 2 s and for due schedules every
 * 5 s, and its pool keeps a connection 10 s after use, so one PostgreSQL backend (~20 MB RSS after
 * the load) never went away. The plant's jobs are daily: look every minute, and close a connection
 * a second after its query, so at idle the queue holds no backend between its checks.
 */
const POLL_SECONDS = 60;
const QUIET_QUEUE = {
  cronWorkerIntervalSeconds: 45,
  cronMonitorIntervalSeconds: 45,
  idleTimeoutMillis: 1_000,
};

/** Starts the queue, registers every job's schedule and worker. Safe to call more than once. */
export function startJobs(databaseUrl: string): Promise<PgBoss> {
  starting ??= (async () => {
    const queue = new PgBoss({
      connectionString: databaseUrl,
      schema: "pgboss",
      application_name: "plantops-jobs",
      // Two connections are plenty for a few daily jobs (each PostgreSQL connection costs memory).
      max: 2,
      ...QUIET_QUEUE,
    });
    queue.on("error", (error) => console.error("[jobs]", error));
    await queue.start();
    const { PLANT_TIME_ZONE, SESSION_IDLE_HOURS } = serverSettings();

    await queue.createQueue(pruneSignInsJob.name);
    await queue.schedule(pruneSignInsJob.name, pruneSignInsJob.cron, {}, { tz: PLANT_TIME_ZONE });
    workers.push(
      await queue.work(pruneSignInsJob.name, { pollingIntervalSeconds: POLL_SECONDS }, async () => {
        const counts = await pruneSignIns(db, Math.round(SESSION_IDLE_HOURS * 60));
        console.log(`[jobs] ${pruneSignInsJob.name}: ${JSON.stringify(counts)}`);
        return counts;
      }),
    );

    boss = queue;
    return queue;
  })();
  starting.catch(() => {
    starting = undefined;
  });
  return starting;
}

/** Stops taking jobs, lets a running one finish (up to 1 s: a stop must end within 3 s) and closes the queue's connections. */
export async function stopJobs() {
  const running = boss ?? (await starting?.catch(() => undefined));
  boss = undefined;
  starting = undefined;
  workers.length = 0;
  await running?.stop({ graceful: true, timeout: 1_000, wait: true });
}

/** Wakes the workers at once instead of at their next poll (a job just sent; the tests). */
export function wakeWorkers() {
  for (const id of workers) boss?.notifyWorker(id);
}
