import { index, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { recordColumns, recordIdColumn, versionColumn } from "#app/db/columns.ts";

// Excess/shortfall and the Status of Order are not stored: both are derived from the two stock
// figures (rules.ts orderStatusOf, its SQL twin in order-status.server.ts), so no page, print,
// export or API answer can disagree with another.
export const inventoryItems = pgTable(
  "inventory_items",
  {
    ...recordColumns,
    ...recordIdColumn,
    ...versionColumn,
    department: text("department", { enum: ["Electrician", "FireFight", "Technician"] }).notNull(),
    srno: integer("srno").notNull(),
    assets: text("assets").notNull(),
    componentsAndEquipments: text("components_and_equipments").notNull(),
    availableStock: numeric("available_stock", { precision: 14, scale: 3, mode: "number" }).notNull(),
    minStock: numeric("min_stock", { precision: 14, scale: 3, mode: "number" }).notNull(),
    leadTimeDays: numeric("lead_time_days", { precision: 10, scale: 1, mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("inventory_items_department_srno_key").on(t.department, t.srno),
    index("inventory_items_created_idx").on(t.createdAt),
  ],
);

/** A line's fields (record.ts SparesFields, the department aside) as the table's columns: what a list row or an import reads of it. */
export const lineFieldColumns = {
  srno: inventoryItems.srno,
  assets: inventoryItems.assets,
  componentsAndEquipments: inventoryItems.componentsAndEquipments,
  availableStock: inventoryItems.availableStock,
  minStock: inventoryItems.minStock,
  leadTimeDays: inventoryItems.leadTimeDays,
};
