import { and, eq, inArray, sql } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { asNumber, isoTime } from "#app/db/columns.ts";
import { atVersion, isRecordId, isUniqueViolation, plantToday, savedBy } from "#app/db/records.server.ts";
import { selectRows } from "#app/db/select.server.ts";
import type { Refused, WordedRefusal } from "#app/lib/outcome.ts";
import { fromSparesWire, type SparesFields, type SparesWire, toSparesWire } from "#app/spares/record.ts";
import { type Department, excessShortFall, type OrderStatus, orderStatusOf } from "#app/spares/rules.ts";
import type { LineChanges, LineInput } from "#app/spares/schema.ts";
import { sparesStockHolder } from "#app/spares/stock.server.ts";
import { inventoryItems } from "#app/spares/table.server.ts";
import { recordMovement } from "#app/stock/journal.server.ts";
import { toThousandths } from "#app/stock/rules.ts";

// Data access for the inventory tables: plain functions taking the database or a transaction
// first, mapping rows to the legacy field names (the legacy app, the legacy API contract "Records") at the edge.

/** A line on the legacy wire: its fields under their legacy names, with the two derived figures. */
export type SparesLine = { _id: string } & SparesWire & {
    ExcessShortFall: number;
    /** Derived from AvailableStock and MinStock (rules.ts orderStatusOf), never stored. */
    StatusofOrder: OrderStatus;
    version: number;
    createdAt: string;
    updatedAt: string;
  };

/**
 * One row of a department's table page: only what the table shows, plus the version (for a safe
 * delete); its status is derived in the query (order-status.server.ts), its excess where shown. Rows are addressed by their serial number, unique within a department (see
 * routes/line-by-srno.ts); Delete also carries the line's id (compact: docs/decisions/004), so a
 * line deleted and re-created under the same serial number is never deleted by a stale click.
 */
export type ListRow = { id: string } & SparesFields & { status: OrderStatus; version: number };

/** Ids are UUIDs; anything else is simply not found (never a database error). */
export const isLineId = isRecordId;

// A line's columns in their wire form (numbers, ISO times), so that the list can be read without the
// ORM's row mapping (selectRows) and the single reads and `returning` give the same values.
const recordColumns = {
  id: inventoryItems.id,
  srno: inventoryItems.srno,
  assets: inventoryItems.assets,
  componentsAndEquipments: inventoryItems.componentsAndEquipments,
  availableStock: asNumber(inventoryItems.availableStock),
  minStock: asNumber(inventoryItems.minStock),
  leadTimeDays: asNumber(inventoryItems.leadTimeDays),
  version: inventoryItems.version,
  createdAt: isoTime(inventoryItems.createdAt),
  updatedAt: isoTime(inventoryItems.updatedAt),
};

type Row = { id: string } & SparesFields & { version: number; createdAt: string; updatedAt: string };

