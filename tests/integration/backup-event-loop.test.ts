import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runBackup } from "#app/backups/run.server.ts";

// "Back up now" and the nightly backup run inside the web server (docs/decisions/014-backups.md,
// Revisited): reading COPY's rows, hashing and gzip must not run on its event loop, where every
// page would wait behind them. Measured as the loop's utilisation (the share of the time it was
// busy) while a backup of a sizeable database runs: it does not depend on how loaded the machine
// is. On the loop itself, even paced to a third of the time, the backup kept it 24–28 % busy.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plantops-backup-loop-"));
process.env.BACKUP_DIR = dir;
const url = process.env.DATABASE_URL ?? "";
const ROWS = 200_000;

beforeAll(async () => {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`insert into audit_log (action, entity, entity_id, after)
      select 'create', 'test_row', g::text, jsonb_build_object('n', g, 'note', md5(g::text) || md5((g * 7)::text))
      from generate_series(1, ${ROWS}) g`;
  } finally {
    await sql.end();
  }
}, 120_000);

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

it("a backup taken by the web server leaves its event loop free (under a tenth busy)", async () => {
  const before = performance.eventLoopUtilization();
  const outcome = await runBackup("now", null);
  const busy = performance.eventLoopUtilization(before);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
  // The backup had work to do: the 200,000 rows are in the file.
  expect(outcome.ok && outcome.bytes).toBeGreaterThan(2_000_000);
  expect(busy.utilization, "the share of the backup's time the event loop was busy").toBeLessThan(0.1);
}, 120_000);
