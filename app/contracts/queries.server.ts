import { asc, eq, inArray } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import { type ContractField, contractRecord } from "#app/contracts/record.ts";
import { suggestNextDueDate } from "#app/contracts/rules.ts";
import type { ContractInsert, ContractUpdate } from "#app/contracts/schema.ts";
import { contracts } from "#app/contracts/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { atVersion, insertAll, isRecordId, savedBy } from "#app/db/records.server.ts";
import type { Outcome } from "#app/lib/outcome.ts";
import { fromWire, toWire, type WireOf } from "#app/lib/record.ts";
import { versionedRecords } from "#app/spreadsheets/import-records.server.ts";

// Data access for maintenance contracts. Rows leave this file in the legacy field names of the
// /api contract (the legacy API contract "Records": Equipment), mapped by the definition
// (record.ts); dates stay YYYY-MM-DD strings, and an empty date or PMS is "" on the wire (the
// legacy client cuts dates at the T, so never null). Audit entries hold that same shape.

export type Equipment = { _id: string } & WireOf<typeof contractRecord> & {
    version: number;
    createdAt: string;
    updatedAt: string;
  };

type Row = typeof contracts.$inferSelect;
/** A contract's columns a save writes: its fields, by their names (the table's properties). */
type Columns = Pick<typeof contracts.$inferInsert, ContractField>;

export function toEquipment(row: Row): Equipment {
  const values = Object.fromEntries(contractRecord.names.map((name) => [name, row[name] ?? ""]));
  return {
    _id: row.id,
    ...toWire(contractRecord, values as Record<ContractField, string>),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An equipment record as the flat form fields (for prefilling and for merging a partial PUT). */
export function toFormValues(item: Equipment): Record<ContractField, string> {
  return fromWire(contractRecord, item) as Record<ContractField, string>;
}

const given = (value: unknown) => (value === undefined || value === null || value === "" ? undefined : value);

/**
 * Column values from checked values (a form's, an API body's or an import row's): a text left
 * out is "", a date or the PMS left out is no value (null).
 */
function toColumns(input: Readonly<Partial<Record<ContractField, unknown>>>): Columns {
  return Object.fromEntries(
    contractRecord.names.map((name) => {
      const value = given(input[name]);
      return [
        name,
        value === undefined ? (contractRecord.fields[name].kind === "text" ? "" : null) : String(value),
      ];
    }),
  ) as Columns;
}

/** A save's columns: an empty next due date is filled from the PMS rule. */
function savedColumns(input: ContractInsert | ContractUpdate): Columns {
  const columns = toColumns(input);
  columns.nextDueOn ??= suggestNextDueDate(columns.lastCheckedOn, columns.pms);
  return columns;
}

/** An id that is not a uuid names no contract (and must not reach PostgreSQL as one). */
export const isContractId = isRecordId;

/** All contracts, oldest first (the order they were entered, as in the legacy table). */
export async function listContracts(db: Tx): Promise<Equipment[]> {
  const rows = await db.select().from(contracts).orderBy(asc(contracts.createdAt), asc(contracts.id));
  return rows.map(toEquipment);
}

export async function getContract(db: Tx, id: string | undefined): Promise<Equipment | null> {
  if (!isContractId(id)) return null;
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
  return row ? toEquipment(row) : null;
}

export async function createContract(db: Tx, input: ContractInsert, userId: string): Promise<Equipment> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contracts)
      .values({ ...savedColumns(input), createdBy: userId, updatedBy: userId })
      .returning();
    const created = toEquipment(row);
    await audit(tx, { userId, action: "create", entity: "contract", entityId: row.id, after: created });
    return created;
  });
}

export type UpdateOutcome = Outcome<{ equipment: Equipment }, "not-found" | "stale">;

/**
 * Replaces a contract's fields. With `version` the save only lands on that version (behaviour
 * note 20): a mismatch is "stale", never a silent overwrite. Without it, last write wins (legacy).
 */
export async function updateContract(
  db: Tx,
  id: string | undefined,
  input: ContractUpdate,
  userId: string,
): Promise<UpdateOutcome> {
  if (!isContractId(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contracts).where(eq(contracts.id, id)).for("update");
    if (!current) return { ok: false, reason: "not-found" } as const;
    const expected = input.version ?? current.version;
    if (expected !== current.version) return { ok: false, reason: "stale" } as const;
    const [row] = await tx
      .update(contracts)
      .set({ ...savedColumns(input), ...savedBy(contracts, userId) })
      .where(atVersion(contracts, id, expected))
      .returning();
    if (!row) return { ok: false, reason: "stale" } as const;
    const equipment = toEquipment(row);
    await audit(tx, {
      userId,
      action: "update",
      entity: "contract",
      entityId: id,
      before: toEquipment(current),
      after: equipment,
    });
    return { ok: true, equipment } as const;
  });
}

/** Deletes a contract; false when there is none with this id. */
export async function deleteContract(db: Tx, id: string | undefined, userId: string): Promise<boolean> {
  if (!isContractId(id)) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(contracts).where(eq(contracts.id, id)).returning();
    if (!row) return false;
    await audit(tx, {
      userId,
      action: "delete",
      entity: "contract",
      entityId: id,
      before: toEquipment(row),
    });
    return true;
  });
}

/** The pages of the contracts of these ids that still exist, by id (where /audit links an entry). */
export async function contractHrefs(db: Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(inArray(contracts.id, ids.filter(isContractId)));
  return new Map(rows.map((row) => [row.id, `/amcupdate/${row.id}`]));
}
// ---- The spreadsheet import's commands (contracts/import.server.ts): its rows are checked and
// resolved (the next due date worked out) before they get here, and the import engine keeps the
// audit of what it wrote. ----

/** Inserts checked rows, a thousand a statement; their ids in order. */
export async function insertContracts(
  tx: Tx,
  rows: readonly Readonly<Partial<Record<ContractField, unknown>>>[],
  userId: string,
): Promise<string[]> {
  return insertAll(tx, contracts, rows.map(toColumns), userId);
}

/**
 * Writes a contract's fields, if it is still at `version` (null: whatever its version, an
 * import's undo putting it back): the new version, or null when it was not at `version`.
 */
async function writeContract(
  tx: Tx,
  id: string,
  version: number | null,
  values: Readonly<Partial<Record<ContractField, unknown>>>,
  userId: string,
): Promise<number | null> {
  const [row] = await tx
    .update(contracts)
    .set({ ...toColumns(values), ...savedBy(contracts, userId) })
    .where(version === null ? eq(contracts.id, id) : atVersion(contracts, id, version))
    .returning({ version: contracts.version });
  return row ? row.version : null;
}

/** Writes a contract's fields if it is still at `version`: the new version, or null when not. */
export const updateContractAt = (
  tx: Tx,
  id: string,
  version: number,
  values: Readonly<Partial<Record<ContractField, unknown>>>,
  userId: string,
) => writeContract(tx, id, version, values, userId);

/** Puts a contract's fields back as they were (an import's undo), whatever its version. */
export async function restoreContract(
  tx: Tx,
  id: string,
  values: Readonly<Partial<Record<ContractField, unknown>>>,
  userId: string,
): Promise<void> {
  await writeContract(tx, id, null, values, userId);
}

/** Contracts' versions by id, and their deletion, a slice at a time (an import's undo). */
export const { versions: contractVersions, remove: removeContracts } = versionedRecords(contracts);
