import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Chart } from "#app/charts/chart.tsx";
import type { ChartView } from "#app/charts/geometry.ts";
import { statusBounds } from "#app/contracts/rules.ts";
import { loadContractTimeline, loadMonthStrip } from "#app/contracts/timeline.server.ts";
import { loadSparklines } from "#app/home/sparklines.server.ts";
import { languageOf, pageMessages } from "#app/i18n/catalogues.server.ts";
import { LanguageProvider } from "#app/i18n/provider.tsx";
import { stockCardCharts } from "#app/ledger/card-chart.server.ts";
import { findStockItem } from "#app/ledger/items.server.ts";
import { stockCard } from "#app/ledger/movements.server.ts";
import { reportChartViews } from "#app/ledger/report/chart.server.ts";
import { reportPage } from "#app/ledger/report/queries.server.ts";
import { readReportView } from "#app/ledger/report/view.ts";
import { dateInZone } from "#app/lib/dates.ts";
import { gzipLength } from "../assets.ts";
import { type Bench, KB } from "../context.ts";
import type { Row } from "../report.ts";

// The charts' budgets (issue 36) at plant scale: what each chart ADDS to its page, measured in
// this process against the bench's database after the search phase has grown a department to
// 100,000 lines: the server time of its queries and maths (p95, < 20 ms), and its weight in the
// HTML (≤ 15 KB gzip): the SVG the server renders plus the same geometry in the loader's JSON,
// which hydration reads.

const GROUP = "Charts, what each adds to its page";
const SERVER_MS = 20;
const HTML_KB = 15;

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
};

/** The chart as the page carries it, in the bench's language: its SVG and its geometry in the loader data. */
const weight = (view: ChartView, code: string) =>
  gzipLength(
    renderToStaticMarkup(
      createElement(
        LanguageProvider,
        { language: languageOf(code), messages: pageMessages(code, ["common", "charts"]) },
        createElement(Chart, {
          id: "bench",
          title: view.title,
          description: view.description,
          geometry: view.geometry,
        }),
      ),
    ) + JSON.stringify(view),
  );

export async function chartsPhase(bench: Bench): Promise<Row[]> {
  const { log, options } = bench;
  const sql = postgres(bench.databaseUrl, { max: 4, onnotice: () => {} });
  const db = drizzle(sql);
  const timeZone = process.env.PLANT_TIME_ZONE ?? "Asia/Kolkata";
  const now = new Date();
  const today = dateInZone(now, timeZone);
  const rows: Row[] = [];
  try {
    const [heavy] = await sql`
      select rack_item_id::text as id, count(*)::int as movements from stock_movements
      where rack_item_id is not null group by 1 order by 2 desc limit 1`;
    const [department] = await sql`
      select department, count(*)::int as lines from inventory_items group by 1 order by 2 desc limit 1`;
    const item = heavy ? await findStockItem(db, { type: "rack", id: heavy.id as string }) : null;
    const card = item ? await stockCard(db, item.ref, {}, { page: "last", size: 100 }) : null;
    const bounds = statusBounds(now, timeZone, 7);
    const { filters } = readReportView(new URLSearchParams(), today);
    // A chart's draw answers its views; a chart whose figures come with its page's own query
    // answers the page's time without the chart (`page`) and with it (`withChart`) instead.
    type Drawn = ChartView[] | { views: ChartView[]; page: number; withChart: number };
    const charts: { id: string; label: string; draw: () => Promise<Drawn> }[] = [
      ...(item && card
        ? [
            {
              id: "charts.card",
              label: `stock card, ${Number(heavy.movements).toLocaleString("en-GB")} movements (balance + use)`,
              draw: async () => {
                const drawn = await stockCardCharts(db, item, card, today);
                return [drawn.use, ...(drawn.balance ? [drawn.balance] : [])];
              },
            },
          ]
        : []),
      {
        id: "charts.report",
        label:
          "stock report, this month (receipts/issues + most used; the page's queries with its figures, p95 less p95 without)",
        draw: async () => {
          const params = { q: "", page: 1, size: 50 };
          let started = performance.now();
          await reportPage(db, params, filters, true);
          const page = performance.now() - started;
          started = performance.now();
          const { charts: figures } = await reportPage(db, params, filters, true, true);
          const drawn = figures ? reportChartViews(figures, filters) : null;
          const withChart = performance.now() - started;
          return { views: drawn ? [drawn.groups, drawn.mostUsed] : [], page, withChart };
        },
      },
      {
        id: "charts.amc",
        label: "/amc timeline",
        draw: async () => [await loadContractTimeline(db, today, bounds)],
      },
      // The sparklines' days before today are reused while the journal's mark for them holds
      // (app/home/sparklines.server.ts): after the warm-up this is a load with nothing moved since,
      // as most are; the first load after a movement sums the window again.
      {
        id: "charts.today",
        label: `Today: contracts strip + spares sparklines (${Number(department?.lines ?? 0).toLocaleString("en-GB")}-line department)`,
        draw: async () => Promise.all([loadMonthStrip(db, today, bounds), loadSparklines(db, today)]),
      },
    ];
    for (const chart of charts) {
      await chart.draw(); // warm-up: the first run compiles and fills the caches
      const times: number[] = [];
      let views: ChartView[] = [];
      // The page's own time beside: a chart can only be cheap on a page that is. What a chart
      // read with its page's query adds is the page's p95 with it less its p95 without (the p95
      // of each run's difference would add the two runs' noise together).
      const pageTimes: number[] = [];
      const withChartTimes: number[] = [];
      for (let run = 0; run < Math.max(10, Math.min(options.samples, 30)); run += 1) {
        const started = performance.now();
        const drawn = await chart.draw();
        const spent = performance.now() - started;
        views = Array.isArray(drawn) ? drawn : drawn.views;
        if (Array.isArray(drawn)) times.push(spent);
        else {
          pageTimes.push(drawn.page);
          withChartTimes.push(drawn.withChart);
        }
      }
      const ms = pageTimes.length ? Math.max(0, p95(withChartTimes) - p95(pageTimes)) : p95(times);
      const kb = Math.max(...views.map((view) => weight(view, options.language))) / KB;
      const page = pageTimes.length ? ` (the page's own queries p95 ${p95(pageTimes).toFixed(1)} ms)` : "";
      log(`charts  ${chart.label}: p95 ${ms.toFixed(1)} ms${page}, largest ${kb.toFixed(1)} KB gzip`);
      rows.push(
        {
          id: `${chart.id}.server.p95`,
          group: GROUP,
          label: `${chart.label}: server time p95`,
          unit: "ms",
          measured: ms,
          budget: { op: "<", limit: SERVER_MS },
        },
        {
          id: `${chart.id}.html`,
          group: GROUP,
          label: `${chart.label}: largest chart, SVG + loader data (gzip)`,
          unit: "KB",
          measured: kb,
          budget: { op: "≤", limit: HTML_KB },
        },
      );
    }
  } finally {
    await sql.end({ timeout: 1 });
  }
  return rows;
}
