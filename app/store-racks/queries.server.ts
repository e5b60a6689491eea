import { and, asc, eq, inArray } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { isRecordId, nextVersion, plantToday } from "#app/db/records.server.ts";
import type { Outcome, WordedRefusal } from "#app/lib/outcome.ts";
import {
  type MovementInput,
  periodFigures,
  recordAdjustment,
  recordMovement,
  ZERO_FIGURES,
} from "#app/stock/journal.server.ts";
import { monthOf, type PeriodFigures, sumQuantities } from "#app/stock/rules.ts";
import type { RackFigures, RackItemInput } from "#app/store-racks/schema.ts";
import { rackStockHolder } from "#app/store-racks/stock.server.ts";
import { rackItems } from "#app/store-racks/table.server.ts";

// Rack items, mapped to the legacy field names (`_id`, `receit`) at the edge (the legacy API contract
// "Records"). An item's stock is its movements in the stock ledger (issue 17): the figures on
// the wire are this month's, computed from them; figures sent by the legacy API are recorded as
// movements. Every change is audited in its own transaction; updates compare `version`.

const ENTITY = "rack_item";

/** An id that cannot be a rack item's is simply not found (never a database error). */
export const isItemId = isRecordId;

type RackItemRow = typeof rackItems.$inferSelect;

/** A rack item on the wire (the legacy API contract "Records"): this month's figures. */
export type RackItem = {
  _id: string;
  rackNumber: number;
  section: string;
  materialName: string;
  availableStock: number;
  issue: number;
  receit: number;
  closingStock: number;
  version: number;
  createdAt: string;
  updatedAt: string;
};

/**
 * A period's figures the way the racks show them, always closing = available + receipt − issue:
 * the stock at the start, an opening entered in the period (an item created in it) and stock
 * count differences fold into Available.
 */
export function rackFigures(figures: PeriodFigures): RackFigures & { closingStock: number } {
  return {
    availableStock: sumQuantities([figures.opening, figures.openings, figures.counts]),
    issue: figures.issues,
    receipt: figures.receipts,
    closingStock: figures.closing,
  };
}

export function toRackItem(row: RackItemRow, figures: PeriodFigures = ZERO_FIGURES): RackItem {
  const shown = rackFigures(figures);
  return {
    _id: row.id,
    rackNumber: row.rackNumber,
    section: row.section,
    materialName: row.materialName,
    availableStock: shown.availableStock,
    issue: shown.issue,
    receit: shown.receipt,
    closingStock: shown.closingStock,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The current month in the plant's zone. */
export const currentMonth = () => monthOf(plantToday());

async function withMonthFigures(db: Tx, rows: RackItemRow[]): Promise<RackItem[]> {
  const { from, to } = currentMonth();
  const figures = await periodFigures(
    db,
    rackStockHolder,
    rows.map((row) => row.id),
    from,
    to,
  );
  return rows.map((row) => toRackItem(row, figures.get(row.id)));
}

/** One rack's items in the order they were put in, with this month's figures. */
export async function listRackItems(db: Tx, rackNumber: number): Promise<RackItem[]> {
  const rows = await db
    .select()
    .from(rackItems)
    .where(eq(rackItems.rackNumber, rackNumber))
    .orderBy(asc(rackItems.createdAt), asc(rackItems.id));
  return withMonthFigures(db, rows);
}

export async function findRackItem(db: Tx, rackNumber: number, id: string): Promise<RackItem | null> {
  if (!isItemId(id)) return null;
  const [row] = await db
    .select()
    .from(rackItems)
    .where(and(eq(rackItems.id, id), eq(rackItems.rackNumber, rackNumber)));
  return row ? (await withMonthFigures(db, [row]))[0] : null;
}

/** A movement the item's own save needs; one the ledger refuses undoes the whole save. */
class RefusedFigures extends Error {}

/** The ledger refused a movement the save needed (its message says why: "Only 3 in stock on …"). */
const refusedFigures = (error: RefusedFigures) =>
  ({ ok: false, reason: "stock", message: error.message }) as const;

async function must(outcome: ReturnType<typeof recordMovement>) {
  const done = await outcome;
  if (!done.ok) throw new RefusedFigures(done.message);
}

export type CreateOutcome = { ok: true; item: RackItem } | WordedRefusal<"stock">;

/**
 * Puts an item in a rack with its opening stock, recorded as its first movement (dated the
 * plant's today). The legacy API may also send an issue and a receipt: recorded the same day.
 * The item keeps the figures it was put in with (available_stock, issue, receipt); its stock is
 * its movements from then on.
 */
export async function createRackItem(
  db: Tx,
  rackNumber: number,
  input: RackItemInput,
  figures: RackFigures,
  userId: string,
): Promise<CreateOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(rackItems)
        .values({
          rackNumber,
          ...input,
          ...figures,
          closingStock: 0,
          createdBy: userId,
          updatedBy: userId,
        })
        .returning();
      const today = plantToday();
      const move = (input: MovementInput) =>
        must(recordMovement(tx, rackStockHolder, row.id, input, userId, { today }));
      if (figures.availableStock > 0) {
        await move({ kind: "opening", movedOn: today, quantity: figures.availableStock });
      }
      if (figures.receipt > 0) {
        await move({ kind: "receipt", movedOn: today, quantity: figures.receipt });
      }
      if (figures.issue > 0) {
        await move({ kind: "issue", movedOn: today, quantity: figures.issue });
      }
      const [stored] = await tx.select().from(rackItems).where(eq(rackItems.id, row.id));
      const [item] = await withMonthFigures(tx, [stored]);
      await audit(tx, { userId, action: "create", entity: ENTITY, entityId: row.id, after: item });
      return { ok: true, item } as const;
    });
  } catch (error) {
    if (error instanceof RefusedFigures) return refusedFigures(error);
    throw error;
  }
}

