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
  await tx.insert(auditLog).values({
    userId: entry.userId,
    createdBy: entry.userId,
    updatedBy: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
  });
}

// Dates become ISO strings; jsonb holds plain JSON.
function toJson(value: unknown) {
  return JSON.parse(JSON.stringify(value));
}
