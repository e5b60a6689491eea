import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import { plantToday } from "#app/db/records.server.ts";
import {
  periodFigures,
  recordMovement,
  reverseMovement,
  stockCardDays,
} from "#app/ledger/movements.server.ts";
import { addDays } from "#app/lib/dates.ts";
import type { StockItemRef } from "#app/stock/item.ts";
import { type EnteredKind, type LedgerEntry, monthOf, periodFigures as recompute } from "#app/stock/rules.ts";
import { stockMovements as m } from "#app/stock/table.server.ts";
import { listRackPage } from "#app/store-racks/list.server.ts";
import { rackItems } from "#app/store-racks/table.server.ts";
import { signedInUser } from "#tests/support/users.ts";

// A period's figures (the racks page, its legacy API) are read from the item's cached balance less
// what moved since the period began, so only the period's movements are summed (a period that began
// over a year ago is summed from the first movement instead). Here they must agree with a full
// recomputation from every movement (the pure rules) for past periods, the current month and ranges
// across them, including reversals, counts and items without movements.

const RACK = 23;
let userId: string;
const today = plantToday();
const thisMonth = monthOf(today);
const lastMonth = monthOf(addDays(thisMonth.from, -1));
const items: StockItemRef[] = [];

async function newRackItem(name: string): Promise<StockItemRef> {
  const [row] = await db
    .insert(rackItems)
    .values({ rackNumber: RACK, section: "F", materialName: name, availableStock: 0, closingStock: 0 })
    .returning({ id: rackItems.id });
  const item = { type: "rack", id: row.id } as const;
  items.push(item);
  return item;
}

async function move(
  item: StockItemRef,
  kind: "opening" | "receipt" | "issue" | "count",
  movedOn: string,
  quantity: number,
) {
  const outcome = await recordMovement(db, item, { kind, movedOn, quantity }, userId);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.movement;
}

const reversed = alias(m, "reversed");
async function entriesOf(item: StockItemRef): Promise<LedgerEntry[]> {
  return db
    .select({
      movedOn: m.movedOn,
      quantity: m.quantity,
      kind: m.kind,
      reversedKind: sql<EnteredKind | null>`${reversed.kind}`,
    })
    .from(m)
    .leftJoin(reversed, eq(reversed.id, m.reversesId))
    .where(eq(m.rackItemId, item.id));
}

beforeAll(async () => {
  const user = await signedInUser();
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  userId = me.id;
  const before = addDays(lastMonth.from, -20);
  // Movements before, in and after last month, and in this month up to today.
  const a = await newRackItem("Figures A");
  await move(a, "opening", before, 20);
  await move(a, "issue", addDays(lastMonth.from, 2), 4.5);
  const wrong = await move(a, "receipt", addDays(lastMonth.from, 5), 3);
  await reverseMovement(db, wrong.id, userId);
  await move(a, "count", addDays(lastMonth.from, 9), 14);
  await move(a, "receipt", thisMonth.from, 6);
  const late = await move(a, "issue", today, 2);
  await reverseMovement(db, late.id, userId);
  await move(a, "issue", today, 1.25);
  // Put in this month, nothing before.
  const b = await newRackItem("Figures B");
  await move(b, "opening", thisMonth.from, 8);
  await move(b, "count", today, 7);
  // Nothing since last month began: its figures are its opening.
  const c = await newRackItem("Figures C");
  await move(c, "receipt", before, 5);
  // Never moved.
  await newRackItem("Figures D");
  // Moved two years ago and since: a period over a year back is summed from the first movement.
  const e = await newRackItem("Figures E");
  await move(e, "opening", addDays(today, -730), 12);
  await move(e, "receipt", addDays(today, -460), 1);
  await move(e, "issue", addDays(today, -450), 5);
  await move(e, "count", addDays(today, -440), 6);
  await move(e, "receipt", lastMonth.from, 2);
});

