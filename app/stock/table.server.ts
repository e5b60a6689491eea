import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  date,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { recordIdColumn } from "#app/db/columns.ts";
import { MOVEMENT_KINDS } from "#app/stock/record.ts";

// The items' tables as the journal's foreign keys name them: their table and key only. The
// journal sits below the features that own those tables (app/spares, app/store-racks record their
// movements through it), so it names the key instead of importing the table; drizzle-kit writes
// the same constraint either way.
const itemKey = (table: string) => pgTable(table, { id: uuid("id").primaryKey() }).id;
const rackItemKey = itemKey("rack_items");
const lineKey = itemKey("inventory_items");

// The stock ledger (issue 17): one row per dated change of one item's stock. Rows are never
// updated or deleted by the app: a wrong one is reversed by another row pointing at it. So there
// is no version and no updated_at/updated_by; who entered a row and when is all there is.
// An item's movements go with the item when it is deleted (its delete is audited).
export const stockMovements = pgTable(
  "stock_movements",
  {
    ...recordIdColumn,
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    createdBy: uuid("created_by"),
    rackItemId: uuid("rack_item_id").references(() => rackItemKey, { onDelete: "cascade" }),
    inventoryItemId: uuid("inventory_item_id").references(() => lineKey, {
      onDelete: "cascade",
    }),
    movedOn: date("moved_on", { mode: "string" }).notNull(),
    kind: text("kind", { enum: MOVEMENT_KINDS }).notNull(),
    // The SIGNED change to the stock: + receipt, − issue, a count's difference, a reversal's
    // −(reversed quantity). An item's stock on a date is the plain sum up to that date.
    quantity: numeric("quantity", { precision: 14, scale: 3, mode: "number" }).notNull(),
    counted: numeric("counted", { precision: 14, scale: 3, mode: "number" }),
    reference: text("reference"),
    party: text("party"),
    remark: text("remark"),
    // Unique: a movement is reversed at most once, even by two people at the same moment.
    reversesId: uuid("reverses_id")
      .unique("stock_movements_reverses_id_key")
      .references((): AnyPgColumn => stockMovements.id, { onDelete: "cascade" }),
  },
  (t) => [
    check("stock_movements_one_item", sql`(${t.rackItemId} is null) <> (${t.inventoryItemId} is null)`),
    check("stock_movements_reversal_points", sql`(${t.kind} = 'reversal') = (${t.reversesId} is not null)`),
    check("stock_movements_count_has_figure", sql`(${t.kind} = 'count') = (${t.counted} is not null)`),
    index("stock_movements_rack_item_idx").on(t.rackItemId, t.movedOn, t.id),
    index("stock_movements_inventory_item_idx").on(t.inventoryItemId, t.movedOn, t.id),
    index("stock_movements_moved_on_idx").on(t.movedOn),
    // And stock_movements_moves_by_date_idx, written by hand in drizzle/0015 (drizzle-kit writes
    // no INCLUDE): the movements other than openings by date, with the columns a period's figures
    // read, for the stock report, Today's sparklines and the items most used.
  ],
);
