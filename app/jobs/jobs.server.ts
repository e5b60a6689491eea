import PgBoss from "pg-boss";
import { getBackupSettings } from "#app/backups/run.server.ts";
import { db } from "#app/db/client.server.ts";
import { dailyDigestJob, digestDueAtStart, sendDailyDigest } from "#app/jobs/daily-digest.server.ts";
import { nightlyBackup, nightlyBackupJob } from "#app/jobs/nightly-backup.server.ts";
import { pruneSignIns, pruneSignInsJob } from "#app/jobs/prune-sign-ins.server.ts";
import { sendMailJob, sendQueuedMail } from "#app/jobs/send-mail.server.ts";
import { serverSettings } from "#app/lib/env.server.ts";
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
/**
 * Set once the app is stopping: PostgreSQL then ends the queue's last connections as it shuts
 * down ("terminating connection due to administrator command", 57P01, when the queue's own stop ran
 * out of its second), which is expected and not worth a page of stack in the stop's output.
 */
let stopping = false;

/**
 * Issue 15 (idle memory): pg-boss's defaults look for work every 2 s and for due schedules every
 * 5 s, and its pool keeps a connection 10 s after use, so one PostgreSQL backend (~20 MB RSS after
 * the load) never went away. Every worker looks once a minute (the outbox's schedule is a minute
 * too; a page that queues mail wakes its worker at once, sendMailSoon), and a connection closes a
 * second after its query, so at idle the queue holds no backend between its checks.
 */
const POLL_SECONDS = 60;
const QUIET_QUEUE = {
  cronWorkerIntervalSeconds: 45,
  cronMonitorIntervalSeconds: 45,
  idleTimeoutMillis: 1_000,
};

/** Starts the queue, registers every job's schedule and worker. Safe to call more than once. */
export function startJobs(databaseUrl: string): Promise<PgBoss> {
  stopping = false;
  starting ??= (async () => {
    const queue = new PgBoss({
      connectionString: databaseUrl,
      schema: "pgboss",
      application_name: "plantops-jobs",
      // Two connections are plenty for a few daily jobs (each PostgreSQL connection costs memory).
      max: 2,
      ...QUIET_QUEUE,
    });
    queue.on("error", (error) => {
      if (!stopping) console.error("[jobs]", error);
    });
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

    // "short": at most one waiting run, so a burst of sendMailSoon() calls is one run, not a hundred.
    await queue.createQueue(sendMailJob.name, { name: sendMailJob.name, policy: "short" });
    await queue.schedule(sendMailJob.name, sendMailJob.cron, {}, { tz: PLANT_TIME_ZONE });
    mailWorker = await queue.work(sendMailJob.name, { pollingIntervalSeconds: POLL_SECONDS }, async () => {
      const counts = await sendQueuedMail();
      if (!("skipped" in counts) && counts.sent + counts.retrying + counts.failed > 0)
        console.log(`[jobs] ${sendMailJob.name}: ${JSON.stringify(counts)}`);
      return counts;
    });
    workers.push(mailWorker);

    await queue.createQueue(dailyDigestJob.name, { name: dailyDigestJob.name, policy: "short" });
    const plant = await getPlantSettings(db);
    await queue.schedule(dailyDigestJob.name, digestCron(plant.digestTime), {}, { tz: PLANT_TIME_ZONE });
    const digestWorker = await queue.work(
      dailyDigestJob.name,
      { pollingIntervalSeconds: POLL_SECONDS },
      async () => {
        const outcome = await sendDailyDigest();
        console.log(`[jobs] ${dailyDigestJob.name}: ${JSON.stringify(outcome)}`);
        if ("messages" in outcome && outcome.messages > 0) await runMailSoon(queue);
        return outcome;
      },
    );
    workers.push(digestWorker);
    if (await digestDueAtStart()) {
      await queue.send(dailyDigestJob.name, {});
      queue.notifyWorker(digestWorker);
    }

    await queue.createQueue(nightlyBackupJob.name, { name: nightlyBackupJob.name, policy: "short" });
    const backups = await getBackupSettings(db);
    await queue.schedule(nightlyBackupJob.name, digestCron(backups.time), {}, { tz: PLANT_TIME_ZONE });
    workers.push(
      await queue.work(nightlyBackupJob.name, { pollingIntervalSeconds: POLL_SECONDS }, async () => {
        const outcome = await nightlyBackup();
        console.log(`[jobs] ${nightlyBackupJob.name}: ${JSON.stringify(outcome)}`);
        if (!outcome.ok) await runMailSoon(queue);
        return outcome;
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

/**
 * Wakes the outbox sender now rather than at the next minute. Best effort: without a running queue
 * (a test, a start whose queue failed) the message stays queued for the next run.
 */
export async function sendMailSoon() {
  if (boss) await runMailSoon(boss).catch((error) => console.error("[jobs]", error));
}

/** Queues a run of the outbox sender and wakes its worker, which otherwise looks once a minute. */
async function runMailSoon(queue: PgBoss) {
  await queue.send(sendMailJob.name, {});
  if (mailWorker) queue.notifyWorker(mailWorker);
}

/** After /settings changes the digest time: the schedule follows (one schedule per name, replaced). */
export async function rescheduleDigest(time: string) {
  await boss
    ?.schedule(dailyDigestJob.name, digestCron(time), {}, { tz: serverSettings().PLANT_TIME_ZONE })
    .catch((error) => console.error("[jobs]", error));
}

/** After /settings/backups changes the backup time: the nightly backup's schedule follows. */
export async function rescheduleBackup(time: string) {
  await boss
    ?.schedule(nightlyBackupJob.name, digestCron(time), {}, { tz: serverSettings().PLANT_TIME_ZONE })
    .catch((error) => console.error("[jobs]", error));
}

/** Stops taking jobs, lets a running one finish (up to 1 s: a stop must end within 3 s) and closes the queue's connections. */
export async function stopJobs() {
  stopping = true;
  const running = boss ?? (await starting?.catch(() => undefined));
  boss = undefined;
  starting = undefined;
  workers.length = 0;
  mailWorker = undefined;
  await running?.stop({ graceful: true, timeout: 1_000, wait: true });
}

/** Wakes the workers at once instead of at their next poll (a job just sent; the tests). */
export function wakeWorkers() {
  for (const id of workers) boss?.notifyWorker(id);
}
