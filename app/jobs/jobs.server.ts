import PgBoss from "pg-boss";
import { getBackupSettings } from "#app/backups/run.server.ts";
import { db } from "#app/db/client.server.ts";
import { withStartLock } from "#app/db/migrate.server.ts";
import { dailyDigestJob, digestTimeHasPassed, sendDailyDigest } from "#app/jobs/daily-digest.server.ts";
import { nightlyBackup, nightlyBackupJob } from "#app/jobs/nightly-backup.server.ts";
import { pruneSignIns, pruneSignInsJob } from "#app/jobs/prune-sign-ins.server.ts";
import { sendMailJob, sendQueuedMail } from "#app/jobs/send-mail.server.ts";
import { faultSummary, isDatabaseAway } from "#app/lib/database-away.ts";
import { serverSettings } from "#app/lib/env.server.ts";
import { logFault, logInfo, logWarning } from "#app/lib/log.server.ts";
import { digestCron } from "#app/reminders/rules.ts";
import { getPlantSettings } from "#app/settings/queries.server.ts";

// Scheduled and background work on a PostgreSQL-backed queue (pg-boss): jobs live in the plant's
// own database (schema `pgboss`, created and migrated by pg-boss at its first start), so several
// app instances share one queue and a scheduled job runs once, not once per instance.
// Schedules are cron lines in the plant's time zone (PLANT_TIME_ZONE).

let boss: PgBoss | undefined;
let starting: Promise<PgBoss> | undefined;
const workers: string[] = [];
let mailWorker: string | undefined;
let digestWorker: string | undefined;
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
 * is a minute too; a page that queues mail wakes its worker at once, sendMailSoon), and a
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
export function startJobs(databaseUrl: string): Promise<PgBoss> {
  stopping = false;
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
  const registered: string[] = [];
  try {
    await queue.start();
    const { PLANT_TIME_ZONE, SESSION_IDLE_HOURS } = serverSettings();
    const plant = await getPlantSettings(db);
    const backups = await getBackupSettings(db);
    // Under the migrations' lock: two instances creating the queues at once deadlock.
    await withStartLock(databaseUrl, async () => {
      await queue.createQueue(pruneSignInsJob.name);
      // "short": at most one waiting run, so a burst of sendMailSoon() calls is one run, not a hundred.
      await queue.createQueue(sendMailJob.name, { name: sendMailJob.name, policy: "short" });
      await queue.createQueue(dailyDigestJob.name, { name: dailyDigestJob.name, policy: "short" });
      await queue.createQueue(nightlyBackupJob.name, { name: nightlyBackupJob.name, policy: "short" });
      await queue.schedule(pruneSignInsJob.name, pruneSignInsJob.cron, {}, { tz: PLANT_TIME_ZONE });
      await queue.schedule(sendMailJob.name, sendMailJob.cron, {}, { tz: PLANT_TIME_ZONE });
      await queue.schedule(dailyDigestJob.name, digestCron(plant.digestTime), {}, { tz: PLANT_TIME_ZONE });
      await queue.schedule(nightlyBackupJob.name, digestCron(backups.time), {}, { tz: PLANT_TIME_ZONE });
    });

    registered.push(
      await queue.work(pruneSignInsJob.name, { pollingIntervalSeconds: POLL_SECONDS }, async () => {
        const counts = await pruneSignIns(db, Math.round(SESSION_IDLE_HOURS * 60));
        logInfo(`[jobs] ${pruneSignInsJob.name}: ${JSON.stringify(counts)}`);
        return counts;
      }),
    );

    const sender = await queue.work(sendMailJob.name, { pollingIntervalSeconds: POLL_SECONDS }, async () => {
      const counts = await sendQueuedMail();
      if (!("skipped" in counts) && counts.sent + counts.retrying + counts.failed > 0)
        logInfo(`[jobs] ${sendMailJob.name}: ${JSON.stringify(counts)}`);
      return counts;
    });
    registered.push(sender);

    const digest = await queue.work(
      dailyDigestJob.name,
      { pollingIntervalSeconds: POLL_SECONDS },
      async () => {
        const outcome = await sendDailyDigest();
        logInfo(`[jobs] ${dailyDigestJob.name}: ${JSON.stringify(outcome)}`);
        if ("messages" in outcome && outcome.messages > 0) await runMailSoon(queue);
        return outcome;
      },
    );
    registered.push(digest);

    registered.push(
      await queue.work(nightlyBackupJob.name, { pollingIntervalSeconds: POLL_SECONDS }, async () => {
        const outcome = await nightlyBackup();
        logInfo(`[jobs] ${nightlyBackupJob.name}: ${JSON.stringify(outcome)}`);
        if (!outcome.ok) await runMailSoon(queue);
        return outcome;
      }),
    );
    await catchUpDigest(queue, digest);
    workers.push(...registered);
    mailWorker = sender;
    digestWorker = digest;
    return queue;
  } catch (error) {
    await queue.stop({ graceful: false, wait: true }).catch(() => {});
    throw error;
  }
}

