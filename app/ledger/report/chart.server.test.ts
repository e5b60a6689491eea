import { describe, expect, it } from "vitest";
import { mostUsedChart, receiptsAgainstIssues } from "#app/ledger/report/chart.server.ts";
import { layerNamed, quantityOfWidth } from "#tests/support/charts.ts";

// The stock report's charts draw the groups' and items' own figures (issue 36): a bar's length
// read back off the axis is its figure; a group that moved nothing has no row.

const range = { from: "2026-11-01", to: "2026-11-30" };

describe("receipts against issues", () => {
  const chart = receiptsAgainstIssues(
    [
      { group: 3, receipts: 40, issues: 25.5 },
      { group: 5, receipts: 0, issues: 0 },
      { group: 101, receipts: 0, issues: 12 },
    ],
    range,
  );

  it("has a row per rack or department that moved, received hatched and issued solid, at their figures", () => {
    expect(chart.geometry.yTicks.map((tick) => tick.label)).toEqual(["Rack 3", "Electrician"]);
    const received = layerNamed(chart.geometry, "Received", "bars");
    const issued = layerNamed(chart.geometry, "Issued", "bars");
    expect([received.fill, issued.fill]).toEqual(["hatched", "solid"]);
    const read = (bars: { width: number }[]) =>
      bars.map((bar) => Math.round(quantityOfWidth(chart.geometry, bar.width) * 10) / 10);
    expect(read(received.bars)).toEqual([40, 0]);
    expect(read(issued.bars)).toEqual([25.5, 12]);
    expect(chart.description).toBe("Rack 3: received 40, issued 25.5; Electrician: received 0, issued 12.");
  });

  it("says so when nothing moved", () => {
    expect(receiptsAgainstIssues([{ group: 3, receipts: 0, issues: 0 }], range).description).toBe(
      "Nothing received or issued in the period.",
    );
  });
});

describe("the items most used", () => {
  it("draws each item's issues, most first, its figure past the bar's end", () => {
    const chart = mostUsedChart(
      [
        { type: "spare", id: "b", group: 102, name: "Landing valve", place: "Hydrant", issues: 30 },
        { type: "rack", id: "a", group: 7, name: "Gland packing", place: "D", issues: 12 },
      ],
      range,
    );
    const bars = layerNamed(chart.geometry, "Issued", "bars").bars;
    expect(bars.map((bar) => Math.round(quantityOfWidth(chart.geometry, bar.width)))).toEqual([30, 12]);
    const labels = layerNamed(chart.geometry, "Figures", "labels").texts;
    expect(labels.map((label) => label.text)).toEqual(["30", "12"]);
    for (const [index, label] of labels.entries())
      expect(label.x).toBeGreaterThan(bars[index].x + bars[index].width);
    expect(chart.description).toBe(
      "The 2 items that issued most: Landing valve (FireFight) 30; Gland packing (Rack 7) 12.",
    );
  });
});
