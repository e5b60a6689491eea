import fs from "node:fs";
import os from "node:os";
import { POOL } from "#app/db/pool.ts";
import { BIG_DEPARTMENT, growDepartment } from "../../seed/run.ts";
import { appPids, statusField } from "../app.ts";
import { type Bench, sleep } from "../context.ts";
import type { Row } from "../report.ts";
import { BIG_LINES } from "./search.ts";

// Issue 18's export budget: 100,000 rows download as Excel and as CSV without the server's memory
// growing by more than a few MB, because the export streams (a database cursor, a batch at a time,
// into exceljs's streaming writer, waiting while the client is behind). Measured from outside, on
// the web server's own process (DATA_DIR/server.json; PostgreSQL's processes are apart and not
// counted: a backend's RSS grows as it touches shared buffers, which is not the export's memory):
// - before: once the server has collected its garbage after 30 s idle (server/idle-memory.ts), so
//   every run starts from the same settled heap, not from wherever the last collection left it;
// - peak: the kernel's high-water mark (VmHWM, reset through /proc/<pid>/clear_refs just before)
//   and a sample every 20 ms, whichever is higher;
// - after: once the server has collected again: what the export left behind.
// V8's young generation alone grows by up to 3 × 16 MB under a burst of short-lived objects, so
// the peak says as much about the collector as about the export; the same export over a fifth of
// the rows (the lines short of stock) shows whether the growth follows the rows (held) or not.
// Runs after the search phase, which has grown the department to 100,000 lines (grown here if not).

const SAMPLE_MS = 20;
/** "A few MB": the growth of the web server's RSS over its level before the download. */
export const EXPORT_RSS_BUDGET_MB = 16;
/** Long enough for the server's idle collection: the pool's idle time, and its check (≤ 5 s). */
export const SETTLE_MS = POOL.idleTimeoutSeconds * 1000 + 8000;
const MB = 1024 * 1024;

/**
 * Resets the process's peak RSS (VmHWM) to its current RSS: "5" to clear_refs (Linux ≥ 4.0, same
 * user). False when the kernel refuses; the samples alone then give the peak.
 */
export function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

async function measureDownload(bench: Bench, format: "xlsx" | "csv", query = "") {
  const pid = appPids(bench.dataDir).server;
  const rss = () => statusField(pid, "VmRSS");
  await sleep(SETTLE_MS);
  const before = rss();
  const hwm = resetPeak(pid);
  let sampled = before;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, rss());
  }, SAMPLE_MS);
  const started = performance.now();
  let bytes = 0;
  try {
    const response = await fetch(`${bench.url}/products/${BIG_DEPARTMENT}/export?format=${format}${query}`, {
      headers: bench.asUser(0),
    });
    if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      bytes += chunk.value.byteLength;
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = Math.max(sampled, rss(), hwm ? statusField(pid, "VmHWM") : 0);
  await sleep(SETTLE_MS);
  const after = rss();
  return { seconds, bytes, before, peak, after, growth: peak - before, hwm };
}

export async function exportPhase(bench: Bench): Promise<Row[]> {
  const { log, databaseUrl } = bench;
  const added = await growDepartment(databaseUrl, BIG_DEPARTMENT, BIG_LINES);
  if (added) log(`export: grew ${BIG_DEPARTMENT} by ${added} lines to ${BIG_LINES.toLocaleString("en")}`);
  const group = `Export: /products/${BIG_DEPARTMENT}/export, ${BIG_LINES.toLocaleString("en")} lines`;
  const rows: Row[] = [];
  // One warm-up download of each: the first ones also load exceljs's and csv-stringify's modules,
  // which is not the export's growth.
  for (const format of ["csv", "xlsx"] as const) {
    const warm = await fetch(`${bench.url}/products/${BIG_DEPARTMENT}/export?format=${format}`, {
      headers: bench.asUser(0),
    });
    await warm.arrayBuffer();
  }
  const runs = [
    { format: "xlsx", query: "", lines: BIG_LINES, label: "xlsx" },
    { format: "csv", query: "", lines: BIG_LINES, label: "csv" },
    // The lines short of stock: about a fifth (the seed makes 20 % of lines short).
    { format: "xlsx", query: "&stock=short", lines: null, label: "xlsx, the lines short of stock" },
  ] as const;
  for (const { format, query, lines, label } of runs) {
    const run = await measureDownload(bench, format, query);
    const load = os.loadavg()[0].toFixed(2);
    const figures =
      `${(run.before / MB).toFixed(1)} → peak ${(run.peak / MB).toFixed(1)} → after ${(run.after / MB).toFixed(1)} MB` +
      `${run.hwm ? "" : " (sampled; VmHWM could not be reset)"}, load ${load}`;
    log(
      `export ${label}: ${run.seconds.toFixed(1)} s, ${(run.bytes / MB).toFixed(1)} MB, web server RSS ${figures}`,
    );
    const id = `export.${format}${query ? ".short" : ""}`;
    if (lines)
      rows.push({
        id: `${id}.rate`,
        group,
        label: `${label}: rows per second (download read as it comes)`,
        unit: "rows/s",
        measured: lines / run.seconds,
        note: `${run.seconds.toFixed(1)} s, ${(run.bytes / MB).toFixed(1)} MB file`,
      });
    rows.push(
      {
        id: `${id}.rss`,
        group,
        label: `${label}: web server RSS growth while exporting (peak over a settled before)`,
        unit: "MB",
        measured: run.growth / MB,
        budget: lines ? { op: "≤", limit: EXPORT_RSS_BUDGET_MB } : undefined,
        note: figures,
      },
      {
        id: `${id}.retained`,
        group,
        label: `${label}: web server RSS kept once collected (after over before)`,
        unit: "MB",
        measured: (run.after - run.before) / MB,
        note: `${(run.bytes / MB).toFixed(1)} MB file`,
      },
    );
  }
  return rows;
}
