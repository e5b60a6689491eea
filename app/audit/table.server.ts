import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { recordColumns } from "#app/db/columns.ts";

export const auditLog = pgTable(
  "audit_log",
  {
    ...recordColumns,
    userId: uuid("user_id"),
    action: text("action", { enum: ["create", "update", "delete"] }).notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    // /audit pages newest first (issue 17), over all entries or one record type or one user.
    index("audit_log_created_idx").on(t.createdAt, t.id),
    index("audit_log_entity_created_idx").on(t.entity, t.createdAt),
    index("audit_log_user_created_idx").on(t.userId, t.createdAt),
  ],
);
