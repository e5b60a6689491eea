import { assetsOfPage, gzipLength, gzipSizeOf } from "../assets.ts";
import { type Bench, KB } from "../context.ts";
import type { Row } from "../report.ts";

// Page weight (gzip) of every main page: its HTML at the default page size, and the JavaScript and
// CSS its HTML makes the browser fetch (from the build).

const GROUP = "Page weight (gzip)";

export async function assetsPhase(bench: Bench): Promise<Row[]> {
  const rows: Row[] = [];
  for (const { path: page, html } of bench.pages) {
    const assets = assetsOfPage(html);
    const js = gzipSizeOf(bench.buildDir, assets.js);
    const css = gzipSizeOf(bench.buildDir, assets.css);
    const missing = [...js.missing, ...css.missing];
    rows.push(
      {
        id: `weight.html.${page}`,
        group: GROUP,
        label: `${page} HTML`,
        unit: "KB",
        measured: gzipLength(html) / KB,
        budget: { op: "≤", limit: 30 },
      },
      {
        id: `weight.js.${page}`,
        group: GROUP,
        label: `${page} JavaScript (${assets.js.length} files)`,
        unit: "KB",
        measured: js.bytes / KB,
        budget: { op: "≤", limit: 130 },
        note: missing.length ? `${missing.length} files not in the build` : undefined,
      },
      {
        id: `weight.css.${page}`,
        group: GROUP,
        label: `${page} CSS (${assets.css.length} files)`,
        unit: "KB",
        measured: css.bytes / KB,
        budget: { op: "≤", limit: 20 },
      },
    );
  }
  return rows;
}
