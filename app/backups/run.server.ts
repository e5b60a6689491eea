import fs from "node:fs";
import path from "node:path";
import { audit } from "#app/audit/log.server.ts";
import { adminEmails } from "#app/auth/queries.server.ts";
import { createBackupAside } from "#app/backups/backup-process.server.ts";
import { backupIsStale, backupsToKeep, newestFirst, parseBackupName } from "#app/backups/rules.ts";
import { type BackupSettings, backupSettingsSchema, DEFAULT_BACKUP_SETTINGS } from "#app/backups/schema.ts";
import { db, type Tx } from "#app/db/client.server.ts";
import { mailLanguage, wordsIn } from "#app/i18n/words.server.ts";
import { formatDateTimeGB } from "#app/lib/dates.ts";
import { backupDir, serverSettings } from "#app/lib/env.server.ts";
import type { WordedRefusal } from "#app/lib/outcome.ts";
import { queueMail } from "#app/mail/outbox.server.ts";
import { errorSummary } from "#app/mail/rules.ts";
import { getPlantSettings, readSetting, writeSetting } from "#app/settings/queries.server.ts";

// The backups the running app takes (the nightly job, "Back up now") and shows (/settings/backups,
// Today). The files in BACKUP_DIR are the truth about what exists; the database keeps only the
// settings and the last failure (a failure leaves no file to tell of it).

const SETTINGS_KEY = "backups";
const FAILURE_KEY = "backup-failure";

export async function getBackupSettings(tx: Tx = db): Promise<BackupSettings> {
  const parsed = backupSettingsSchema.safeParse((await readSetting(tx, SETTINGS_KEY)) ?? {});
  return parsed.success ? parsed.data : DEFAULT_BACKUP_SETTINGS;
}

export async function saveBackupSettings(value: BackupSettings, userId: string) {
  await db.transaction(async (tx) => {
    const before = await getBackupSettings(tx);
    await writeSetting(tx, SETTINGS_KEY, value, userId);
    await audit(tx, {
      userId,
      action: "update",
      entity: "settings",
      entityId: SETTINGS_KEY,
      before,
      after: value,
    });
  });
}

export type KeptBackup = { name: string; bytes: number; takenAt: Date };

/** The backups in a folder, newest first (only files named as ours; a `.partial` is not one). */
export function listBackups(dir = backupDir(serverSettings())): KeptBackup[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => parseBackupName(name))
    .sort(newestFirst)
    .map((name) => {
      const stat = fs.statSync(path.join(dir, name));
      return { name, bytes: stat.size, takenAt: stat.mtime };
    });
}

/** A kept backup's path, or undefined for any name that is not one (no path tricks). */
export function backupPath(name: string, dir = backupDir(serverSettings())): string | undefined {
  if (!parseBackupName(name)) return undefined;
  const file = path.join(dir, name);
  return fs.existsSync(file) ? file : undefined;
}

type Failure = { at: string; message: string };

async function lastFailure(tx: Tx): Promise<Failure | undefined> {
  return ((await readSetting(tx, FAILURE_KEY)) as Failure | undefined) ?? undefined;
}

/** Taken (its file, size and time; the backups the retention removed), or failed with the error's summary. */
export type BackupOutcome =
  | { ok: true; file: string; bytes: number; seconds: number; removed: string[] }
  | WordedRefusal<"failed">;

/**
 * Takes a backup now into BACKUP_DIR, then removes the backups the retention no longer keeps. A
 * failure is recorded (Today shows it to admins) and mailed to every admin through the outbox.
 */
export async function runBackup(
  reason: "nightly" | "now",
  userId: string | null,
  now = new Date(),
): Promise<BackupOutcome> {
  const env = serverSettings();
  const dir = backupDir(env);
  try {
    const result = await createBackupAside(env.DATABASE_URL, dir, { timeZone: env.PLANT_TIME_ZONE, now });
    const retention = await getBackupSettings();
    const names = listBackups(dir).map((backup) => backup.name);
    const keep = backupsToKeep(names, retention);
    const removed = names.filter((name) => !keep.has(name));
    for (const name of removed) fs.rmSync(path.join(dir, name), { force: true });
    if (reason === "now" && userId)
      await audit(db, {
        userId,
        action: "create",
        entity: "backup",
        entityId: path.basename(result.file),
        after: { file: path.basename(result.file), bytes: result.bytes, removed },
      });
    return { ok: true, file: result.file, bytes: result.bytes, seconds: result.seconds, removed };
  } catch (error) {
    const message = errorSummary(error);
    await recordFailure(reason, message, now, env.PLANT_TIME_ZONE, dir).catch((recording) =>
      console.error("[backups] could not record the failure:", recording),
    );
    return { ok: false, reason: "failed", message };
  }
}

async function recordFailure(reason: string, message: string, now: Date, timeZone: string, dir: string) {
  await db.transaction(async (tx) => {
    await writeSetting(tx, FAILURE_KEY, { at: now.toISOString(), message } satisfies Failure, null);
    const plantLanguage = (await getPlantSettings(tx)).language;
    for (const admin of await adminEmails(tx)) {
      // In each admin's language; the failure's own words (the system's) stay as they came.
      const say = wordsIn(mailLanguage(admin, plantLanguage), ["backups"]);
      const at = formatDateTimeGB(now, timeZone);
      await queueMail(tx, "backup", {
        to: admin.email,
        subject: say("PlantOps: the backup failed"),
        text: [
          reason === "nightly"
            ? say("The nightly backup of {at} failed:", { at })
            : say("The backup of {at} failed:", { at }),
          "",
          message,
          "",
          say(
            'Backups go to {dir}. Check the disk there (space, permissions), then use "Back up now" on /settings/backups.',
            { dir },
          ),
        ].join("\n"),
      });
    }
  });
}

export type BackupStatus = { last?: KeptBackup; failure?: Failure };

/** The last good backup, a failure since it (if any), and whether Today should warn. */
export async function backupStatus(
  tx: Tx = db,
  now = new Date(),
): Promise<BackupStatus & { stale: boolean }> {
  const last = listBackups()[0];
  const failure = await lastFailure(tx);
  const failedSince = failure && (!last || new Date(failure.at) > last.takenAt) ? failure : undefined;
  return { last, failure: failedSince, stale: backupIsStale(last?.takenAt, now) || !!failedSince };
}
