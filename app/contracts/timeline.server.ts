import { asc, lte, or, sql } from "drizzle-orm";
import { CHART_WIDTH, dayScale, round1 } from "#app/charts/axes.server.ts";
import type { ChartView, Layer, LegendEntry, Tick } from "#app/charts/geometry.ts";
import type { StatusBounds } from "#app/contracts/rules.ts";
import { contracts } from "#app/contracts/table.server.ts";
import { type ContractEvent, contractEvents, eventWords } from "#app/contracts/timeline.ts";
import type { Tx } from "#app/db/client.server.ts";
import { type Words, wordsIn } from "#app/i18n/words.server.ts";
import { addDays, formatDateGB, MONTH_NAMES } from "#app/lib/dates.ts";

// The contracts' charts (issue 36), worked out on the server: /amc's timeline of the next 90 days
// (each contract's validity end and next PMS due, today marked, overdue dates crossed in their own
// column) and Today's strip of what falls due this month. Overdue is the status rule's own
// (timeline.ts); the page receives the drawn numbers only (app/charts/chart.tsx draws them).

/** The days the /amc timeline looks ahead, today included. */
export const TIMELINE_DAYS = 90;
/** Contracts drawn on the timeline, nearest date first; the rest are said in words and in the table. */
export const TIMELINE_ROWS = 15;

/**
 * The contracts with a validity end or next due date on or before `through` (overdue ones too):
 * what the timeline draws and the reminders (app/reminders) are worked out from.
 */
export async function contractDatesThrough(db: Tx, through: string) {
  return db
    .select({
      id: contracts.id,
      equipment: contracts.equipment,
      company: contracts.company,
      validityTo: contracts.validityTo,
      nextDueOn: contracts.nextDueOn,
      mobileNumber: contracts.mobileNumber,
    })
    .from(contracts)
    .where(or(lte(contracts.nextDueOn, through), lte(contracts.validityTo, through)))
    .orderBy(asc(sql`least(${contracts.nextDueOn}, ${contracts.validityTo})`), asc(contracts.id));
}

const MARK = {
  pms: { shape: "dot", tone: "main", name: "PMS due" },
  validity: { shape: "bar", tone: "second", name: "Validity ends" },
} as const;

const shortName = (text: string, length = 20) =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;
const contractName = (
  event: Pick<ContractEvent, "equipment" | "company">,
  say: (english: string) => string = (english) => english,
) => `${event.equipment || say("Unnamed equipment")}${event.company ? ` (${event.company})` : ""}`;

/**
 * The /amc timeline: a row per contract, an overdue column at the left, the 90 days after it;
 * its words (title, description, legend, labels) in the page's language (`say`, English by default).
 */
export function contractTimeline(
  events: readonly ContractEvent[],
  today: string,
  say: Words = wordsIn(undefined, ["contracts"]),
): ChartView {
  const through = addDays(today, TIMELINE_DAYS - 1);
  const byContract = new Map<string, ContractEvent[]>();
  for (const event of events) byContract.set(event.id, [...(byContract.get(event.id) ?? []), event]);
  const all = [...byContract.values()];
  const shown = all.slice(0, TIMELINE_ROWS);
  const ROW = 20;
  const top = 22;
  const plot = { left: 150, top, right: CHART_WIDTH - 12, bottom: top + Math.max(1, shown.length) * ROW };
  const overdueColumn = { left: plot.left, right: plot.left + 44 };
  const { x, ticks } = dayScale(today, through, { ...plot, left: overdueColumn.right + 4 }, 4);
  const rowY = (index: number) => round1(plot.top + ROW * index + ROW / 2);
  const overdueX = (what: ContractEvent["what"]) =>
    round1((overdueColumn.left + overdueColumn.right) / 2 + (what === "pms" ? -9 : 9));

  const layers: Layer[] = [
    {
      kind: "bars",
      name: "Overdue column",
      tone: "muted",
      fill: "outline",
      bars: [
        {
          x: overdueColumn.left,
          y: plot.top,
          width: overdueColumn.right - overdueColumn.left,
          height: plot.bottom - plot.top,
        },
      ],
    },
  ];
  const placed = shown.flatMap((list, index) => list.map((event) => ({ event, y: rowY(index) })));
  for (const what of ["pms", "validity"] as const) {
    const points = placed
      .filter(({ event }) => event.what === what && !event.overdue)
      .map(({ event, y }) => ({ x: x(event.date), y }));
    if (points.length) layers.push({ kind: "marks", ...MARK[what], name: say(MARK[what].name), points });
  }
  const overdue = placed
    .filter(({ event }) => event.overdue)
    .map(({ event, y }) => ({ x: overdueX(event.what), y }));
  if (overdue.length)
    layers.push({ kind: "marks", name: say("Overdue"), tone: "alert", shape: "cross", points: overdue });
  layers.push({
    kind: "rule",
    name: say("Today"),
    tone: "main",
    stroke: "solid",
    x1: x(today),
    x2: x(today),
    y1: plot.top - 4,
    y2: plot.bottom,
    label: { x: x(today), y: plot.top - 8, text: say("Today"), anchor: "start" },
  });

  const legend: LegendEntry[] = [
    { name: say("PMS due"), tone: "main", kind: "marks", shape: "dot" },
    { name: say("Validity ends"), tone: "second", kind: "marks", shape: "bar" },
    { name: say("Overdue (left column)"), tone: "alert", kind: "marks", shape: "cross" },
    { name: say("Today"), tone: "main", kind: "rule", stroke: "solid" },
  ];
  const xTicks: Tick[] = [
    { at: round1((overdueColumn.left + overdueColumn.right) / 2), label: say("Overdue") },
    ...ticks.filter((tick) => tick.at > overdueColumn.right + 30),
  ];
  const yTicks: Tick[] = shown.map((list, index) => ({
    at: rowY(index),
    label: shortName(list[0].equipment),
  }));

  const days = TIMELINE_DAYS;
  const words = all.length
    ? [
        say(
          "{count, plural, one {# contract has a date overdue or within the next {days} days.} other {# contracts have a date overdue or within the next {days} days.}}",
          { count: all.length, days },
        ),
        ...shown.map(
          (list) =>
            `${contractName(list[0], say)}: ${list.map((event) => eventWords(event, formatDateGB, say)).join("; ")}.`,
        ),
        all.length > shown.length
          ? say("{count} more not drawn: see the table (sorted by next due date or validity).", {
              count: all.length - shown.length,
            })
          : "",
      ]
    : [say("No validity end or PMS due date overdue or within the next {days} days.", { days })];
  return {
    title: say("Contracts: overdue and the next {days} days, {from} to {to}", {
      days,
      from: formatDateGB(today),
      to: formatDateGB(through),
    }),
    description: words.filter(Boolean).join(" "),
    geometry: {
      width: CHART_WIDTH,
      height: round1(plot.bottom + 26),
      plot,
      xTicks,
      yTicks,
      layers,
      legend,
    },
  };
}

