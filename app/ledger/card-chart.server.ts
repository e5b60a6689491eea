import {
  bandScale,
  CHART_HEIGHT,
  CHART_WIDTH,
  dayScale,
  distinctMarks,
  plotArea,
  quantityScale,
  round1,
  stepPath,
} from "#app/charts/axes.server.ts";
import type { ChartView, Layer, LegendEntry, MarkShape, Tone } from "#app/charts/geometry.ts";
import type { Tx } from "#app/db/client.server.ts";
import {
  type DayBalance,
  dayBalances,
  type MonthlyUse,
  monthlyUse,
  monthlyUseSummary,
  useWindowStart,
} from "#app/ledger/charts.ts";
import type { StockItemInfo } from "#app/ledger/items.server.ts";
import { issuedPerMonth, type StockCard, stockCardDays } from "#app/ledger/movements.server.ts";
import { type Say, sayIn } from "#app/ledger/words.server.ts";
import { addDays, formatDateGB } from "#app/lib/dates.ts";
import { issuedInCoverWindow } from "#app/spares/cover.server.ts";
import { type Cover, stockCover } from "#app/spares/cover.ts";
import { formatQuantity } from "#app/stock/rules.ts";

// The stock card's charts (issue 36), worked out on the server: the balance over the card's
// range as a step line with the minimum stock, the receipts and issues marked and the order-by
// date; and the use per month over the last 12 months. The page receives the drawn numbers and
// path strings only (app/charts/chart.tsx draws them), never the maths.

/** An order-by date further ahead than this is left off the balance chart (said in its words). */
const ORDER_BY_AHEAD_DAYS = 90;

export type BalanceInput = {
  name: string;
  /** The card's range as shown: its from/to, or the first movement and today. */
  from: string;
  to: string;
  opening: number;
  days: readonly DayBalance[];
  minStock: number | null;
  /** The order-by date, when the line has one (a spares line with use). */
  orderBy: string | null;
  today: string;
};

/** The balance chart's geometry and words, from the card's opening and its days. */
export function balanceChart(input: BalanceInput, say: Say = sayIn()): ChartView {
  const plot = plotArea();
  const { days, minStock } = input;
  // Without an end date the card runs to today; an order-by date soon after is shown ahead of it.
  const showOrderBy =
    input.orderBy !== null && input.orderBy <= addDays(input.to, ORDER_BY_AHEAD_DAYS) ? input.orderBy : null;
  const end = showOrderBy && showOrderBy > input.to ? showOrderBy : input.to;
  const { x, ticks: xTicks } = dayScale(input.from, end, plot);
  const balances = [input.opening, ...days.map((day) => day.balance)];
  const { y, ticks: yTicks } = quantityScale(Math.max(...balances, minStock ?? 0), plot);
  const last = balances[balances.length - 1];
  // Each day's point once: the line and the marks of the days that moved share it.
  const dayPoints = days.map((day) => ({ x: x(day.day), y: y(day.balance) }));
  const points = [
    { x: x(input.from), y: y(input.opening) },
    ...dayPoints,
    { x: x(addDays(input.to, 1)), y: y(last) },
  ];
  const layers: Layer[] = [];
  const legend: LegendEntry[] = [];
  if (minStock !== null && minStock > 0) {
    layers.push({
      kind: "rule",
      name: "Minimum stock",
      tone: "alert",
      stroke: "dashed",
      x1: plot.left,
      x2: plot.right,
      y1: y(minStock),
      y2: y(minStock),
      label: {
        x: plot.right,
        y: y(minStock) - 4,
        text: say("Minimum {quantity}", { quantity: formatQuantity(minStock) }),
        anchor: "end",
      },
    });
    legend.push({ name: say("Minimum stock"), tone: "alert", kind: "rule", stroke: "dashed" });
  }
  layers.push({ kind: "line", name: "Balance", tone: "main", stroke: "solid", d: stepPath(points) });
  legend.push({ name: say("Balance"), tone: "main", kind: "line", stroke: "solid" });
  const received = days.filter((day) => day.receipts > 0);
  const issued = days.filter((day) => day.issues > 0);
  // A mark on the line at each day that moved, when any did; the legend names one.
  const marks = (
    moved: (day: DayBalance) => boolean,
    name: string,
    one: string,
    tone: Tone,
    shape: MarkShape,
  ) => {
    const points = distinctMarks(dayPoints.filter((_, index) => moved(days[index])));
    if (!points.length) return;
    layers.push({ kind: "marks", name, tone, shape, points });
    legend.push({ name: say(one), tone, kind: "marks", shape });
  };
  marks((day) => day.receipts > 0, "Receipts", "Receipt", "main", "up");
  marks((day) => day.issues > 0, "Issues", "Issue", "second", "down");
  if (showOrderBy) {
    // An order-by date already past is drawn at today: order now.
    const at = x(showOrderBy < input.from ? input.from : showOrderBy);
    const now = showOrderBy <= input.today;
    layers.push({
      kind: "rule",
      name: "Order by",
      tone: "alert",
      stroke: "dotted",
      x1: at,
      x2: at,
      y1: plot.top,
      y2: plot.bottom,
      label: {
        x: at,
        y: plot.top - 3,
        text: now ? say("Order now") : say("Order by {date}", { date: formatDateGB(showOrderBy) }),
        anchor: at > (plot.left + plot.right) / 2 ? "end" : "start",
      },
    });
    legend.push({ name: say("Order-by date"), tone: "alert", kind: "rule", stroke: "dotted" });
  }

  const lowest = days.reduce<{ balance: number; day: string }>(
    (low, day) => (day.balance < low.balance ? day : low),
    { balance: input.opening, day: input.from },
  );
  const sum = (list: readonly DayBalance[], pick: (day: DayBalance) => number) =>
    formatQuantity(list.reduce((total, day) => total + pick(day), 0));
  const words = [
    say("Balance from {opening} on {from} to {last} on {to}, lowest {lowest} on {lowestOn}.", {
      opening: formatQuantity(input.opening),
      from: formatDateGB(input.from),
      last: formatQuantity(last),
      to: formatDateGB(input.to),
      lowest: formatQuantity(lowest.balance),
      lowestOn: formatDateGB(lowest.day),
    }),
    say(
      "Received on {receivedDays, plural, one {# day} other {# days}} ({received} in all), issued on {issuedDays, plural, one {# day} other {# days}} ({issued} in all).",
      {
        receivedDays: received.length,
        received: sum(received, (day) => day.receipts),
        issuedDays: issued.length,
        issued: sum(issued, (day) => day.issues),
      },
    ),
    minStock !== null && minStock > 0
      ? say("Minimum stock {quantity}.", { quantity: formatQuantity(minStock) })
      : "",
    input.orderBy
      ? input.orderBy <= input.today
        ? say("Order now.")
        : say("Order by {date}.", { date: formatDateGB(input.orderBy) })
      : "",
  ];
  return {
    title: say("Stock of {name}, {from} to {to}", {
      name: input.name,
      from: formatDateGB(input.from),
      to: formatDateGB(input.to),
    }),
    description: words.filter(Boolean).join(" "),
    geometry: { width: CHART_WIDTH, height: CHART_HEIGHT, plot, xTicks, yTicks, layers, legend },
  };
}

