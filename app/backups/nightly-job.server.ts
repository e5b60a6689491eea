import { getBackupSettings, runBackup } from "#app/backups/run.server.ts";
import { db } from "#app/db/client.server.ts";
import { type Job, rescheduleJob } from "#app/jobs/jobs.server.ts";
import { sendMailSoon } from "#app/mail/send-job.server.ts";
import { digestCron } from "#app/reminders/rules.ts";

// The nightly backup (app/backups, README "Backups"): at the backup time of /settings/backups
// (default 02:00, in PLANT_TIME_ZONE), once across instances (a pg-boss schedule); keeps the
// retention's daily, weekly and monthly backups and removes the rest. A failure is mailed to the
// admins through the outbox (sent at once) and shown on their Today (runBackup).

export function nightlyBackup(now = new Date()) {
  return runBackup("nightly", null, now);
}

export const nightlyBackupJob: Job<Awaited<ReturnType<typeof nightlyBackup>>> = {
  name: "nightly-backup",
  cron: async () => digestCron((await getBackupSettings(db)).time),
  short: true,
  run: async () => {
    const outcome = await nightlyBackup();
    if (!outcome.ok) await sendMailSoon();
    return outcome;
  },
};

/** After /settings/backups changes the backup time: the nightly backup's schedule follows. */
export const rescheduleBackup = () => rescheduleJob(nightlyBackupJob.name);
