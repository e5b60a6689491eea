-- Record ids: UUIDv8 values (version 8, RFC 9562 variant) whose last 48 bits come from one
-- sequence shared by the record tables. Unique like any uuid, and compact in pages after gzip.
CREATE SEQUENCE IF NOT EXISTS "plantops_record_id_seq";--> statement-breakpoint
CREATE OR REPLACE FUNCTION plantops_next_record_id() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT ('00000000-0000-8000-8000-' || lpad(to_hex(nextval('plantops_record_id_seq')), 12, '0'))::uuid
$$;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "id" SET DEFAULT plantops_next_record_id();--> statement-breakpoint
ALTER TABLE "inventory_items" ALTER COLUMN "id" SET DEFAULT plantops_next_record_id();--> statement-breakpoint
ALTER TABLE "rack_files" ALTER COLUMN "id" SET DEFAULT plantops_next_record_id();--> statement-breakpoint
ALTER TABLE "rack_items" ALTER COLUMN "id" SET DEFAULT plantops_next_record_id();--> statement-breakpoint
ALTER TABLE "sop_records" ALTER COLUMN "id" SET DEFAULT plantops_next_record_id();