import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "#app/audit/table.server.ts";
import { users } from "#app/auth/table.server.ts";
import { db } from "#app/db/client.server.ts";
import {
  periodFigures,
  recordMovement,
  recordOpenings,
  reverseMovement,
  stockCard,
  stockOn,
} from "#app/ledger/movements.server.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import type { StockItemRef } from "#app/stock/item.ts";
import { messages } from "#app/stock/rules.ts";
import { stockMovements } from "#app/stock/table.server.ts";
import { rackItems } from "#app/store-racks/table.server.ts";
import { signedInUser } from "#tests/support/users.ts";

// The ledger's server side (issue 17) against the real PostgreSQL: the rules as the server runs
// them under the item's row lock, the cached balance, reversals, and the race for the last unit.

const TODAY = "2026-11-23";
let userId: string;

beforeAll(async () => {
  const user = await signedInUser();
  const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
  userId = me!.id;
});

/** A fresh rack item with no movements (inserted as the migration's "before" would have it). */
async function newRackItem(): Promise<StockItemRef> {
  const [row] = await db
    .insert(rackItems)
    .values({ rackNumber: 4, section: "B", materialName: "Gasket", availableStock: 0, closingStock: 0 })
    .returning({ id: rackItems.id });
  return { type: "rack", id: row.id };
}

async function newSparesLine(): Promise<StockItemRef> {
  const [row] = await db
    .insert(inventoryItems)
    .values({
      department: "Technician",
      srno: Math.floor(Math.random() * 1_000_000_000),
      assets: "Pump",
      componentsAndEquipments: "Seal kit",
      availableStock: 0,
      minStock: 1,
      leadTimeDays: 7,
    })
    .returning({ id: inventoryItems.id });
  return { type: "spare", id: row.id };
}

const move = (
  item: StockItemRef,
  kind: "opening" | "receipt" | "issue" | "count",
  movedOn: string,
  quantity: number,
) => recordMovement(db, item, { kind, movedOn, quantity }, userId, { today: TODAY });

async function cachedBalance(item: StockItemRef) {
  if (item.type === "rack") {
    const [row] = await db
      .select({ v: rackItems.closingStock })
      .from(rackItems)
      .where(eq(rackItems.id, item.id));
    return row.v;
  }
  const [row] = await db
    .select({ v: inventoryItems.availableStock })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, item.id));
  return row.v;
}

