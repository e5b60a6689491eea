-- The ledger's movements by date, openings left out, carrying every column the period figures
-- read (issue 36): the stock report's totals and charts, Today's sparklines and the items most
-- used read a period's receipts, issues, counts and reversals from this index alone. Openings
-- never count in those figures, and an import puts in thousands of them at once: at plant scale
-- with a 100,000-line department the month held 107,000 movements, 10,500 of them not openings.
-- Declared here only (drizzle-kit writes no INCLUDE): app/stock/table.server.ts names it.
CREATE INDEX IF NOT EXISTS "stock_movements_moves_by_date_idx" ON "stock_movements" USING btree ("moved_on")
  INCLUDE ("kind", "rack_item_id", "inventory_item_id", "quantity", "reverses_id")
  WHERE "kind" <> 'opening';
