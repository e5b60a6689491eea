import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { recordColumns } from "#app/db/columns.ts";

// An upload between its preview and its confirmation, then the record of what it wrote (issue 18).
// The parsed rows wait here (jsonb, with an expiry) so the confirmation, a plain form post without
// JavaScript, needs no second upload; after the commit, `changes` holds what undo puts back.
export const imports = pgTable(
  "imports",
  {
    ...recordColumns,
    /** The list it goes into: "spares:Electrician", "rack-items", "contracts", "files" (imports/kinds/index.server.ts). */
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: ["preview", "committed", "undone"] })
      .notNull()
      .default("preview"),
    /** The preview: every row with its outcome (new, changed, unchanged, error). */
    rows: jsonb("rows").notNull(),
    /** How many rows of each outcome. */
    counts: jsonb("counts").notNull(),
    /** After the commit: the ids inserted and, for each updated record, its values before and its version after. */
    changes: jsonb("changes"),
    written: integer("written"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    committedAt: timestamp("committed_at", { withTimezone: true, mode: "date" }),
    undoneAt: timestamp("undone_at", { withTimezone: true, mode: "date" }),
    undoneBy: uuid("undone_by"),
  },
  (t) => [index("imports_created_idx").on(t.createdAt)],
);
