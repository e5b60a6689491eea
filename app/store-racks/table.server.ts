import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { recordColumns, recordIdColumn, versionColumn } from "#app/db/columns.ts";

export const rackItems = pgTable(
  "rack_items",
  {
    ...recordColumns,
    ...recordIdColumn,
    ...versionColumn,
    rackNumber: smallint("rack_number").notNull(),
    section: text("section").notNull(),
    materialName: text("material_name").notNull(),
    availableStock: numeric("available_stock", { precision: 14, scale: 3, mode: "number" }).notNull(),
    issue: numeric("issue", { precision: 14, scale: 3, mode: "number" }).notNull().default(0),
    receipt: numeric("receipt", { precision: 14, scale: 3, mode: "number" }).notNull().default(0),
    closingStock: numeric("closing_stock", { precision: 14, scale: 3, mode: "number" }).notNull(),
  },
  (t) => [
    index("rack_items_rack_idx").on(t.rackNumber, t.createdAt),
    check("rack_items_rack_number_range", sql`${t.rackNumber} between 1 and 24`),
    check("rack_items_closing_not_negative", sql`${t.closingStock} >= 0`),
  ],
);
