import { describe, expect, it } from "vitest";
import { inventoryLines, rackItemRows } from "./data.ts";
import { itemMovements, LEDGER_DAYS, type LedgerItem, ledgerMovements, type SeedMovement } from "./ledger.ts";
import { shiftDate } from "./random.ts";

const TODAY = "2026-11-23";

/** The plant-scale items as run.ts hands them over: spares lines, then rack items, one heavy. */
function plantItems(): LedgerItem[] {
  const lines = inventoryLines(1000, "plantops").map((line) => ({
    stock: line.availableStock,
    level: line.minStock,
    decimals: /\[(m|l|kg)\]$/.test(line.componentsAndEquipments),
  }));
  const racks = rackItemRows(50, "plantops").map((item, index) => ({
    stock: item.closingStock,
    level: 20,
    decimals: false,
    heavy: index === 0,
  }));
  return [...lines, ...racks];
}

/** One item's rows in order: the final balance, the lowest balance inside a day and at a day's end. */
function walk(rows: SeedMovement[]) {
  let balance = 0;
  let lowestRunning = 0;
  let lowestEndOfDay = 0;
  let outOfOrder = 0;
  let wrongCounts = 0;
  for (const [position, row] of rows.entries()) {
    if (position > 0 && row.movedOn < rows[position - 1].movedOn) outOfOrder++;
    balance += row.thousandths;
    lowestRunning = Math.min(lowestRunning, balance);
    if (rows[position + 1]?.movedOn !== row.movedOn) lowestEndOfDay = Math.min(lowestEndOfDay, balance);
    if (row.kind === "count" && row.counted !== balance) wrongCounts++;
  }
  return { balance, lowestRunning, lowestEndOfDay, outOfOrder, wrongCounts };
}

describe("the seed's two years of movements", () => {
  const items = plantItems();
  const rows = ledgerMovements(items, "plantops", TODAY);
  const byItem = new Map<number, SeedMovement[]>();
  for (const row of rows) {
    const list = byItem.get(row.item) ?? [];
    list.push(row);
    byItem.set(row.item, list);
  }

  it("makes at least 200,000 movements at plant scale", () => {
    expect(rows.length).toBeGreaterThanOrEqual(200_000);
  });

  it("sums every item's movements to its stock today, never below zero on any day or inside one", () => {
    const wrong: string[] = [];
    items.forEach((item, index) => {
      const figures = walk(byItem.get(index) ?? []);
      const expected = {
        balance: Math.round(item.stock * 1000),
        lowestRunning: 0,
        lowestEndOfDay: 0,
        outOfOrder: 0,
        wrongCounts: 0,
      };
      if (JSON.stringify(figures) !== JSON.stringify(expected))
        wrong.push(`item ${index}: ${JSON.stringify(figures)}`);
    });
    expect(wrong).toEqual([]);
  });

  it("keeps every movement within the two years up to today, the opening first", () => {
    const start = shiftDate(TODAY, -LEDGER_DAYS);
    const wrong = rows.filter(
      (row) =>
        row.movedOn < start ||
        row.movedOn > TODAY ||
        (row.kind === "opening" && row.movedOn !== start) ||
        row.thousandths === 0,
    );
    expect(wrong).toEqual([]);
  });

  it("gives the heavy item (the bench's stock card) about 2,000 movements", () => {
    const heavy = items.findIndex((item) => item.heavy);
    const count = byItem.get(heavy)?.length ?? 0;
    expect(count).toBeGreaterThanOrEqual(2000);
    expect(count).toBeLessThan(2400);
  });

  it("reverses a few issues entered twice, each reversal pointing at an issue of its item and day", () => {
    const reversals = rows.filter((row) => row.kind === "reversal");
    expect(reversals.length).toBeGreaterThan(50);
    const wrong = reversals.filter((reversal) => {
      const reversed = rows[reversal.reverses ?? -1];
      return (
        reversed?.kind !== "issue" ||
        reversed.item !== reversal.item ||
        reversed.movedOn !== reversal.movedOn ||
        reversal.thousandths !== -reversed.thousandths
      );
    });
    expect(wrong).toEqual([]);
  });

  it("leaves some lines unissued for 90 days (days of cover '—') and issues most", () => {
    const recent = shiftDate(TODAY, -89);
    const issuedLately = new Set(
      rows.filter((row) => row.kind === "issue" && row.movedOn >= recent).map((row) => row.item),
    );
    const share = issuedLately.size / items.length;
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(0.95);
  });

  it("is the same for the same seed and today", () => {
    expect(itemMovements(items[5], 5, "plantops", TODAY)).toEqual(byItem.get(5));
  });
});
