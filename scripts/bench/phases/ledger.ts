import postgres from "postgres";
import { gzipLength } from "../assets.ts";
import { type Bench, KB, settle } from "../context.ts";
import { runLoad, type Step } from "../measure.ts";
import type { Row } from "../report.ts";

// The stock ledger's budgets (issue 17), one signed-in user at a time, p95 to the last byte, on the
// plant-scale seed's two years of movements: the stock card of the item with the most movements
// (~2,000), the stock report of all 1,200 rack items over this month (its print view: the whole
// list in one page), the report's first page of every item, and the racks page for a chosen month
// (last month), which keeps the main pages' budgets (p95 < 100 ms, HTML ≤ 30 KB gzip).

const GROUP = "Stock ledger, one user at a time (ms to last byte ≥ TTFB)";

/** The previous month of the plant's today, YYYY-MM. */
function lastMonth(today: Date) {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  return first.toISOString().slice(0, 7);
}

export async function ledgerPhase(bench: Bench): Promise<Row[]> {
  const { url, asUser, options, log } = bench;
  const sql = postgres(bench.databaseUrl, { max: 1, onnotice: () => {} });
  let heavy: { id: string; movements: number } | undefined;
  try {
    const [row] = await sql`
      select rack_item_id::text as id, count(*)::int as movements from stock_movements
      where rack_item_id is not null group by 1 order by 2 desc limit 1`;
    heavy = row ? { id: row.id as string, movements: row.movements as number } : undefined;
  } finally {
    await sql.end({ timeout: 1 });
  }
  const month = lastMonth(new Date());
  const pages: { id: string; label: string; path: string; limit: number; weight?: number }[] = [
    ...(heavy
      ? [
          {
            id: "ledger.card",
            label: `stock card, ${heavy.movements.toLocaleString("en-GB")} movements p95`,
            path: `/stock/rack/${heavy.id}`,
            limit: 100,
          },
        ]
      : []),
    {
      id: "ledger.report.racks",
      label: "stock report, all rack items, this month (print view) p95",
      path: "/stock/report/print?items=rack",
      limit: 300,
    },
    {
      id: "ledger.report.page",
      label: "stock report, first page of every item p95",
      path: "/stock/report",
      limit: 300,
    },
    {
      id: "ledger.racks.month",
      label: `/about for ${month} p95`,
      path: `/about?month=${month}`,
      limit: 100,
      weight: 30,
    },
  ];
  const rows: Row[] = [];
  if (!heavy)
    rows.push({
      id: "ledger.card",
      group: GROUP,
      label: "stock card: no movements seeded",
      unit: "count",
      measured: null,
      budget: { op: "≥", limit: 2000 },
    });
  for (const page of pages) {
    const steps: Step[] = [{ path: page.path }];
    const first = await fetch(`${url}${page.path}`, { headers: asUser(0) });
    const html = await first.text();
    if (first.status !== 200) {
      rows.push({
        id: page.id,
        group: GROUP,
        label: page.label,
        unit: "ms",
        measured: null,
        budget: { op: "<", limit: page.limit },
        note: `status ${first.status}; not measured`,
      });
      continue;
    }
    await settle(url);
    await runLoad({ url, steps, connections: 1, amount: 5, headersFor: asUser });
    const { all } = await runLoad({
      url,
      steps,
      connections: 1,
      amount: options.samples,
      headersFor: asUser,
    });
    log(`ledger  ${page.path}: p50 ${all.p50.toFixed(0)} ms, p95 ${all.p95.toFixed(0)} ms`);
    rows.push(
      {
        id: `${page.id}.p50`,
        group: GROUP,
        label: page.label.replace(/p95$/, "p50"),
        unit: "ms",
        measured: all.p50,
      },
      {
        id: `${page.id}.p95`,
        group: GROUP,
        label: page.label,
        unit: "ms",
        measured: all.p95,
        budget: { op: "<", limit: page.limit },
        note: all.errors ? `${all.errors} errors` : undefined,
      },
    );
    if (page.weight)
      rows.push({
        id: `${page.id}.html`,
        group: GROUP,
        label: `${page.path} HTML (gzip)`,
        unit: "KB",
        measured: gzipLength(html) / KB,
        budget: { op: "≤", limit: page.weight },
      });
  }
  return rows;
}
