import { auditLog } from "#app/audit/table.server.ts";
import type { Tx } from "#app/db/client.server.ts";

export type AuditEntry = {
  userId: string | null;
  action: "create" | "update" | "delete";
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

/**
 * Records a create/update/delete. Call it with the same transaction as the change, so the change
 * and its record commit together or not at all.
 */
export async function audit(tx: Tx, entry: AuditEntry) {
  await tx.insert(auditLog).values(auditRow(entry));
}

/** Many records in one statement per slice (an import's thousands of movements), same transaction rule. */
export async function auditMany(tx: Tx, entries: AuditEntry[]) {
  // In slices: one statement's parameters are capped at 65,535.
  for (let start = 0; start < entries.length; start += 1000) {
    await tx.insert(auditLog).values(entries.slice(start, start + 1000).map(auditRow));
  }
}

function auditRow(entry: AuditEntry) {
  return {
    userId: entry.userId,
    createdBy: entry.userId,
    updatedBy: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
  };
}

// Dates become ISO strings; jsonb holds plain JSON.
function toJson(value: unknown) {
  return JSON.parse(JSON.stringify(value));
}