/** The first and last day of today's month, and its name ("November 2026", in the page's words). */
function monthAround(today: string, say: Words = (english) => english) {
  const [y, m] = today.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 7)}-01`, to: last, name: `${say(MONTH_NAMES[m - 1])} ${y}` };
}

/** The namespaces of the strip's words: the contracts' own, and the months' names. */
export const STRIP_WORDS = ["contracts", "stock"];

/** The strip's viewBox width: narrower than a chart's, as it sits in one of Today's cards. */
const STRIP_WIDTH = 320;

/**
 * Today's strip: this month's days, each date falling due in it marked, today ruled; its words in
 * the page's language (`say`: the contracts' namespace, and the months' names in "stock").
 */
export function monthStrip(
  events: readonly ContractEvent[],
  today: string,
  say: Words = wordsIn(undefined, STRIP_WORDS),
): ChartView {
  const month = monthAround(today, say);
  const inMonth = events.filter((event) => event.date >= month.from && event.date <= month.to);
  // Room either side for the first and last day's labels, centred on their ticks.
  const plot = { left: 22, top: 18, right: STRIP_WIDTH - 22, bottom: 58 };
  const { x, ticks } = dayScale(month.from, month.to, plot, 4);
  // Dates on the same day stack upwards, so each stays visible.
  const onDay = new Map<string, number>();
  const placed = inMonth.map((event) => {
    const count = onDay.get(event.date) ?? 0;
    onDay.set(event.date, count + 1);
    return { event, point: { x: round1(x(event.date) + 4), y: round1(plot.bottom - 10 - count * 10) } };
  });
  const layers: Layer[] = [];
  for (const what of ["pms", "validity"] as const) {
    const points = placed
      .filter(({ event }) => event.what === what && !event.overdue)
      .map(({ point }) => point);
    if (points.length) layers.push({ kind: "marks", ...MARK[what], name: say(MARK[what].name), points });
  }
  const overdue = placed.filter(({ event }) => event.overdue).map(({ point }) => point);
  if (overdue.length)
    layers.push({ kind: "marks", name: say("Overdue"), tone: "alert", shape: "cross", points: overdue });
  const at = round1(x(today));
  layers.push({
    kind: "rule",
    name: say("Today"),
    tone: "main",
    stroke: "dashed",
    x1: at,
    x2: at,
    y1: plot.top,
    y2: plot.bottom,
    label: { x: at, y: plot.top - 4, text: say("Today"), anchor: at > STRIP_WIDTH / 2 ? "end" : "start" },
  });
  const legend: LegendEntry[] = [
    { name: say("PMS due"), tone: "main", kind: "marks", shape: "dot" },
    { name: say("Validity ends"), tone: "second", kind: "marks", shape: "bar" },
    { name: say("Overdue"), tone: "alert", kind: "marks", shape: "cross" },
  ];
  return {
    title: say("Contract dates in {month}", { month: month.name }),
    description: inMonth.length
      ? say("{count, plural, one {# date falls} other {# dates fall}} in {month}: {dates}.", {
          count: inMonth.length,
          month: month.name,
          dates: inMonth
            .map((event) => `${contractName(event, say)} ${eventWords(event, formatDateGB, say)}`)
            .join("; "),
        })
      : say("No validity end or PMS due date in {month}.", { month: month.name }),
    geometry: { width: STRIP_WIDTH, height: 80, plot, xTicks: ticks, yTicks: [], layers, legend },
  };
}

/** The /amc timeline now: the contracts' dates overdue or within the next 90 days. */
export async function loadContractTimeline(
  db: Tx,
  today: string,
  bounds: StatusBounds,
  say?: Words,
): Promise<ChartView> {
  const through = addDays(today, TIMELINE_DAYS - 1);
  return contractTimeline(
    contractEvents(await contractDatesThrough(db, through), through, bounds),
    today,
    say,
  );
}

/** Today's strip now: the contracts' dates in this month. */
export async function loadMonthStrip(
  db: Tx,
  today: string,
  bounds: StatusBounds,
  say?: Words,
): Promise<ChartView> {
  const { to } = monthAround(today);
  return monthStrip(contractEvents(await contractDatesThrough(db, to), to, bounds), today, say);
}
