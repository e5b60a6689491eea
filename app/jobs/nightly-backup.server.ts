import { runBackup } from "#app/backups/run.server.ts";

// The nightly backup (app/backups, README "Backups"): at the backup time of /settings/backups
// (default 02:00, in PLANT_TIME_ZONE), once across instances (a pg-boss schedule); keeps the
// retention's daily, weekly and monthly backups and removes the rest. A failure is mailed to the
// admins through the outbox and shown on their Today (runBackup).

export const nightlyBackupJob = { name: "nightly-backup" } as const;

export function nightlyBackup(now = new Date()) {
  return runBackup("nightly", null, now);
}