export function toRecord(row: Row): SparesLine {
  return {
    _id: row.id,
    ...toSparesWire(row),
    ExcessShortFall: excessShortFall(row.availableStock, row.minStock),
    StatusofOrder: orderStatusOf(row.availableStock, row.minStock),
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A department's lines in the legacy shape, sorted by serial number (GET /api/{department}/product). */
export async function listLines(db: Tx, department: Department): Promise<SparesLine[]> {
  const rows = await selectRows<Row>(
    db,
    recordColumns,
    sql`from ${inventoryItems} where ${inventoryItems.department} = ${department} order by ${inventoryItems.srno}`,
  );
  return rows.map(toRecord);
}

export async function getLine(db: Tx, department: Department, id: string): Promise<SparesLine | null> {
  if (!isLineId(id)) return null;
  const [row] = await db
    .select(recordColumns)
    .from(inventoryItems)
    .where(and(eq(inventoryItems.department, department), eq(inventoryItems.id, id)));
  return row ? toRecord(row) : null;
}

/** The line holding a serial number in a department, or null. */
export async function getLineBySrno(db: Tx, department: Department, srno: number) {
  if (!Number.isSafeInteger(srno) || srno < 1 || srno > 2_147_483_647) return null;
  const [row] = await db
    .select(recordColumns)
    .from(inventoryItems)
    .where(and(eq(inventoryItems.department, department), eq(inventoryItems.srno, srno)));
  return row ? toRecord(row) : null;
}

export type SaveResult =
  | { ok: true; line: SparesLine }
  | (Refused<"not-found" | "stale" | "duplicate"> & { srno?: number })
  /** The stock count a new available stock records was refused by the ledger (its message). */
  | WordedRefusal<"stock">;

const ENTITY = "inventory_item";

/** Audit entries keep the line's department beside the legacy fields. */
const auditView = (department: Department, line: SparesLine) => ({ department, ...line });

/** A save of a line, in one transaction: a serial number the department already has is refused. */
async function saveLine(
  db: Tx,
  srno: number | undefined,
  save: (tx: Tx) => Promise<SaveResult>,
): Promise<SaveResult> {
  try {
    return await db.transaction(save);
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate", srno };
    throw error;
  }
}

/**
 * Adds a line (its status is derived from the stock, never stored). The available stock typed
 * becomes the line's opening movement (issue 17), which sets its cached balance. Audited in the
 * same transaction.
 */
export async function createLine(
  db: Tx,
  department: Department,
  input: LineInput,
  userId: string,
): Promise<SaveResult> {
  return saveLine(db, input.srno, async (tx) => {
    const [created] = await tx
      .insert(inventoryItems)
      .values({
        department,
        ...fromSparesWire(input),
        // The ledger's balance: 0 until the opening movement below (app/stock/journal.server.ts writes it).
        availableStock: 0,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning({ id: inventoryItems.id });
    if (input.AvailableStock > 0) {
      const opening = await recordMovement(
        tx,
        sparesStockHolder,
        created.id,
        { kind: "opening", movedOn: plantToday(), quantity: input.AvailableStock },
        userId,
      );
      // An addition dated today cannot be refused; if it were, nothing of the line is kept.
      if (!opening.ok) throw new Error(`Opening stock refused: ${opening.message}`);
    }
    const [row] = await tx
      .select(recordColumns)
      .from(inventoryItems)
      .where(eq(inventoryItems.id, created.id));
    const line = toRecord(row);
    await audit(tx, {
      userId,
      action: "create",
      entity: ENTITY,
      entityId: line._id,
      after: auditView(department, line),
    });
    return { ok: true as const, line };
  });
}

/**
 * Changes a line. Fields left out keep their values. With `version` given, a line changed since
 * (a different version) is refused as stale (README difference 20); the version is bumped on save.
 * The available stock is the ledger's: a new figure (from the legacy PUT …/update, so the plant's
 * tools keep working) is recorded as a stock count dated today, in the same transaction; the
 * update form no longer sends one.
 */
export async function updateLine(
  db: Tx,
  department: Department,
  id: string,
  changes: LineChanges,
  userId: string,
): Promise<SaveResult> {
  if (!isLineId(id)) return { ok: false, reason: "not-found" };
  return saveLine(db, changes.srno, async (tx) => {
    const [current] = await tx
      .select(recordColumns)
      .from(inventoryItems)
      .where(and(eq(inventoryItems.department, department), eq(inventoryItems.id, id)))
      .for("update");
    if (!current) return { ok: false as const, reason: "not-found" as const };
    if (changes.version !== undefined && changes.version !== current.version)
      return { ok: false as const, reason: "stale" as const };
    const before = toRecord(current);
    const next = {
      AvailableStock: changes.AvailableStock ?? before.AvailableStock,
      MinStock: changes.MinStock ?? before.MinStock,
    };
    if (toThousandths(next.AvailableStock) !== toThousandths(before.AvailableStock)) {
      const counted = await recordMovement(
        tx,
        sparesStockHolder,
        id,
        {
          kind: "count",
          movedOn: plantToday(),
          quantity: next.AvailableStock,
          remark: "Available stock sent to the API (PUT …/update)",
        },
        userId,
      );
      if (!counted.ok) return { ok: false as const, reason: "stock" as const, message: counted.message };
    }
    const [row] = await tx
      .update(inventoryItems)
      .set({
        ...fromSparesWire({ ...before, ...changes, MinStock: next.MinStock }),
        // The ledger's: a new figure is the stock count above.
        availableStock: undefined,
        ...savedBy(inventoryItems, userId),
      })
      .where(atVersion(inventoryItems, id, current.version))
      .returning(recordColumns);
    if (!row) return { ok: false as const, reason: "stale" as const };
    const line = toRecord(row);
    await audit(tx, {
      userId,
      action: "update",
      entity: ENTITY,
      entityId: id,
      before: auditView(department, before),
      after: auditView(department, line),
    });
    return { ok: true as const, line };
  });
}

/**
 * Deletes a line. With `version` given, a line changed since (a different version) is not deleted
 * ("stale"). Audited in the same transaction.
 */
export async function deleteLine(
  db: Tx,
  department: Department,
  id: string,
  userId: string,
  version?: number,
): Promise<"deleted" | "not-found" | "stale"> {
  if (!isLineId(id)) return "not-found";
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(inventoryItems)
      .where(
        and(
          eq(inventoryItems.department, department),
          eq(inventoryItems.id, id),
          version === undefined ? undefined : eq(inventoryItems.version, version),
        ),
      )
      .returning(recordColumns);
    if (!row) {
      if (version === undefined) return "not-found";
      const [exists] = await tx
        .select({ id: inventoryItems.id })
        .from(inventoryItems)
        .where(and(eq(inventoryItems.department, department), eq(inventoryItems.id, id)));
      return exists ? "stale" : "not-found";
    }
    await audit(tx, {
      userId,
      action: "delete",
      entity: ENTITY,
      entityId: id,
      before: auditView(department, toRecord(row)),
    });
    return "deleted";
  });
}

/** The pages of the spares lines of these ids that still exist, by id (where /audit links an entry). */
export async function lineHrefs(db: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: inventoryItems.id, department: inventoryItems.department })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, ids.filter(isLineId)));
  return new Map(rows.map((row) => [row.id, `/updateproduct/${row.department}/${row.id}`]));
}