export type UpdateOutcome = Outcome<{ item: RackItem }, "not-found" | "stale"> | WordedRefusal<"stock">;

/**
 * Saves what an item is (section, material name). With `version` (the one the user read), a record
 * changed since is refused as stale instead of overwritten (README difference 20); without it, last
 * write wins (legacy API clients). With `figures` (the legacy PUT's new figures for this month),
 * the differences from this month's figures are recorded as movements dated today: a receipt and
 * an issue of the differences, and a stock count for a changed Available.
 */
export async function updateRackItem(
  db: Tx,
  rackNumber: number,
  id: string,
  input: RackItemInput,
  version: number | undefined,
  userId: string,
  figures?: RackFigures,
): Promise<UpdateOutcome> {
  if (!isItemId(id)) return { ok: false, reason: "not-found" };
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(rackItems)
        .where(and(eq(rackItems.id, id), eq(rackItems.rackNumber, rackNumber)))
        .for("update");
      if (!current) return { ok: false, reason: "not-found" } as const;
      if (version !== undefined && current.version !== version)
        return { ok: false, reason: "stale" } as const;
      const [before] = await withMonthFigures(tx, [current]);
      if (figures) await recordDifferences(tx, id, before, figures, userId);
      const [row] = await tx
        .update(rackItems)
        .set({
          ...input,
          updatedBy: userId,
          updatedAt: new Date(),
          version: nextVersion(rackItems),
        })
        .where(eq(rackItems.id, id))
        .returning();
      const [item] = await withMonthFigures(tx, [row]);
      await audit(tx, { userId, action: "update", entity: ENTITY, entityId: id, before, after: item });
      return { ok: true, item } as const;
    });
  } catch (error) {
    if (error instanceof RefusedFigures) return refusedFigures(error);
    throw error;
  }
}

async function recordDifferences(tx: Tx, id: string, before: RackItem, next: RackFigures, userId: string) {
  const today = plantToday();
  const remark = "Figures sent through the rack API";
  const differences = [
    { kind: "receipt" as const, change: sumQuantities([next.receipt, -before.receit]) },
    { kind: "count" as const, change: sumQuantities([next.availableStock, -before.availableStock]) },
    { kind: "issue" as const, change: sumQuantities([before.issue, -next.issue]) },
  ]
    .filter((difference) => difference.change !== 0)
    // Additions first: the end of the day is what must stay ≥ 0, not a step on the way.
    .sort((a, b) => b.change - a.change);
  for (const { kind, change } of differences) {
    await must(
      recordAdjustment(tx, rackStockHolder, id, { kind, movedOn: today, change, remark }, userId, { today }),
    );
  }
}

/** Removes an item and its movements (README difference 8: the legacy Delete did nothing). */
export async function deleteRackItem(db: Tx, rackNumber: number, id: string, userId: string) {
  if (!isItemId(id)) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(rackItems)
      .where(and(eq(rackItems.id, id), eq(rackItems.rackNumber, rackNumber)))
      .returning();
    if (!row) return false;
    await audit(tx, { userId, action: "delete", entity: ENTITY, entityId: id, before: toRackItem(row) });
    return true;
  });
}

/** The pages of the rack items of these ids that still exist, by id (where /audit links an entry). */
export async function rackItemHrefs(db: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: rackItems.id, rack: rackItems.rackNumber })
    .from(rackItems)
    .where(inArray(rackItems.id, ids.filter(isItemId)));
  return new Map(rows.map((row) => [row.id, `/rackupdate/${row.rack}/${row.id}`]));
}
