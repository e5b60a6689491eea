import { describe, expect, it } from "vitest";
import { balanceChart, useChart } from "#app/ledger/card-chart.server.ts";
import { dayBalances, monthlyUse } from "#app/ledger/charts.ts";
import { withRunningBalance } from "#app/stock/rules.ts";
import { layerNamed, quantityAt, vertices } from "#tests/support/charts.ts";

// The stock card's charts draw the card's own figures (issue 36): the step line passes through the
// balance the card shows after each day's last movement, the marks sit on the days that received
// or issued, and the use bars are the months' issues with their average.

const movements = [
  { id: "1", movedOn: "2026-11-02", kind: "receipt" as const, quantity: 20 },
  { id: "2", movedOn: "2026-11-02", kind: "issue" as const, quantity: -5 },
  { id: "3", movedOn: "2026-11-09", kind: "issue" as const, quantity: -8.5 },
  { id: "4", movedOn: "2026-11-20", kind: "count" as const, quantity: 1.5 },
  { id: "5", movedOn: "2026-11-25", kind: "issue" as const, quantity: -6 },
];
// What app/stock/journal.server.ts stockCardDays sums per day from those movements.
const days = [
  { day: "2026-11-02", receipts: 20, issues: 5, change: 15 },
  { day: "2026-11-09", receipts: 0, issues: 8.5, change: -8.5 },
  { day: "2026-11-20", receipts: 0, issues: 0, change: 1.5 },
  { day: "2026-11-25", receipts: 0, issues: 6, change: -6 },
];

describe("the stock card's balance chart", () => {
  const opening = 4;
  const balances = dayBalances(opening, days);

  it("has each day's balance as the card's last row of that day", () => {
    const rows = withRunningBalance(movements, opening);
    const lastOfDay = new Map(rows.map((row) => [row.movedOn, row.balance]));
    expect(balances.map((day) => [day.day, day.balance])).toEqual([...lastOfDay]);
  });

  const chart = balanceChart({
    name: "Gland packing",
    from: "2026-11-01",
    to: "2026-11-30",
    opening,
    days: balances,
    minStock: 5,
    orderBy: "2026-12-10",
    today: "2026-11-30",
  });

  it("draws the step line through the opening and every day's balance, to the range's end", () => {
    const line = layerNamed(chart.geometry, "Balance", "line");
    const ys = vertices(line.d).map((point) => point.y);
    // Each day the line steps to the day's balance and holds it, to the path's whole viewBox unit.
    const levels = ys.filter((y, index) => index === 0 || ys[index - 1] !== y);
    const unit = Math.abs(quantityAt(chart.geometry, 0) - quantityAt(chart.geometry, 1));
    const expected = [4, 19, 10.5, 12, 6];
    expect(levels).toHaveLength(expected.length);
    levels.forEach((y, index) => {
      expect(Math.abs(quantityAt(chart.geometry, y) - expected[index])).toBeLessThanOrEqual(unit / 2);
    });
    const xs = vertices(line.d).map((point) => point.x);
    expect(Math.min(...xs)).toBe(chart.geometry.plot.left);
  });

  it("marks the days that received (up) and issued (down) at their balance", () => {
    const receipts = layerNamed(chart.geometry, "Receipts", "marks");
    const issues = layerNamed(chart.geometry, "Issues", "marks");
    expect(receipts.shape).toBe("up");
    expect(issues.shape).toBe("down");
    expect(receipts.points.map((point) => Math.round(quantityAt(chart.geometry, point.y) * 10) / 10)).toEqual(
      [19],
    );
    expect(issues.points.map((point) => Math.round(quantityAt(chart.geometry, point.y) * 10) / 10)).toEqual([
      19, 10.5, 6,
    ]);
  });

  it("draws the minimum stock dashed and the order-by date dotted, labelled, and says it all in words", () => {
    const minimum = layerNamed(chart.geometry, "Minimum stock", "rule");
    expect(minimum.stroke).toBe("dashed");
    expect(quantityAt(chart.geometry, minimum.y1)).toBeCloseTo(5, 5);
    const orderBy = layerNamed(chart.geometry, "Order by", "rule");
    expect(orderBy.stroke).toBe("dotted");
    expect(orderBy.label?.text).toBe("Order by 10/12/2026");
    expect(chart.title).toBe("Stock of Gland packing, 01/11/2026 to 30/11/2026");
    expect(chart.description).toBe(
      "Balance from 4 on 01/11/2026 to 6 on 30/11/2026, lowest 4 on 01/11/2026. Received on 1 day (20 in all), issued on 3 days (19.5 in all). Minimum stock 5. Order by 10/12/2026.",
    );
  });

  it("leaves off an order-by date months ahead, and says order now when it has passed", () => {
    const far = balanceChart({ ...chartInput(), orderBy: "2027-06-01" });
    expect(far.geometry.layers.some((layer) => layer.name === "Order by")).toBe(false);
    expect(far.description).toContain("Order by 01/06/2027.");
    const past = balanceChart({ ...chartInput(), orderBy: "2026-11-10" });
    expect(layerNamed(past.geometry, "Order by", "rule").label?.text).toBe("Order now");
  });

  function chartInput() {
    return {
      name: "Gland packing",
      from: "2026-11-01",
      to: "2026-11-30",
      opening,
      days: balances,
      minStock: null,
      orderBy: null,
      today: "2026-11-30",
    };
  }
});

describe("the use chart", () => {
  const use = monthlyUse(
    [
      { month: "2026-11", issued: 12 },
      { month: "2026-06", issued: 6 },
      { month: "2025-12", issued: 18 },
      { month: "2025-11", issued: 99 }, // before the 12 months: not counted
    ],
    30,
    "2026-11-26",
  );

  it("has twelve months, this one last, the average and the days of cover", () => {
    expect(use.months).toHaveLength(12);
    expect(use.months[0]).toEqual({ month: "2025-12", label: "Dec", issued: 18 });
    expect(use.months[11]).toEqual({ month: "2026-11", label: "Nov", issued: 12 });
    expect(use.total).toBe(36);
    expect(use.averagePerMonth).toBe(3);
    // 36 over the 361 days from 1 Dec 2025 to 26 Nov 2026: 30 lasts 300 days (rounded down).
    expect(use.coverDays).toBe(300);
  });

  it("draws a bar a month at its figure, and the average", () => {
    const chart = useChart("Gland packing", use);
    const bars = layerNamed(chart.geometry, "Issued", "bars");
    expect(bars.bars.map((bar) => Math.round(quantityAt(chart.geometry, bar.y)))).toEqual([18, 6, 12]);
    const labels = layerNamed(chart.geometry, "Figures", "labels");
    expect(labels.texts.map((text) => text.text)).toEqual(["18", "6", "12"]);
    expect(quantityAt(chart.geometry, layerNamed(chart.geometry, "Average", "rule").y1)).toBeCloseTo(3, 5);
    expect(chart.summary).toBe(
      "Average use 3 a month (36 issued 01/12/2025 to 26/11/2026). At that rate the stock now lasts 300 days.",
    );
  });

  it("says so when nothing was issued", () => {
    const none = useChart("Gland packing", monthlyUse([], 5, "2026-11-26"));
    expect(none.summary).toBe("Nothing issued since 01/12/2025.");
    expect(none.geometry.layers.some((layer) => layer.name === "Average")).toBe(false);
  });
});
