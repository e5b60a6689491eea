// Backups (docs/decisions/014-backups.md): the pure rules shared by `npm run backup`, the nightly
// job, /settings and Today: a backup's file name, its format's framing, which PlantOps may read
// it, which backups are kept, and when the last one is too old.

import { wallClock } from "#app/lib/dates.ts";

/** The first line of every backup file (inside the gzip): the format and its version. */
export const BACKUP_MAGIC = "PLANTOPS BACKUP 1";
/** The line that opens a table's rows (COPY text format) and the line that ends them. */
export const TABLE_PREFIX = "TABLE ";
export const TABLE_END = "\\.\n";
/** The last line: the checksums, written once every row is out. */
export const TRAILER_PREFIX = "END ";

const NAME = /^plantops-(\d{4}-\d{2}-\d{2})-(\d{2})(\d{2})(\d{2})(?:-(\d+))?\.backup\.gz$/;

/** The manifest at the head of a backup: what wrote it and what it holds (rows counted in the snapshot). */
export type BackupHead = {
  plantops: string;
  migration: { tag: string; createdAt: number; applied: number };
  takenAt: string;
  timeZone: string;
  tables: { name: string; columns: string[]; rows: number }[];
  sequences: { name: string; value: string; isCalled: boolean }[];
};

/** The manifest's tail: the rows each table really had in the file, their checksums, the file's. */
export type BackupTrailer = {
  tables: Record<string, { rows: number; sha256: string }>;
  sha256: string;
};

/** The plant's wall clock at an instant, as the parts a backup's name is made of. */
export function plantClock(now: Date, timeZone: string) {
  const { date, hour, minute, second } = wallClock(now, timeZone);
  return { date, time: `${hour}${minute}${second}` };
}

/** plantops-2026-11-26-021500.backup.gz: sorts by time, says the plant's date and time. */
export function backupFileName(now: Date, timeZone: string, duplicate = 0): string {
  const { date, time } = plantClock(now, timeZone);
  return `plantops-${date}-${time}${duplicate > 0 ? `-${duplicate}` : ""}.backup.gz`;
}

/**
 * The name for a new backup beside `existing`: numbered one above the highest of its second, never
 * in a gap. A gap is a same-second backup the retention removed; filling it would name the new
 * backup older than the one kept, and the retention would then remove the new one.
 */
export function nextBackupFileName(existing: readonly string[], now: Date, timeZone: string): string {
  const base = backupFileName(now, timeZone);
  const stem = base.slice(0, -".backup.gz".length);
  let highest = -1;
  for (const name of existing) {
    const match = NAME.exec(name);
    if (!match || !name.startsWith(stem)) continue;
    if (name === base || name.startsWith(`${stem}-`)) highest = Math.max(highest, Number(match[5] ?? 0));
  }
  return backupFileName(now, timeZone, highest + 1);
}

/** The plant date and time a backup's name carries; undefined for a file that is not one of ours. */
export function parseBackupName(name: string): { date: string; time: string } | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  return { date: match[1], time: `${match[2]}:${match[3]}:${match[4]}` };
}

/** Newest first: by the plant date and time in the name, then by the number of a same-second one. */
export function newestFirst(a: string, b: string): number {
  const key = (name: string) => {
    const match = NAME.exec(name);
    return match ? `${match[1]}${match[2]}${match[3]}${match[4]}-${(match[5] ?? "0").padStart(4, "0")}` : "";
  };
  const [x, y] = [key(a), key(b)];
  return x === y ? 0 : x < y ? 1 : -1;
}

/** 1.10.0 against 1.9.3: negative when a is older, positive when newer. */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) =>
    version
      .split(/[.+-]/)
      .slice(0, 3)
      .map((part) => Number(part) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let index = 0; index < 3; index += 1) {
    const difference = (x[index] ?? 0) - (y[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export type Retention = { daily: number; weekly: number; monthly: number };
export const DEFAULT_RETENTION: Retention = { daily: 7, weekly: 4, monthly: 12 };

/** Monday of the week a date is in (weeks start on Monday), as YYYY-MM-DD. */
function weekOf(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  const shift = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - shift * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The backups kept: the newest of each of the last `daily` days that have one, of the last
 * `weekly` weeks and of the last `monthly` months (a backup may count for all three), and always
 * the newest of all. Names that are not backups are never touched.
 */
export function backupsToKeep(names: readonly string[], retention: Retention): Set<string> {
  const dated = names
    .map((name) => ({ name, parsed: parseBackupName(name) }))
    .filter((entry): entry is { name: string; parsed: { date: string; time: string } } => !!entry.parsed)
    .sort((a, b) => newestFirst(a.name, b.name));
  const keep = new Set<string>();
  if (dated[0]) keep.add(dated[0].name);
  const newestPer = (key: (date: string) => string, count: number) => {
    const seen = new Set<string>();
    for (const { name, parsed } of dated) {
      const bucket = key(parsed.date);
      if (seen.has(bucket)) continue;
      if (seen.size >= count) break;
      seen.add(bucket);
      keep.add(name);
    }
  };
  newestPer((date) => date, retention.daily);
  newestPer(weekOf, retention.weekly);
  newestPer((date) => date.slice(0, 7), retention.monthly);
  return keep;
}

/** Today's card for admins: no good backup, or the last one older than this. */
export const BACKUP_STALE_HOURS = 26;

export function backupIsStale(lastGood: Date | undefined, now: Date): boolean {
  return !lastGood || now.getTime() - lastGood.getTime() > BACKUP_STALE_HOURS * 3_600_000;
}
