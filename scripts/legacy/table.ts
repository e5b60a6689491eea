import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

// What `npm run import-legacy` has brought across from the old application's MongoDB: one row per
// legacy document (its collection and `_id`), naming the record it became. A second run skips what
// is here, so the import can be run again after fixing the documents it refused. The app itself
// never reads it; drizzle.config.ts lists this file beside app/tables.server.ts.
export const legacyIds = pgTable(
  "legacy_ids",
  {
    /** The importer's name of the collection: electrician, firefight, technician, rack-items, … */
    collection: text("collection").notNull(),
    /** The document's `_id` (an ObjectId's hex); a rack's file: its own `_id` in the rack's list. */
    legacyId: text("legacy_id").notNull(),
    /** The audit log's entity of the record it became (inventory_item, rack_item, …). */
    entity: text("entity").notNull(),
    recordId: uuid("record_id").notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.collection, t.legacyId] })],
);
