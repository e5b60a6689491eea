-- The store racks' figures are now a period's, computed from the stock ledger (issue 17): the
-- list searches the text it shows whatever the period, section and material name, and the
-- trigram index follows the query's new expression (app/store-racks/list.server.ts).
DROP INDEX IF EXISTS "rack_items_search_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rack_items_search_idx" ON "rack_items" USING gin ((
  "section" || chr(31) || "material_name"
) gin_trgm_ops);
