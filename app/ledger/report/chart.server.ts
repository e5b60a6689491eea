import { CHART_WIDTH, type Plot, quantityAcross, round1 } from "#app/charts/axes.server.ts";
import type { ChartView, FillStyle, Layer, LegendEntry, Tick, Tone } from "#app/charts/geometry.ts";
import { groupDepartment } from "#app/ledger/report/labels.ts";
import type { ReportChartFigures, ReportPage } from "#app/ledger/report/queries.server.ts";
import { type Say, sayIn } from "#app/ledger/words.server.ts";
import { formatDateGB } from "#app/lib/dates.ts";
import { formatQuantity } from "#app/stock/rules.ts";

// The stock report's charts (issue 36), worked out on the server from figures its own query reads
// with the page's rows (queries.server.ts): receipts against issues per rack and per department,
// and the items most used in the period. Horizontal bars, a row each, so long names and many
// racks stay readable at 360 px; receipts hatched, issues solid (told apart in black and white).

/** A group as a chart row says it: "Rack 3", "Electrician" (in `say`'s language). */
export const groupShortLabel = (group: number, say: Say = sayIn()) => {
  const department = groupDepartment(group);
  return department ? say(department) : say("Rack {rack}", { rack: group });
};

const shortName = (text: string, length = 22) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;
const period = (from: string, to: string, say: Say) =>
  say("{from} to {to}", { from: formatDateGB(from), to: formatDateGB(to) });

function rowsFrame(rows: number, barsPerRow: number) {
  const ROW = barsPerRow === 2 ? 24 : 18;
  const top = 8;
  const plot = { left: 150, top, right: CHART_WIDTH - 16, bottom: top + Math.max(1, rows) * ROW };
  const rowTop = (index: number) => plot.top + index * ROW + 3;
  return { plot, ROW, rowTop, height: round1(plot.bottom + 28) };
}

/** A series of bars from the plot's left edge, one in each row, `offset` down from the row's top. */
function barsAcross(
  series: { name: string; tone: Tone; fill: FillStyle },
  values: readonly number[],
  frame: { plot: Plot; x: (value: number) => number; rowTop: (index: number) => number },
  height: number,
  offset = 0,
): Layer {
  const { plot, x, rowTop } = frame;
  return {
    kind: "bars",
    ...series,
    bars: values.map((value, index) => ({
      x: plot.left,
      y: round1(rowTop(index) + offset),
      width: round1(x(value) - plot.left),
      height,
    })),
  };
}

/** Receipts against issues, a row per rack or department that moved in the period. */
export function receiptsAgainstIssues(
  figures: ReportChartFigures["groups"],
  range: { from: string; to: string },
  say: Say = sayIn(),
): ChartView {
  const moved = figures.filter((group) => group.receipts > 0 || group.issues > 0);
  const { plot, ROW, rowTop, height } = rowsFrame(moved.length, 2);
  const { x, ticks } = quantityAcross(
    Math.max(0, ...moved.flatMap((group) => [group.receipts, group.issues])),
    plot,
  );
  const bar = ROW / 2 - 3;
  const frame = { plot, x, rowTop };
  const layers: Layer[] = [
    barsAcross(
      { name: say("Received"), tone: "main", fill: "hatched" },
      moved.map((group) => group.receipts),
      frame,
      bar,
    ),
    barsAcross(
      { name: say("Issued"), tone: "second", fill: "solid" },
      moved.map((group) => group.issues),
      frame,
      bar,
      bar,
    ),
  ];
  const legend: LegendEntry[] = [
    { name: say("Received"), tone: "main", kind: "bars", fill: "hatched" },
    { name: say("Issued"), tone: "second", kind: "bars", fill: "solid" },
  ];
  const yTicks: Tick[] = moved.map((group, index) => ({
    at: round1(rowTop(index) + bar),
    label: groupShortLabel(group.group, say),
  }));
  return {
    title: say("Received and issued per rack and department, {period}", {
      period: period(range.from, range.to, say),
    }),
    description: moved.length
      ? `${moved
          .map((group) =>
            say("{group}: received {received}, issued {issued}", {
              group: groupShortLabel(group.group, say),
              received: formatQuantity(group.receipts),
              issued: formatQuantity(group.issues),
            }),
          )
          .join("; ")}.`
      : say("Nothing received or issued in the period."),
    geometry: { width: CHART_WIDTH, height, plot, xTicks: ticks, yTicks, layers, legend },
  };
}

/** The items most used in the period, most first, each bar labelled with its figure. */
export function mostUsedChart(
  items: ReportChartFigures["mostUsed"],
  range: { from: string; to: string },
  say: Say = sayIn(),
): ChartView {
  const { plot, ROW, rowTop, height } = rowsFrame(items.length, 1);
  // A fifth more room than the longest bar: its figure is written past its end.
  const { x, ticks } = quantityAcross(Math.max(0, ...items.map((item) => item.issues)) * 1.2, plot);
  const layers: Layer[] = [
    barsAcross(
      { name: say("Issued"), tone: "second", fill: "solid" },
      items.map((item) => item.issues),
      { plot, x, rowTop },
      ROW - 6,
    ),
    {
      kind: "labels",
      name: "Figures",
      texts: items.map((item, index) => ({
        x: round1(x(item.issues) + 4),
        y: round1(rowTop(index) + ROW / 2 + 1),
        text: formatQuantity(item.issues),
        anchor: "start" as const,
      })),
    },
  ];
  const where = (item: ReportChartFigures["mostUsed"][number]) =>
    item.type === "rack" ? say("Rack {rack}", { rack: item.group }) : say(groupDepartment(item.group) ?? "");
  return {
    title: say("Most used items, {period}", { period: period(range.from, range.to, say) }),
    description: items.length
      ? say("The {count} items that issued most: {items}.", {
          count: items.length,
          items: items
            .map((item) => `${item.name} (${where(item)}) ${formatQuantity(item.issues)}`)
            .join("; "),
        })
      : say("Nothing issued in the period."),
    geometry: {
      width: CHART_WIDTH,
      height,
      plot,
      xTicks: ticks,
      yTicks: items.map((item, index) => ({
        at: round1(rowTop(index) + (ROW - 6) / 2),
        label: shortName(item.name),
      })),
      layers,
      legend: [],
    },
  };
}

export type ReportCharts = { groups: ChartView; mostUsed: ChartView };

/** A report read with its charts' figures: the report, and the charts drawn from the figures. */
export function withChartViews(
  { charts, ...report }: ReportPage,
  range: { from: string; to: string },
  say: Say = sayIn(),
): { report: ReportPage; charts: ReportCharts | null } {
  return { report, charts: charts ? reportChartViews(charts, range, say) : null };
}

/** Both charts from the figures the report's query read with its rows (queries.server.ts). */
export function reportChartViews(
  figures: ReportChartFigures,
  range: { from: string; to: string },
  say: Say = sayIn(),
): ReportCharts {
  return {
    groups: receiptsAgainstIssues(figures.groups, range, say),
    mostUsed: mostUsedChart(figures.mostUsed, range, say),
  };
}
