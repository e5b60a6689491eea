import path from "node:path";
import { createBackup, pacer } from "#app/backups/backup.server.ts";
import { BACKUP_NICE, lowerPriority } from "#app/backups/backup-process.server.ts";
import { backupDir, parseSettings } from "#app/lib/env.server.ts";
import { openDatabase } from "./database.ts";

// `npm run backup`: one backup of the plant's database into BACKUP_DIR (README "Backups";
// docs/decisions/014-backups.md). Works while PlantOps runs (people keep working) and while it is
// stopped (the embedded database is started for the backup and stopped after). Like the web
// server's backups, it runs below normal priority and paced, so a running PlantOps's pages go first.
try {
  const settings = parseSettings(process.env);
  const database = await openDatabase(settings, (line) => console.log(line));
  if (!database) {
    console.error(`No embedded database in ${path.resolve(settings.DATA_DIR)} yet: run npm start once.`);
    process.exit(1);
  }
  // After the database's start: an embedded PostgreSQL started from here would inherit it.
  lowerPriority(BACKUP_NICE);
  try {
    const dir = backupDir(settings);
    console.log(`Backing up the ${database.label} into ${dir}`);
    const result = await createBackup(database.url, dir, {
      timeZone: settings.PLANT_TIME_ZONE,
      pace: pacer(),
    });
    const rows = result.head.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      [
        `Backup written: ${result.file}`,
        `  ${(result.bytes / 1_048_576).toFixed(1)} MB, ${result.head.tables.length} tables, ${rows} rows, in ${result.seconds.toFixed(1)} s`,
        `  PlantOps ${result.head.plantops}, migration ${result.head.migration.tag}, checksum ${result.trailer.sha256}`,
        "Copy it off this machine (another disk, a share): a backup on the same disk dies with it.",
      ].join("\n"),
    );
  } finally {
    await database.stop();
  }
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
