import { describe, expect, it } from "vitest";
import {
  bandScale,
  dayScale,
  distinctMarks,
  plotArea,
  quantityScale,
  stepPath,
} from "#app/charts/axes.server.ts";
import { vertices } from "#tests/support/charts.ts";

// The chart kit's maths: the scales put the range's ends on the plot's edges, and a step line of
// thousands of days folds to a few points per column without losing its highs, lows and ends.

const plot = plotArea();

describe("the chart kit's scales", () => {
  it("puts a range's first day on the plot's left edge and the end of its last day on the right", () => {
    const { x, ticks } = dayScale("2026-11-01", "2026-11-30", plot);
    expect(x("2026-11-01")).toBe(plot.left);
    expect(x("2026-12-01")).toBe(plot.right);
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks[0].label).toMatch(/^\d+ Nov$/);
  });

  it("ticks only the range's own days, however short", () => {
    const oneDay = dayScale("2026-11-26", "2026-11-26", plot).ticks;
    expect(oneDay).toEqual([{ at: plot.left, label: "26 Nov" }]);
    const week = dayScale("2026-11-20", "2026-11-26", plot).ticks.map((tick) => tick.label);
    expect(new Set(week).size).toBe(week.length);
    expect(week).not.toContain("27 Nov");
  });

  it("labels a long span by month and year", () => {
    expect(dayScale("2025-01-01", "2026-11-30", plot).ticks[0].label).toMatch(/^[A-Z][a-z]{2} 20\d\d$/);
  });

  it("reads quantities from 0 at the bottom up to a round figure at the top", () => {
    const { y, ticks, top } = quantityScale(23, plot);
    expect(y(0)).toBe(plot.bottom);
    expect(top).toBeGreaterThanOrEqual(23);
    expect(y(top)).toBe(plot.top);
    expect(ticks.map((tick) => tick.label)[0]).toBe("0");
    // Nothing to show still draws an axis.
    expect(quantityScale(0, plot).top).toBeGreaterThan(0);
  });

  it("gives each band a labelled middle", () => {
    const { x, width, ticks } = bandScale(["a", "b"], ["Jan", "Feb"], plot);
    expect(ticks.map((tick) => tick.label)).toEqual(["Jan", "Feb"]);
    expect(ticks[0].at).toBeCloseTo(x("a") + width / 2, 0);
  });
});

describe("stepPath", () => {
  it("holds each value until the next point", () => {
    const d = stepPath([
      { x: 10, y: 100 },
      { x: 20, y: 80 },
      { x: 30, y: 80 },
    ]);
    expect(vertices(d)).toEqual([
      { x: 10, y: 100 },
      { x: 20, y: 100 },
      { x: 20, y: 80 },
      { x: 30, y: 80 },
    ]);
  });

  it("folds the points of one column to its first, lowest, highest and last", () => {
    const column = [50, 10, 90, 30, 70].map((y) => ({ x: 5, y }));
    const d = stepPath([...column, { x: 6, y: 70 }]);
    const ys = vertices(d)
      .filter((point) => point.x === 5)
      .map((point) => point.y);
    expect(ys).toEqual([50, 90, 10, 70]);
  });

  it("keeps a path of thousands of days short", () => {
    const points = Array.from({ length: 3000 }, (_, day) => ({
      x: Math.round((day / 3000) * 436 * 10) / 10,
      y: day % 7,
    }));
    expect(stepPath(points).length).toBeLessThan(40_000);
  });
});

describe("distinctMarks", () => {
  it("keeps one of the marks that would be drawn on top of each other", () => {
    const marks = distinctMarks(
      [
        { x: 10, y: 50 },
        { x: 10.4, y: 50.4 },
        { x: 20, y: 50 },
        { x: 10, y: 80 },
      ],
      3,
    );
    expect(marks).toEqual([
      { x: 10, y: 50 },
      { x: 20, y: 50 },
      { x: 10, y: 80 },
    ]);
  });
});