/** The use chart: a bar a month, the average as a dashed rule, each bar's figure above it. */
export function useChart(name: string, use: MonthlyUse, say: Say = sayIn()): ChartView & { summary: string } {
  const plot = plotArea();
  const {
    x,
    width,
    ticks: xTicks,
  } = bandScale(
    use.months.map((month) => month.month),
    // The months' names are the chart's words: <Chart> shows them in the page's language.
    use.months.map((month) => month.label),
    plot,
  );
  const { y, ticks: yTicks } = quantityScale(Math.max(...use.months.map((month) => month.issued)), plot);
  const withUse = use.months.filter((month) => month.issued > 0);
  const layers: Layer[] = [
    {
      kind: "bars",
      name: "Issued",
      tone: "main",
      fill: "hatched",
      bars: withUse.map((month) => ({
        x: x(month.month),
        y: y(month.issued),
        width,
        height: round1(y(0) - y(month.issued)),
      })),
    },
    {
      kind: "labels",
      name: "Figures",
      texts: withUse.map((month) => ({
        x: round1(x(month.month) + width / 2),
        y: y(month.issued) - 3,
        text: formatQuantity(month.issued),
        anchor: "middle",
      })),
    },
  ];
  const legend: LegendEntry[] = [
    { name: say("Issued in the month"), tone: "main", kind: "bars", fill: "hatched" },
  ];
  if (use.total > 0) {
    const at = y(use.averagePerMonth);
    layers.push({
      kind: "rule",
      name: "Average",
      tone: "second",
      stroke: "dashed",
      x1: plot.left,
      x2: plot.right,
      y1: at,
      y2: at,
      label: {
        x: plot.left + 2,
        y: at - 4,
        text: say("Average {quantity}", { quantity: formatQuantity(use.averagePerMonth) }),
        anchor: "start",
      },
    });
    legend.push({ name: say("Average a month"), tone: "second", kind: "rule", stroke: "dashed" });
  }
  const summary = monthlyUseSummary(use, say);
  const perMonth = use.months
    .map((month) => `${say(month.label)} ${formatQuantity(month.issued)}`)
    .join(", ");
  return {
    title: say("Use of {name} per month, last {count} months", { name, count: use.months.length }),
    description: `${say("Issued per month: {months}.", { months: perMonth })} ${summary}`,
    summary,
    geometry: { width: CHART_WIDTH, height: CHART_HEIGHT, plot, xTicks, yTicks, layers, legend },
  };
}

export type StockCardCharts = {
  balance: ChartView | null;
  use: ChartView & { summary: string; months: MonthlyUse["months"] };
};

/**
 * Both charts of a stock card: the balance over the card's range (none while the card is empty)
 * and the use over the last 12 months. `card` is the card the page shows: the same opening.
 */
export async function stockCardCharts(
  db: Tx,
  item: StockItemInfo,
  card: Pick<StockCard, "from" | "to" | "opening">,
  today: string,
  say: Say = sayIn(),
): Promise<StockCardCharts> {
  const [days, perMonth, issued90] = await Promise.all([
    stockCardDays(db, item.ref, card),
    issuedPerMonth(db, item.ref, useWindowStart(today)),
    item.reorder ? issuedInCoverWindow(db, { ids: [item.ref.id] }, today) : null,
  ]);
  const from = card.from ?? days[0]?.day ?? null;
  const to = card.to ?? today;
  let cover: Cover | null = null;
  if (item.reorder) {
    cover = stockCover({
      stock: item.inStock,
      issued: issued90?.get(item.ref.id) ?? 0,
      leadTimeDays: item.reorder.leadTimeDays,
      today,
    });
  }
  const balance =
    from && from <= to
      ? balanceChart(
          {
            name: item.name,
            from,
            to,
            opening: card.opening,
            days: dayBalances(card.opening, days),
            minStock: item.reorder?.minStock ?? null,
            orderBy: cover?.kind === "cover" && !cover.capped ? cover.orderBy : null,
            today,
          },
          say,
        )
      : null;
  const use = monthlyUse(perMonth, item.inStock, today);
  return { balance, use: { ...useChart(item.name, use, say), months: use.months } };
}
