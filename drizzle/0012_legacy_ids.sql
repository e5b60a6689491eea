CREATE TABLE "legacy_ids" (
	"collection" text NOT NULL,
	"legacy_id" text NOT NULL,
	"entity" text NOT NULL,
	"record_id" uuid NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_ids_collection_legacy_id_pk" PRIMARY KEY("collection","legacy_id")
);
