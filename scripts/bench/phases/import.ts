import ExcelJS from "exceljs";
import postgres from "postgres";
import { type Department, orderStatusOf } from "#app/inventory/rules.ts";
import { processTree, statusField } from "../app.ts";
import { type Bench, MB } from "../context.ts";
import type { Row } from "../report.ts";

// Issue 18's import budget: a 20,000-row spares workbook, uploaded, previewed and confirmed
// through the real pages (multipart upload → the preview page → "Import N rows"), in under 20 s,
// with the web server's memory bounded. The file is a department's export as a person edits it:
// its 1,000 seeded lines (100 with a new stock figure, which the ledger records as counts) and
// 19,000 new ones (opening movements). Then the import is undone (timed for information), so the
// department is as the seed left it. Measured from outside, as the export phase does: the web
// server's RSS (the app's processes less PostgreSQL's) sampled every 50 ms.

const DEPARTMENT: Department = "FireFight";
export const IMPORT_ROWS = 20_000;
const CHANGED = 100;
export const IMPORT_SECONDS_BUDGET = 20;
/**
 * The web server's RSS growth while it reads, previews and writes the file. Not "a few MB" as for
 * an export: the workbook (≤ 10 MB) is read whole, and 20,000 previewed rows wait as one jsonb
 * value; bounded by the limits (10 MB, 50,000 rows), not by a stream.
 */
export const IMPORT_RSS_BUDGET_MB = 256;
const SAMPLE_MS = 50;
const HEADERS = [
  "Serial Number",
  "Assets",
  "Components/Equipments",
  "Available stock",
  "Min Stock",
  "Lead time",
  "Excess/Short Fall",
  "Status of Order",
];

type Line = {
  srno: number;
  assets: string;
  components: string;
  stock: number;
  min: number;
  lead: number;
};

