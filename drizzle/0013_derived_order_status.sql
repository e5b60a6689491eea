-- Status of Order is derived from the stock (app/inventory/rules.ts orderStatusOf, its SQL twin in
-- app/inventory/order-status.server.ts): 'Order to place' when available − minimum ≤ 0, else
-- 'Available'. The stored text was set when a line was saved and never followed the ledger, so
-- it is dropped: nothing in it is kept (a status someone typed is no longer a thing the app has).
-- Dropping the column drops the search index built over it; it is built again over the derived
-- status, the very expression app/inventory/list.server.ts searches.
ALTER TABLE "inventory_items" DROP COLUMN "status_of_order";
--> statement-breakpoint
DROP INDEX IF EXISTS "inventory_items_search_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inventory_items_search_idx" ON "inventory_items" USING gin ((
  "srno"::text || chr(31) || "assets" || chr(31) || "components_and_equipments" || chr(31) ||
  trim_scale("available_stock")::text || chr(31) || trim_scale("min_stock")::text || chr(31) ||
  trim_scale("lead_time_days")::text || chr(31) || trim_scale("available_stock" - "min_stock")::text || chr(31) ||
  (case when ("available_stock" - "min_stock" <= 0) then 'Order to place' else 'Available' end)
) gin_trgm_ops);
--> statement-breakpoint
-- The status filter and sort of a department's table: its lines by status, then serial number.
CREATE INDEX IF NOT EXISTS "inventory_items_order_status_idx" ON "inventory_items"
  ("department", ("available_stock" - "min_stock" <= 0), "srno");
