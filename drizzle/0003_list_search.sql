-- Server-side list search (issue 14, docs/decisions/006): ILIKE '%q%' over each list's shown
-- columns, served by pg_trgm GIN indexes on the very expression the queries use
-- (app/inventory/list.server.ts, app/store-racks/list.server.ts). pg_trgm is a trusted extension:
-- the database owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inventory_items_search_idx" ON "inventory_items" USING gin ((
  "srno"::text || chr(31) || "assets" || chr(31) || "components_and_equipments" || chr(31) ||
  trim_scale("available_stock")::text || chr(31) || trim_scale("min_stock")::text || chr(31) ||
  trim_scale("lead_time_days")::text || chr(31) || trim_scale("available_stock" - "min_stock")::text || chr(31) ||
  "status_of_order"
) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rack_items_search_idx" ON "rack_items" USING gin ((
  "section" || chr(31) || "material_name" || chr(31) || trim_scale("available_stock")::text || chr(31) ||
  trim_scale("issue")::text || chr(31) || trim_scale("receipt")::text || chr(31) || trim_scale("closing_stock")::text
) gin_trgm_ops);
