import { scaleBand, scaleLinear, scaleUtc } from "d3-scale";
import { curveStepAfter, line } from "d3-shape";
import type { ChartGeometry, Tick } from "#app/charts/geometry.ts";
import { MONTH_NAMES } from "#app/lib/dates.ts";

// The chart maths, on the server only (docs/decisions/015): scales, ticks and path strings from
// d3-scale and d3-shape. A loader calls these and sends the numbers; the page's <Chart> draws them.
// `.server.ts`, so Remix keeps d3 out of every browser chunk (.dependency-cruiser.cjs,
// "d3-on-the-server-only", fails an import of d3 from anything the browser loads).

/** The viewBox every chart shares: narrow enough that its 13-unit text is legible at 360 px. */
export const CHART_WIDTH = 480;
export const CHART_HEIGHT = 220;
const MARGIN = { left: 44, right: 12, top: 14, bottom: 28 };

export type Plot = ChartGeometry["plot"];

/** The plotting area of a chart of the given size. */
export function plotArea(width = CHART_WIDTH, height = CHART_HEIGHT): Plot {
  return {
    left: MARGIN.left,
    top: MARGIN.top,
    right: width - MARGIN.right,
    bottom: height - MARGIN.bottom,
  };
}

/** Coordinates with one decimal: enough for a 480-unit viewBox, and a short HTML page. */
export const round1 = (value: number) => Math.round(value * 10) / 10;

const utc = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
/** A day's start in ms, as utc() gives it, without parsing a date text: a card's axis places hundreds of days. */
const dayStart = (isoDate: string) =>
  Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)));
const shortMonth = (month: number) => MONTH_NAMES[month].slice(0, 3);

/**
 * A time axis over whole days, `from` to `to` (both included: `to` runs to its day's end). Ticks
 * fall on days of the range only (never an hour of one, never the day after it) and say "5 Nov"
 * over a short span and "Nov 2026" over a long one.
 */
export function dayScale(from: string, to: string, plot: Plot, tickCount = 5) {
  const end = utc(to).getTime() + 86_400_000;
  const scale = scaleUtc()
    .domain([utc(from), end])
    .range([plot.left, plot.right]);
  const long = end - utc(from).getTime() > 200 * 86_400_000;
  const label = (date: Date) =>
    long
      ? `${shortMonth(date.getUTCMonth())} ${date.getUTCFullYear()}`
      : `${date.getUTCDate()} ${shortMonth(date.getUTCMonth())}`;
  // Labels closer than 44 units (about "22 Nov" wide) would run together on a narrow chart.
  let last = Number.NEGATIVE_INFINITY;
  const days = scale
    .ticks(tickCount)
    .filter((date) => date.getUTCHours() === 0 && date.getTime() < end)
    .filter((date) => {
      const at = scale(date);
      if (at - last < 44) return false;
      last = at;
      return true;
    });
  // A range of a day or two has no day ticks between its ends: its first day is the tick.
  const ticks: Tick[] = (days.length ? days : [utc(from)]).map((date) => ({
    at: round1(scale(date)),
    label: label(date),
  }));
  return { x: (isoDate: string) => round1(scale(dayStart(isoDate))), ticks };
}

/** A quantity axis from 0 (or below, when `min` is) to a round figure at or above `max`. */
export function quantityScale(max: number, plot: Plot, { min = 0, tickCount = 4 } = {}) {
  const top = Number.isFinite(max) && max > min ? max : min + 1;
  const scale = scaleLinear().domain([min, top]).nice(tickCount).range([plot.bottom, plot.top]);
  const format = scale.tickFormat(tickCount);
  const ticks: Tick[] = scale
    .ticks(tickCount)
    .map((value) => ({ at: round1(scale(value)), label: format(value) }));
  return { y: (value: number) => round1(scale(value)), ticks, top: scale.domain()[1] };
}

/** A quantity axis laid across (horizontal bars): 0 at the plot's left, a round figure at its right. */
export function quantityAcross(max: number, plot: Plot, tickCount = 4) {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  const scale = scaleLinear().domain([0, top]).nice(tickCount).range([plot.left, plot.right]);
  const format = scale.tickFormat(tickCount);
  const ticks: Tick[] = scale
    .ticks(tickCount)
    .map((value) => ({ at: round1(scale(value)), label: format(value) }));
  return { x: (value: number) => round1(scale(value)), ticks, top: scale.domain()[1] };
}

/** Bands for bars, one per key, labelled as given (a month's short name, a department). */
export function bandScale(keys: readonly string[], labels: readonly string[], plot: Plot, padding = 0.25) {
  const scale = scaleBand<string>().domain(keys).range([plot.left, plot.right]).padding(padding);
  const ticks: Tick[] = keys.map((key, index) => ({
    at: round1((scale(key) ?? 0) + scale.bandwidth() / 2),
    label: labels[index] ?? key,
  }));
  return { x: (key: string) => round1(scale(key) ?? 0), width: round1(scale.bandwidth()), ticks };
}

/** A straight line through points already in viewBox units (a sparkline). */
export function linePath(points: readonly { x: number; y: number }[]): string {
  return (
    line<{ x: number; y: number }>()
      .x((point) => point.x)
      .y((point) => point.y)
      .digits(1)(points) ?? ""
  );
}

/**
 * A step line through points already in viewBox units: the value holds until the next point
 * (a balance after each day's movements). Points in the same two units of the viewBox (about two
 * screen pixels) are folded to the first, lowest, highest and last of them, at the column's first
 * x, and written in whole units, so a card of years of days draws a path of at most four points a
 * column (a few KB) and looks the same.
 */
export function stepPath(points: readonly { x: number; y: number }[]): string {
  const folded: { x: number; y: number }[] = [];
  let column: { x: number; y: number }[] = [];
  const flush = () => {
    if (column.length <= 2) folded.push(...column);
    else {
      const ys = column.map((point) => point.y);
      const x = column[0].x;
      // y grows downwards: the lowest stock is the largest y.
      folded.push(
        column[0],
        { x, y: Math.max(...ys) },
        { x, y: Math.min(...ys) },
        { x, y: ys[ys.length - 1] },
      );
    }
    column = [];
  };
  for (const point of points) {
    if (column.length && Math.round(column[0].x / 2) !== Math.round(point.x / 2)) flush();
    column.push(point);
  }
  flush();
  return (
    line<{ x: number; y: number }>()
      .x((point) => point.x)
      .y((point) => point.y)
      .curve(curveStepAfter)
      .digits(0)(folded) ?? ""
  );
}

/**
 * Marks that would be drawn on top of each other (within `grid` units, under half a mark's
 * width) kept once: a card of hundreds of receipt days draws a few dozen triangles that look the
 * same, and the page stays small.
 */
export function distinctMarks(
  points: readonly { x: number; y: number }[],
  grid = 3,
): { x: number; y: number }[] {
  const seen = new Set<string>();
  return points.filter((point) => {
    const key = `${Math.round(point.x / grid)} ${Math.round(point.y / grid)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
