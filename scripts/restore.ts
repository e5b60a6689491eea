import path from "node:path";
import { BackupRefused, restoreBackup, verifyBackup } from "#app/backups/restore.server.ts";
import { plantClock } from "#app/backups/rules.ts";
import { parseSettings } from "#app/lib/env.server.ts";
import { answers, moveAside, openDatabase } from "./database.ts";
import { embeddedUrl } from "./embedded-postgres.ts";

// `npm run restore -- [--move-aside] <file>` (README "Backups"): into the empty database of
// DATABASE_URL, or into the embedded one of DATA_DIR with PlantOps stopped. An embedded database
// that holds data is refused unless --move-aside, which moves its folder into
// DATA_DIR/before-restore-<plant time>/ (never deleted: moving it back undoes the restore).
const args = process.argv.slice(2);
const moving = args.includes("--move-aside");
const files = args.filter((arg) => !arg.startsWith("--"));
if (files.length !== 1) {
  console.error("Usage: npm run restore -- [--move-aside] <backup file>");
  process.exit(2);
}
const file = path.resolve(files[0]);
const log = (line: string) => console.log(line);

try {
  const settings = parseSettings(process.env);
  if (!settings.DATABASE_URL) {
    const dataDir = path.resolve(settings.DATA_DIR);
    const existing = embeddedUrl(dataDir);
    if (existing && (await answers(existing)))
      throw new BackupRefused(
        `PlantOps is running from ${dataDir}: stop it first (Ctrl-C or the service's stop). Nothing was changed.`,
      );
    if (moving && existing) {
      // Read whole first: a damaged file must not cost the plant its current database's place.
      console.log(`Checking ${file} …`);
      await verifyBackup(file);
      const { date, time } = plantClock(new Date(), settings.PLANT_TIME_ZONE);
      const aside = moveAside(dataDir, `before-restore-${date}-${time}`);
      console.log(`The current embedded database was moved to ${aside} (move it back to undo).`);
    }
  }
  const database = await openDatabase(settings, log, { create: true });
  if (!database) throw new Error("No database to restore into.");
  try {
    console.log(`Restoring into the ${database.label} …`);
    const report = await restoreBackup(database.url, file, log);
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      [
        `Restored ${report.tables.length} tables, ${rows} rows, from the backup taken ${report.head.takenAt} by PlantOps ${report.head.plantops}, in ${report.seconds.toFixed(1)} s.`,
        `The database is at migration ${report.migratedTo}. Start PlantOps with npm start.`,
      ].join("\n"),
    );
  } finally {
    await database.stop();
  }
} catch (error) {
  console.error(
    error instanceof BackupRefused ? error.message : `Restore failed: ${(error as Error).message}`,
  );
  process.exit(1);
}