async function storedLines(databaseUrl: string): Promise<Line[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`
      select srno, assets, components_and_equipments as components, available_stock::float8 as stock,
        min_stock::float8 as min, lead_time_days::float8 as lead
      from inventory_items where department = ${DEPARTMENT} order by srno`;
    return rows as unknown as Line[];
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** The edited export: every stored line (the first CHANGED with one more in stock), then new lines. */
async function workbook(lines: Line[]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(DEPARTMENT);
  sheet.addRow(HEADERS);
  for (const [index, line] of lines.entries()) {
    const stock = index < CHANGED ? line.stock + 1 : line.stock;
    sheet.addRow([
      line.srno,
      line.assets,
      line.components,
      stock,
      line.min,
      line.lead,
      stock - line.min,
      orderStatusOf(stock, line.min),
    ]);
  }
  const first = Math.max(0, ...lines.map((line) => line.srno)) + 1;
  for (let n = 0; n < IMPORT_ROWS - lines.length; n++) {
    const stock = n % 7 === 0 ? 0 : (n % 50) + 1;
    sheet.addRow([first + n, `Bench import ${n}`, `Part ${n % 300}`, stock, 5, 7, stock - 5, ""]);
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** The web server's RSS, peak over a stretch of work. */
function rssSampler(bench: Bench) {
  const pids = bench.app.child.pid ? processTree(bench.app.child.pid) : [];
  const rss = () => pids.reduce((sum, pid) => sum + statusField(pid, "VmRSS"), 0);
  const before = rss();
  let peak = before;
  let stopped = false;
  const timer = setInterval(() => {
    peak = Math.max(peak, rss());
  }, SAMPLE_MS);
  return {
    /** Stops sampling (once) and answers the figures. */
    stop() {
      if (!stopped) {
        clearInterval(timer);
        peak = Math.max(peak, rss());
        stopped = true;
      }
      return { before, peak, growth: peak - before };
    },
  };
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, (performance.now() - started) / 1000];
}

/** Upload, preview page, confirmation: the three requests a person's browser sends, each timed. */
async function importThroughPages(
  url: string,
  base: string,
  headers: Record<string, string>,
  file: Uint8Array<ArrayBuffer>,
) {
  const form = new FormData();
  form.set("file", new File([file], "bench-spares.xlsx"));
  const [uploaded, upload] = await timed(() =>
    fetch(base, { method: "POST", body: form, headers, redirect: "manual" }),
  );
  const location = uploaded.headers.get("location") ?? "";
  if (uploaded.status !== 302 || !location)
    throw new Error(`upload answered ${uploaded.status}: ${(await uploaded.text()).slice(0, 300)}`);
  const [page, preview] = await timed(async () => {
    const answer = await fetch(`${url}${location}`, { headers });
    // React's server render separates text pieces with empty comments: "Import <!-- -->20,000 rows".
    return { status: answer.status, html: (await answer.text()).replaceAll("<!-- -->", "") };
  });
  const button = /Import ([\d,]+) rows/.exec(page.html);
  if (page.status !== 200 || !button)
    throw new Error(
      `the preview answered ${page.status} without its button: ${/<p role="status">([^<]*)/.exec(page.html)?.[1] ?? ""}`,
    );
  const [confirmed, confirm] = await timed(() =>
    fetch(`${url}${location}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    }),
  );
  if (confirmed.status !== 302)
    throw new Error(
      `the confirmation answered ${confirmed.status}: ${(await confirmed.text()).slice(0, 300)}`,
    );
  return { location, offered: button[1], steps: { upload, preview, confirm } };
}

export async function importPhase(bench: Bench): Promise<Row[]> {
  const { url, log } = bench;
  const headers = { ...bench.asUser(0), origin: url };
  const lines = await storedLines(bench.databaseUrl);
  const file = await workbook(lines);
  log(
    `import: ${IMPORT_ROWS.toLocaleString("en")} rows (${lines.length} stored, ${CHANGED} of them with a new stock), ${(file.byteLength / MB).toFixed(1)} MB`,
  );
  const base = `${url}/import/products/${DEPARTMENT}`;
  const memory = rssSampler(bench);
  const run = await importThroughPages(url, base, headers, file).finally(() => memory.stop());
  const rss = memory.stop();
  const { steps } = run;
  const total = steps.upload + steps.preview + steps.confirm;
  log(
    `import: "Import ${run.offered} rows"; upload + preview ${steps.upload.toFixed(1)} s, preview page ${steps.preview.toFixed(1)} s, ` +
      `confirm ${steps.confirm.toFixed(1)} s; web server RSS ${(rss.before / MB).toFixed(0)} → peak ${(rss.peak / MB).toFixed(0)} MB`,
  );

  // Undo (the bench's first account is the admin), so the department is the seed's again.
  const [undone, undo] = await timed(() =>
    fetch(`${url}${run.location}/undo`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    }),
  );
  log(`import: undo answered ${undone.status} in ${undo.toFixed(1)} s`);

  const group = `Import: ${IMPORT_ROWS.toLocaleString("en")}-row spares .xlsx into /products/${DEPARTMENT}`;
  return [
    {
      id: "import.total",
      group,
      label: "upload + preview + confirm, through the pages",
      unit: "s",
      measured: total,
      budget: { op: "<", limit: IMPORT_SECONDS_BUDGET },
      note: `upload ${steps.upload.toFixed(1)} s, preview page ${steps.preview.toFixed(1)} s, confirm ${steps.confirm.toFixed(1)} s`,
    },
    {
      id: "import.rss",
      group,
      label: "web server RSS growth while importing (peak over before)",
      unit: "MB",
      measured: rss.growth / MB,
      budget: { op: "≤", limit: IMPORT_RSS_BUDGET_MB },
      note: `${(rss.before / MB).toFixed(0)} → ${(rss.peak / MB).toFixed(0)} MB`,
    },
    {
      id: "import.undo",
      group,
      label: "undo of the whole import (admin)",
      unit: "s",
      measured: undone.status === 302 ? undo : null,
      note: `answered ${undone.status}`,
    },
  ];
}
