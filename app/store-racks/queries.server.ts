import { and, asc, eq, sql } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { closingStock } from "#app/store-racks/rules.ts";
import type { RackItemInput } from "#app/store-racks/schema.ts";
import { rackItems } from "#app/store-racks/table.server.ts";

// Rack items, mapped to the legacy field names (`_id`, `receit`) at the edge (api-contract.md
// "Records"). Every change is audited in its own transaction; updates compare `version`.

const ENTITY = "rack_item";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that cannot be a rack item's is simply not found (never a database error). */
export const isItemId = (id: string | undefined): id is string => UUID.test(id ?? "");

type RackItemRow = typeof rackItems.$inferSelect;

/** A rack item on the wire (api-contract.md "Records"). */
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

export function toRackItem(row: RackItemRow): RackItem {
  return {
    _id: row.id,
    rackNumber: row.rackNumber,
    section: row.section,
    materialName: row.materialName,
    availableStock: row.availableStock,
    issue: row.issue,
    receit: row.receipt,
    closingStock: row.closingStock,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One rack's items in the order they were put in. */
export async function listRackItems(db: Tx, rackNumber: number): Promise<RackItem[]> {
  const rows = await db
    .select()
    .from(rackItems)
    .where(eq(rackItems.rackNumber, rackNumber))
    .orderBy(asc(rackItems.createdAt), asc(rackItems.id));
  return rows.map(toRackItem);
}

export async function findRackItem(db: Tx, rackNumber: number, id: string): Promise<RackItem | null> {
  if (!isItemId(id)) return null;
  const [row] = await db
    .select()
    .from(rackItems)
    .where(and(eq(rackItems.id, id), eq(rackItems.rackNumber, rackNumber)));
  return row ? toRackItem(row) : null;
}

/** Puts an item in a rack; the closing stock is computed here, whatever the client sent. */
export async function createRackItem(
  db: Tx,
  rackNumber: number,
  input: RackItemInput,
  userId: string,
): Promise<RackItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rackItems)
      .values({
        rackNumber,
        ...input,
        closingStock: closingStock(input),
        createdBy: userId,
        updatedBy: userId,
      })
      .returning();
    const item = toRackItem(row);
    await audit(tx, { userId, action: "create", entity: ENTITY, entityId: row.id, after: item });
    return item;
  });
}

export type UpdateOutcome = { ok: true; item: RackItem } | { ok: false; status: 404 | 409 };

/**
 * Saves new values over an item. With `version` (the one the user read), a record changed since
 * is refused with 409 instead of overwritten (behaviour note 20); without it, last write wins
 * (legacy API clients).
 */
export async function updateRackItem(
  db: Tx,
  rackNumber: number,
  id: string,
  input: RackItemInput,
  version: number | undefined,
  userId: string,
): Promise<UpdateOutcome> {
  if (!isItemId(id)) return { ok: false, status: 404 };
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(rackItems)
      .where(and(eq(rackItems.id, id), eq(rackItems.rackNumber, rackNumber)))
      .for("update");
    if (!current) return { ok: false, status: 404 } as const;
    if (version !== undefined && current.version !== version) return { ok: false, status: 409 } as const;
    const [row] = await tx
      .update(rackItems)
      .set({
        ...input,
        closingStock: closingStock(input),
        updatedBy: userId,
        updatedAt: new Date(),
        version: sql`${rackItems.version} + 1`,
      })
      .where(eq(rackItems.id, id))
      .returning();
    const item = toRackItem(row);
    await audit(tx, {
      userId,
      action: "update",
      entity: ENTITY,
      entityId: id,
      before: toRackItem(current),
      after: item,
    });
    return { ok: true, item } as const;
  });
}

/** Removes an item (behaviour note 8: the legacy Delete did nothing). False when there is none. */
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
