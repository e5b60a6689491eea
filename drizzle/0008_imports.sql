CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"rows" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"changes" jsonb,
	"written" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"committed_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"undone_by" uuid
);
--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("created_at");