async function sumOfMovements(item: StockItemRef) {
  const column = item.type === "rack" ? stockMovements.rackItemId : stockMovements.inventoryItemId;
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${stockMovements.quantity}), 0)` })
    .from(stockMovements)
    .where(eq(column, item.id));
  return Number(row.total);
}

describe("recording movements", () => {
  it("refuses an issue below zero on its date or a later date, with the exact message", async () => {
    const item = await newRackItem();
    expect((await move(item, "opening", "2026-11-01", 10)).ok).toBe(true);
    expect((await move(item, "issue", "2026-11-21", 7)).ok).toBe(true);
    // 3 left on the 21st: an issue of 4 on the 10th would leave −1 there.
    const refused = await move(item, "issue", "2026-11-10", 4);
    expect(refused).toEqual({
      ok: false,
      reason: "below-zero",
      message: "Only 3 in stock on 21/11/2026.",
      field: "quantity",
    });
    const onItsDate = await move(item, "issue", "2026-11-22", 3.001);
    expect(onItsDate).toMatchObject({ ok: false, message: "Only 3 in stock on 22/11/2026." });
    expect(await stockOn(db, item, TODAY)).toBe(3);
    expect((await move(item, "issue", "2026-11-22", 3)).ok).toBe(true);
    expect(await stockOn(db, item, TODAY)).toBe(0);
  });

  it("refuses a date after the plant's today", async () => {
    const item = await newRackItem();
    expect(await move(item, "receipt", "2026-11-24", 1)).toEqual({
      ok: false,
      reason: "date",
      message: messages.futureDate,
      field: "movedOn",
    });
  });

  it("records a count as the difference from the stock on its date, with the counted figure", async () => {
    const item = await newSparesLine();
    await move(item, "opening", "2026-11-01", 10);
    await move(item, "issue", "2026-11-05", 2);
    const counted = await move(item, "count", "2026-11-06", 7.5);
    expect(counted.ok && counted.movement).toMatchObject({ kind: "count", quantity: -0.5, counted: 7.5 });
    expect(await cachedBalance(item)).toBe(7.5);
  });

  it("answers not found for an item that does not exist, never a database error", async () => {
    const outcome = await move(
      { type: "rack", id: "00000000-0000-8000-8000-ffffffffffff" },
      "receipt",
      TODAY,
      1,
    );
    expect(outcome).toMatchObject({ ok: false, reason: "not-found", message: messages.itemNotFound });
  });

  it("keeps the cached balance equal to the sum of the movements, for both kinds of item", async () => {
    for (const item of [await newRackItem(), await newSparesLine()]) {
      await move(item, "opening", "2026-10-01", 5);
      await move(item, "receipt", "2026-10-15", 2.25);
      await move(item, "issue", "2026-11-02", 1.125);
      await move(item, "count", "2026-11-03", 4);
      expect(await cachedBalance(item)).toBe(await sumOfMovements(item));
      expect(await cachedBalance(item)).toBe(4);
    }
  });

  it("audits every movement in its transaction", async () => {
    const item = await newRackItem();
    const outcome = await move(item, "receipt", TODAY, 3);
    if (!outcome.ok) throw new Error(outcome.message);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "stock_movement"), eq(auditLog.entityId, outcome.movement.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "create", userId });
  });
});

describe("opening many new lines at once (an import)", () => {
  it("writes one audited opening per line and keeps each cached balance equal to its movements", async () => {
    const lines = [await newSparesLine(), await newSparesLine()];
    const outcome = await recordOpenings(
      db,
      [
        { id: lines[0].id, quantity: 3.5 },
        { id: lines[1].id, quantity: 12 },
      ],
      { movedOn: TODAY, remark: "Imported from spares.xlsx" },
      userId,
      { today: TODAY },
    );
    expect(outcome).toEqual({ ok: true, count: 2 });
    for (const [index, item] of lines.entries()) {
      expect(await cachedBalance(item)).toBe([3.5, 12][index]);
      expect(await sumOfMovements(item)).toBe(await cachedBalance(item));
      const card = await stockCard(db, item);
      expect(card.rows.map((row) => [row.kind, row.remark])).toEqual([
        ["opening", "Imported from spares.xlsx"],
      ]);
      const audited = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "stock_movement"), eq(auditLog.entityId, card.rows[0].id)));
      expect(audited).toHaveLength(1);
    }
  });

  it("refuses a line that already has movements, a future date, or a figure of 0, writing nothing", async () => {
    const moved = await newSparesLine();
    await move(moved, "opening", "2026-11-01", 2);
    const fresh = await newSparesLine();
    const both = [
      { id: fresh.id, quantity: 1 },
      { id: moved.id, quantity: 1 },
    ];
    const refused = await recordOpenings(db, both, { movedOn: TODAY }, userId, { today: TODAY });
    expect(refused.ok).toBe(false);
    const future = await recordOpenings(
      db,
      [{ id: fresh.id, quantity: 1 }],
      { movedOn: "2026-11-24" },
      userId,
      {
        today: TODAY,
      },
    );
    expect(future).toEqual({ ok: false, reason: "date", message: messages.futureDate });
    const zero = await recordOpenings(db, [{ id: fresh.id, quantity: 0 }], { movedOn: TODAY }, userId, {
      today: TODAY,
    });
    expect(zero.ok).toBe(false);
    expect(await sumOfMovements(fresh)).toBe(0);
    expect(await cachedBalance(fresh)).toBe(0);
    expect(await cachedBalance(moved)).toBe(2);
  });
});

describe("two people issuing the last unit at the same moment", () => {
  it("lets exactly one succeed", async () => {
    const item = await newRackItem();
    await move(item, "receipt", "2026-11-01", 1);
    const outcomes = await Promise.all([move(item, "issue", TODAY, 1), move(item, "issue", TODAY, 1)]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({
      message: "Only 0 in stock on 23/11/2026.",
    });
    expect(await stockOn(db, item, TODAY)).toBe(0);
    expect(await cachedBalance(item)).toBe(0);
  });
});

describe("reversals", () => {
  it("takes back the movement on its own date; both stay on the stock card, the original marked", async () => {
    const item = await newRackItem();
    await move(item, "opening", "2026-11-01", 10);
    const wrong = await move(item, "issue", "2026-11-05", 4);
    if (!wrong.ok) throw new Error(wrong.message);
    const reversed = await reverseMovement(db, wrong.movement.id, userId, "Wrong rack");
    expect(reversed.ok && reversed.movement).toMatchObject({
      kind: "reversal",
      quantity: 4,
      movedOn: "2026-11-05",
      reversesId: wrong.movement.id,
      remark: "Wrong rack",
    });
    const card = await stockCard(db, item);
    expect(card.rows.map((row) => [row.kind, row.quantity, row.balance])).toEqual([
      ["opening", 10, 10],
      ["issue", -4, 6],
      ["reversal", 4, 10],
    ]);
    expect(card.rows[1].reversedBy?.id).toBe(reversed.ok ? reversed.movement.id : "");
    expect(await cachedBalance(item)).toBe(10);
  });

  it("cannot reverse a movement twice, nor reverse a reversal", async () => {
    const item = await newRackItem();
    const receipt = await move(item, "receipt", "2026-11-01", 2);
    if (!receipt.ok) throw new Error(receipt.message);
    const first = await reverseMovement(db, receipt.movement.id, userId);
    expect(first.ok).toBe(true);
    expect(await reverseMovement(db, receipt.movement.id, userId)).toMatchObject({
      ok: false,
      reason: "already-reversed",
      message: messages.alreadyReversed,
    });
    if (!first.ok) return;
    expect(await reverseMovement(db, first.movement.id, userId)).toMatchObject({
      ok: false,
      message: messages.reversalNotReversible,
    });
  });

  it("two reversals of the same movement at the same moment: exactly one succeeds", async () => {
    const item = await newRackItem();
    const receipt = await move(item, "receipt", "2026-11-01", 2);
    if (!receipt.ok) throw new Error(receipt.message);
    const outcomes = await Promise.all([
      reverseMovement(db, receipt.movement.id, userId),
      reverseMovement(db, receipt.movement.id, userId),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await cachedBalance(item)).toBe(0);
  });

  it("refuses to reverse a receipt whose stock was issued later", async () => {
    const item = await newRackItem();
    const receipt = await move(item, "receipt", "2026-11-01", 5);
    if (!receipt.ok) throw new Error(receipt.message);
    await move(item, "issue", "2026-11-10", 4);
    expect(await reverseMovement(db, receipt.movement.id, userId)).toMatchObject({
      ok: false,
      message: "Only 1 in stock on 10/11/2026.",
    });
    expect(await cachedBalance(item)).toBe(1);
  });
});

describe("period figures and the stock card", () => {
  it("gives many items' figures in one query, a reversal folded into the kind it reverses", async () => {
    const a = await newRackItem();
    const b = await newRackItem();
    await move(a, "opening", "2026-10-01", 10);
    await move(a, "issue", "2026-10-20", 3);
    await move(a, "receipt", "2026-11-02", 5);
    const wrong = await move(a, "issue", "2026-11-03", 2);
    await move(a, "count", "2026-11-04", 9);
    if (!wrong.ok) throw new Error(wrong.message);
    await reverseMovement(db, wrong.movement.id, userId);
    await move(b, "opening", "2026-11-10", 4);
    const figures = await periodFigures(db, "rack", [a.id, b.id], "2026-11-01", "2026-11-30");
    // a: 7 at the start; +5 received; the issue of 2 reversed; counted 9 when 10 were booked.
    expect(figures.get(a.id)).toEqual({
      opening: 7,
      openings: 0,
      receipts: 5,
      issues: 0,
      counts: -1,
      closing: 11,
    });
    expect(figures.get(b.id)).toEqual({
      opening: 0,
      openings: 4,
      receipts: 0,
      issues: 0,
      counts: 0,
      closing: 4,
    });
  });

  it("filters the stock card by date range, starting from the stock before the range", async () => {
    const item = await newSparesLine();
    await move(item, "opening", "2026-10-01", 10);
    await move(item, "issue", "2026-10-20", 3);
    await move(item, "receipt", "2026-11-02", 5);
    await move(item, "issue", "2026-11-20", 1);
    const card = await stockCard(db, item, { from: "2026-11-01", to: "2026-11-10" });
    expect(card.opening).toBe(7);
    expect(card.rows.map((row) => [row.movedOn, row.balance])).toEqual([["2026-11-02", 12]]);
    expect(card.closing).toBe(12);
    expect(card.rows[0].enteredBy).toBeTruthy();
  });
});
