import { asc, eq, inArray } from "drizzle-orm";
import { audit } from "#app/audit/log.server.ts";
import { suggestNextDueDate } from "#app/contracts/rules.ts";
import type { ContractField, ContractInsert, ContractUpdate } from "#app/contracts/schema.ts";
import { contracts } from "#app/contracts/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";
import { atVersion, isRecordId, nextVersion } from "#app/db/records.server.ts";

// Data access for maintenance contracts. Rows leave this file in the legacy field names of the
// /api contract (the legacy API contract "Records": Equipment); dates stay YYYY-MM-DD strings, and an
// empty date or PMS is "" on the wire (the legacy client cuts dates at the T, so never null).

export type Equipment = {
  _id: string;
  equipment: string;
  company: string;
  validity: { from: string; to: string };
  pms: string;
  vendorCode: string;
  contractNumber: string;
  concernedPerson: string;
  mobileNumber: string;
  lastDateOfChecking: string;
  nextDueDate: string;
  version: number;
  createdAt: string;
  updatedAt: string;
};

type Row = typeof contracts.$inferSelect;

export function toEquipment(row: Row): Equipment {
  return {
    _id: row.id,
    equipment: row.equipment,
    company: row.company,
    validity: { from: row.validityFrom ?? "", to: row.validityTo ?? "" },
    pms: row.pms ?? "",
    vendorCode: row.vendorCode,
    contractNumber: row.contractNumber,
    concernedPerson: row.concernedPerson,
    mobileNumber: row.mobileNumber,
    lastDateOfChecking: row.lastCheckedOn ?? "",
    nextDueDate: row.nextDueOn ?? "",
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An equipment record as the flat form fields (for prefilling and for merging a partial PUT). */
export function toFormValues(item: Equipment): Record<ContractField, string> {
  return {
    equipment: item.equipment,
    company: item.company,
    validityFrom: item.validity.from,
    validityTo: item.validity.to,
    pms: item.pms,
    vendorCode: item.vendorCode,
    contractNumber: item.contractNumber,
    concernedPerson: item.concernedPerson,
    mobileNumber: item.mobileNumber,
    lastDateOfChecking: item.lastDateOfChecking,
    nextDueDate: item.nextDueDate,
  };
}

/** Column values from parsed input; an empty next due date is filled from the PMS rule on save. */
function toColumns(input: ContractInsert | ContractUpdate) {
  const lastCheckedOn = input.lastDateOfChecking ?? null;
  const pms = input.pms ?? null;
  return {
    equipment: input.equipment ?? "",
    company: input.company ?? "",
    validityFrom: input.validityFrom ?? null,
    validityTo: input.validityTo ?? null,
    pms,
    vendorCode: input.vendorCode ?? "",
    contractNumber: input.contractNumber ?? "",
    concernedPerson: input.concernedPerson ?? "",
    mobileNumber: input.mobileNumber ?? "",
    lastCheckedOn,
    nextDueOn: input.nextDueDate ?? suggestNextDueDate(lastCheckedOn, pms),
  };
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
      .values({ ...toColumns(input), createdBy: userId, updatedBy: userId })
      .returning();
    const created = toEquipment(row);
    await audit(tx, { userId, action: "create", entity: "contract", entityId: row.id, after: created });
    return created;
  });
}

export type UpdateOutcome =
  | { ok: true; equipment: Equipment }
  | { ok: false; reason: "notFound" }
  | { ok: false; reason: "stale" };

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
  if (!isContractId(id)) return { ok: false, reason: "notFound" };
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contracts).where(eq(contracts.id, id)).for("update");
    if (!current) return { ok: false, reason: "notFound" } as const;
    const expected = input.version ?? current.version;
    if (expected !== current.version) return { ok: false, reason: "stale" } as const;
    const [row] = await tx
      .update(contracts)
      .set({
        ...toColumns(input),
        updatedBy: userId,
        updatedAt: new Date(),
        version: nextVersion(contracts),
      })
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
