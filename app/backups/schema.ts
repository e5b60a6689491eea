import * as z from "zod/mini";
import { DEFAULT_RETENTION } from "#app/backups/rules.ts";

// The nightly backup's settings (/settings/backups): when it runs, and how many are kept.

const count = (what: string, max: number) =>
  z.coerce
    .number(`Enter how many ${what} backups to keep.`)
    .check(
      z.int(`Enter a whole number of ${what} backups.`),
      z.minimum(0, "At least 0."),
      z.maximum(max, `At most ${max}.`),
    );

export const backupSettingsSchema = z.object({
  time: z
    .string("Enter a time such as 02:00.")
    .check(z.trim(), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time such as 02:00.")),
  daily: count("daily", 60),
  weekly: count("weekly", 52),
  monthly: count("monthly", 120),
});

export type BackupSettings = z.infer<typeof backupSettingsSchema>;

export const DEFAULT_BACKUP_SETTINGS: BackupSettings = { time: "02:00", ...DEFAULT_RETENTION };