describe("period figures from the cached balance", () => {
  const periods = [
    ["last month", () => lastMonth],
    ["this month", () => thisMonth],
    ["a range across both", () => ({ from: addDays(lastMonth.from, 7), to: today })],
    [
      "a past range ending before the last movements",
      () => ({ from: lastMonth.from, to: addDays(lastMonth.from, 5) }),
    ],
    // Summed from the first movement, not from the cached balance (CACHED_OPENING_DAYS).
    ["a range that began over a year ago", () => ({ from: addDays(today, -460), to: addDays(today, -430) })],
    ["a range from over a year ago to today", () => ({ from: addDays(today, -460), to: today })],
  ] as const;
  for (const [name, period] of periods) {
    it(`agree with a full recomputation from every movement: ${name}`, async () => {
      const { from, to } = period();
      const figures = await periodFigures(
        db,
        "rack",
        items.map((item) => item.id),
        from,
        to,
      );
      expect(figures.size).toBe(items.length);
      for (const item of items) {
        expect(figures.get(item.id), `${item.id} ${from}..${to}`).toEqual(
          recompute(await entriesOf(item), from, to),
        );
      }
    });
  }

  // Sorted by the item's own columns the page is chosen first and only its items' figures are
  // summed; sorted by a figure, every item's are: both must show the same figures.
  for (const sort of ["rack", "material", "closing"] as const) {
    it(`are what the racks page shows for the period, item by item (sorted by ${sort})`, async () => {
      const page = await listRackPage(db, { q: "Figures", sort, dir: "asc", page: 1, size: 100 }, RACK, {
        ...lastMonth,
        month: lastMonth.from.slice(0, 7),
      });
      expect(page.rows).toHaveLength(items.length);
      expect(page.total).toBe(items.length);
      for (const row of page.rows) {
        const f = recompute(await entriesOf({ type: "rack", id: row.id }), lastMonth.from, lastMonth.to);
        expect([row.availableStock, row.issue, row.receipt, row.closingStock]).toEqual([
          f.opening + f.openings + f.counts,
          f.issues,
          f.receipts,
          f.closing,
        ]);
      }
      // Item A last month: 20 at the start, 4.5 issued, the receipt of 3 reversed, counted 14 (−1.5).
      const a = page.rows.find((row) => row.materialName === "Figures A");
      expect(a).toMatchObject({ availableStock: 18.5, issue: 4.5, receipt: 0, closingStock: 14 });
    });
  }

  it("pages by the item's own columns before summing: a later page has its own items' figures", async () => {
    const period = { ...thisMonth, month: thisMonth.from.slice(0, 7) };
    const whole = await listRackPage(
      db,
      { q: "Figures", sort: "material", dir: "desc", page: 1, size: 100 },
      RACK,
      period,
    );
    const second = await listRackPage(
      db,
      { q: "Figures", sort: "material", dir: "desc", page: 2, size: 1 },
      RACK,
      period,
    );
    expect(second).toMatchObject({ page: 2, total: items.length });
    expect(second.rows).toEqual([whole.rows[1]]);
    const none = await listRackPage(
      db,
      { q: "no such item", sort: "rack", dir: "asc", page: 1, size: 50 },
      RACK,
      period,
    );
    expect(none).toEqual({ rows: [], total: 0, page: 1 });
  });
});

describe("the stock card's days (its balance chart)", () => {
  it("agree with a full recomputation: each day's receipts and issues net of reversals, and its change", async () => {
    for (const item of items) {
      const entries = await entriesOf(item);
      const days = await stockCardDays(db, item);
      expect(days.map((day) => day.day)).toEqual([...new Set(entries.map((entry) => entry.movedOn))].sort());
      for (const day of days) {
        const figures = recompute(entries, day.day, day.day);
        expect(day, `${item.id} ${day.day}`).toEqual({
          day: day.day,
          receipts: figures.receipts,
          issues: figures.issues,
          change: figures.closing - figures.opening,
        });
      }
    }
  });
});