/**
 * Wakes the outbox sender now rather than at the next minute. Best effort: without a running queue
 * (a test, a start whose queue failed) the message stays queued for the next run.
 */
export async function sendMailSoon() {
  if (boss) await runMailSoon(boss).catch((error) => logWarning(`[jobs] ${faultSummary(error)}`));
}

/** Queues a run of the outbox sender and wakes its worker, which otherwise looks once a minute. */
async function runMailSoon(queue: PgBoss) {
  await queue.send(sendMailJob.name, {});
  if (mailWorker) queue.notifyWorker(mailWorker);
}

/** When today's digest time has passed, a run now (runDigest sends each person's digest once a day). */
async function catchUpDigest(queue: PgBoss, worker = digestWorker) {
  if (!(await digestTimeHasPassed())) return;
  await queue.send(dailyDigestJob.name, {});
  if (worker) queue.notifyWorker(worker);
}

/** How long a settings save waits for this instance's queue to finish its first start. */
const RESCHEDULE_WAIT_MS = 10_000;

/**
 * After /settings saves the digest time: the schedule follows (one row per name in the queue's
 * shared table, replaced, so every instance's queue reads the new time). A time moved to one
 * already past today runs today's digest now, as a restart would: the schedule's next run is
 * tomorrow's. A save while this instance's queue is still on its first start waits for it a
 * little (that start may have read the old time); a queue that is retrying reads the settings
 * afresh at its next try, so the save does not wait for it.
 */
export async function rescheduleDigest(time: string, changed: boolean) {
  try {
    const pending = status.state === "starting" ? starting : undefined;
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
    if (!queue) return;
    await queue.schedule(dailyDigestJob.name, digestCron(time), {}, { tz: serverSettings().PLANT_TIME_ZONE });
    if (changed) await catchUpDigest(queue);
  } catch (error) {
    logWarning(`[jobs] ${faultSummary(error)}`);
  }
}

/** After /settings/backups changes the backup time: the nightly backup's schedule follows. */
export async function rescheduleBackup(time: string) {
  await boss
    ?.schedule(nightlyBackupJob.name, digestCron(time), {}, { tz: serverSettings().PLANT_TIME_ZONE })
    .catch((error) => logWarning(`[jobs] ${faultSummary(error)}`));
}

/** Stops taking jobs, lets a running one finish (up to 1 s: a stop must end within 3 s) and closes the queue's connections. */
export async function stopJobs() {
  stopping = true;
  wakeRetry?.();
  status = { state: "stopped" };
  const running = boss ?? (await starting?.catch(() => undefined));
  boss = undefined;
  starting = undefined;
  workers.length = 0;
  mailWorker = undefined;
  digestWorker = undefined;
  await running?.stop({ graceful: true, timeout: 1_000, wait: true });
}

/** Wakes the workers at once instead of at their next poll (a job just sent; the tests). */
export function wakeWorkers() {
  for (const id of workers) boss?.notifyWorker(id);
}
