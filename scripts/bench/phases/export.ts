import { BIG_DEPARTMENT, growDepartment } from "../../seed/run.ts";
import { processTree, statusField } from "../app.ts";
import type { Bench } from "../context.ts";
import type { Row } from "../report.ts";
import { BIG_LINES } from "./search.ts";

// Issue 18's export budget: 100,000 rows download as Excel and as CSV without the server's memory
// growing by more than a few MB, because the export streams (a database cursor, a batch at a time,
// into exceljs's streaming writer). Measured from outside: the download read as fast as it comes,
// the web server's RSS (the app's processes less PostgreSQL's) sampled every 50 ms meanwhile.
// Runs after the search phase, which has grown the department to 100,000 lines (grown here if not).

const SAMPLE_MS = 50;
/** "A few MB": the growth of the web server's RSS over its level before the download. */
export const EXPORT_RSS_BUDGET_MB = 16;
const MB = 1024 * 1024;

/**
 * The RSS of the app's own processes (the launcher and web server; PostgreSQL runs apart). Read
 * from /proc/<pid>/status only: the full readAppMemory (PSS, the postmaster's tree) costs too much
 * to run every few milliseconds beside a download on a busy machine.
 */
function webServerRss(bench: Bench) {
  const pids = bench.app.child.pid ? processTree(bench.app.child.pid) : [];
  return () => pids.reduce((sum, pid) => sum + statusField(pid, "VmRSS"), 0);
}

async function measureDownload(bench: Bench, format: "xlsx" | "csv") {
  const rss = webServerRss(bench);
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
  }, SAMPLE_MS);
  const started = performance.now();
  let bytes = 0;
  try {
    const response = await fetch(`${bench.url}/products/${BIG_DEPARTMENT}/export?format=${format}`, {
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
  peak = Math.max(peak, rss());
  return { seconds, bytes, before, peak, growth: peak - before };
}

export async function exportPhase(bench: Bench): Promise<Row[]> {
  const { log, databaseUrl } = bench;
  const added = await growDepartment(databaseUrl, BIG_DEPARTMENT, BIG_LINES);
  if (added) log(`export: grew ${BIG_DEPARTMENT} by ${added} lines to ${BIG_LINES.toLocaleString("en")}`);
  const group = `Export: /products/${BIG_DEPARTMENT}/export, ${BIG_LINES.toLocaleString("en")} lines`;
  const rows: Row[] = [];
  // One warm-up download: the first one also loads exceljs's modules, which is not the export's growth.
  await measureDownload(bench, "csv");
  for (const format of ["xlsx", "csv"] as const) {
    const run = await measureDownload(bench, format);
    const perSecond = BIG_LINES / run.seconds;
    log(
      `export ${format}: ${run.seconds.toFixed(1)} s, ${(run.bytes / MB).toFixed(1)} MB, ` +
        `web server RSS ${(run.before / MB).toFixed(0)} → peak ${(run.peak / MB).toFixed(0)} MB`,
    );
    rows.push(
      {
        id: `export.${format}.rate`,
        group,
        label: `${format}: rows per second (download read as it comes)`,
        unit: "rows/s",
        measured: perSecond,
        note: `${run.seconds.toFixed(1)} s, ${(run.bytes / MB).toFixed(1)} MB file`,
      },
      {
        id: `export.${format}.rss`,
        group,
        label: `${format}: web server RSS growth while exporting (peak over before)`,
        unit: "MB",
        measured: run.growth / MB,
        budget: { op: "≤", limit: EXPORT_RSS_BUDGET_MB },
        note: `${(run.before / MB).toFixed(0)} → ${(run.peak / MB).toFixed(0)} MB`,
      },
    );
  }
  return rows;
}
