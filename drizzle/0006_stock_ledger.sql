CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT plantops_next_record_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"rack_item_id" uuid,
	"inventory_item_id" uuid,
	"moved_on" date NOT NULL,
	"kind" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"counted" numeric(14, 3),
	"reference" text,
	"party" text,
	"remark" text,
	"reverses_id" uuid,
	CONSTRAINT "stock_movements_reverses_id_key" UNIQUE("reverses_id"),
	CONSTRAINT "stock_movements_one_item" CHECK (("stock_movements"."rack_item_id" is null) <> ("stock_movements"."inventory_item_id" is null)),
	CONSTRAINT "stock_movements_reversal_points" CHECK (("stock_movements"."kind" = 'reversal') = ("stock_movements"."reverses_id" is not null)),
	CONSTRAINT "stock_movements_count_has_figure" CHECK (("stock_movements"."kind" = 'count') = ("stock_movements"."counted" is not null))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_rack_item_id_rack_items_id_fk" FOREIGN KEY ("rack_item_id") REFERENCES "public"."rack_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reverses_id_stock_movements_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."stock_movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_rack_item_idx" ON "stock_movements" USING btree ("rack_item_id","moved_on","id");--> statement-breakpoint
CREATE INDEX "stock_movements_inventory_item_idx" ON "stock_movements" USING btree ("inventory_item_id","moved_on","id");--> statement-breakpoint
CREATE INDEX "stock_movements_moved_on_idx" ON "stock_movements" USING btree ("moved_on");--> statement-breakpoint
-- Data step (issue 17): today's typed figures become movements, so no stock a user sees changes.
-- Dated the record's creation day in the plant's zone (Asia/Kolkata unless the session sets
-- plantops.time_zone). A rack item: an opening of its available stock, then its receipt and its
-- issue (zeros skipped); and, should a legacy closing figure not add up (the old formula subtracted
-- the receipt, behaviour note 10), a stock count to the closing figure, so the sum of its
-- movements is exactly the closing stock it had. A spares line: an opening of its available stock.
-- Volatile ids are drawn after the sort, so each item's movements keep this order on its card.
INSERT INTO "stock_movements" ("id", "created_at", "created_by", "rack_item_id", "moved_on", "kind", "quantity", "counted", "remark")
SELECT plantops_next_record_id(), ri."created_at", ri."created_by", ri."id",
  (ri."created_at" AT TIME ZONE coalesce(nullif(current_setting('plantops.time_zone', true), ''), 'Asia/Kolkata'))::date,
  step.kind, step.quantity, step.counted, 'Carried over from the figures before the stock ledger'
FROM "rack_items" ri
CROSS JOIN LATERAL (VALUES
  (1, 'opening', ri."available_stock", NULL::numeric),
  (2, 'receipt', ri."receipt", NULL::numeric),
  (3, 'issue', -ri."issue", NULL::numeric),
  (4, 'count', ri."closing_stock" - (ri."available_stock" + ri."receipt" - ri."issue"), ri."closing_stock")
) AS step(n, kind, quantity, counted)
WHERE step.quantity <> 0
ORDER BY ri."created_at", ri."id", step.n;--> statement-breakpoint
INSERT INTO "stock_movements" ("id", "created_at", "created_by", "inventory_item_id", "moved_on", "kind", "quantity", "remark")
SELECT plantops_next_record_id(), ii."created_at", ii."created_by", ii."id",
  (ii."created_at" AT TIME ZONE coalesce(nullif(current_setting('plantops.time_zone', true), ''), 'Asia/Kolkata'))::date,
  'opening', ii."available_stock", 'Carried over from the figures before the stock ledger'
FROM "inventory_items" ii
WHERE ii."available_stock" <> 0
ORDER BY ii."created_at", ii."id";
