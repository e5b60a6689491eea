import { describe, expect, it } from "vitest";
import {
  backupFileName,
  backupIsStale,
  backupsToKeep,
  compareVersions,
  DEFAULT_RETENTION,
  newestFirst,
  nextBackupFileName,
  parseBackupName,
} from "#app/backups/rules.ts";

describe("a backup's name", () => {
  it.each([
    [0, "plantops-2026-11-26-021530.backup.gz"],
    [2, "plantops-2026-11-26-021530-2.backup.gz"],
  ])("numbered %i, says the plant's date and time, and reads back: %s", (duplicate, name) => {
    expect(backupFileName(new Date("2026-11-25T20:45:30Z"), "Asia/Kolkata", duplicate)).toBe(name);
    expect(parseBackupName(name)).toEqual({ date: "2026-11-26", time: "02:15:30" });
  });

  it("of a second that has backups, is numbered above the highest, never in a gap the retention left", () => {
    const now = new Date("2026-11-25T20:45:30Z");
    const zone = "Asia/Kolkata";
    expect(nextBackupFileName([], now, zone)).toBe("plantops-2026-11-26-021530.backup.gz");
    expect(nextBackupFileName(["plantops-2026-11-26-021530.backup.gz"], now, zone)).toBe(
      "plantops-2026-11-26-021530-1.backup.gz",
    );
    // The first of the second was removed by the retention: the new one must still sort newest.
    const next = nextBackupFileName(["plantops-2026-11-26-021530-1.backup.gz", "notes.txt"], now, zone);
    expect(next).toBe("plantops-2026-11-26-021530-2.backup.gz");
    expect(newestFirst(next, "plantops-2026-11-26-021530-1.backup.gz")).toBeLessThan(0);
    expect(
      nextBackupFileName(
        ["plantops-2026-11-26-021531.backup.gz", "plantops-2026-11-26-0215300.backup.gz"],
        now,
        zone,
      ),
    ).toBe("plantops-2026-11-26-021530.backup.gz");
  });

  it("is not one of ours otherwise", () => {
    expect(parseBackupName("notes.txt")).toBeUndefined();
    expect(parseBackupName(".plantops-2026-11-26-021530.backup.gz.partial")).toBeUndefined();
  });
});

describe("the order of backups", () => {
  it("puts the newest first, a second one of the same second before the first", () => {
    const names = [
      "plantops-2026-11-25-020000.backup.gz",
      "plantops-2026-11-26-020000.backup.gz",
      "plantops-2026-11-26-020000-1.backup.gz",
      "plantops-2026-11-26-020000-10.backup.gz",
      "plantops-2026-11-26-020000-2.backup.gz",
    ];
    expect([...names].sort(newestFirst)).toEqual([
      "plantops-2026-11-26-020000-10.backup.gz",
      "plantops-2026-11-26-020000-2.backup.gz",
      "plantops-2026-11-26-020000-1.backup.gz",
      "plantops-2026-11-26-020000.backup.gz",
      "plantops-2026-11-25-020000.backup.gz",
    ]);
  });
});

describe("versions", () => {
  it("compare by number, part by part", () => {
    expect(compareVersions("0.10.0", "0.9.3")).toBeGreaterThan(0);
    expect(compareVersions("0.1.0", "0.1.0")).toBe(0);
    expect(compareVersions("0.1.0", "1.0.0")).toBeLessThan(0);
  });
});

describe("which backups are kept", () => {
  // One backup a night at 02:00 for 400 nights, ending 2026-11-26 (a Thursday).
  const nights = Array.from({ length: 400 }, (_, index) => {
    const day = new Date(Date.UTC(2026, 10, 26) - index * 86_400_000).toISOString().slice(0, 10);
    return `plantops-${day}-020000.backup.gz`;
  });

  it("keeps 7 daily, 4 weekly and 12 monthly, the newest of each", () => {
    const kept = [...backupsToKeep(nights, DEFAULT_RETENTION)].sort().reverse();
    const days = kept.map((name) => parseBackupName(name)?.date);
    expect(days.slice(0, 7)).toEqual([
      "2026-11-26",
      "2026-11-25",
      "2026-11-24",
      "2026-11-23",
      "2026-11-22",
      "2026-11-21",
      "2026-11-20",
    ]);
    // The weeks (Monday first) before: their Sunday night, and the months' last nights.
    expect(days).toContain("2026-11-15");
    expect(days).toContain("2026-10-31");
    expect(days).toContain("2025-12-31");
    expect(days).not.toContain("2025-11-30");
    expect(kept).toHaveLength(7 + 2 + 11);
  });

  it("keeps the newest always, and never counts other files", () => {
    expect([...backupsToKeep(["notes.txt", nights[5]], { daily: 0, weekly: 0, monthly: 0 })]).toEqual([
      nights[5],
    ]);
  });
});

describe("Today's card for admins", () => {
  it("shows after 26 hours without a good backup, or none at all", () => {
    const now = new Date("2026-11-26T10:00:00Z");
    expect(backupIsStale(undefined, now)).toBe(true);
    expect(backupIsStale(new Date("2026-11-25T08:30:00Z"), now)).toBe(false);
    expect(backupIsStale(new Date("2026-11-25T07:30:00Z"), now)).toBe(true);
  });
});
