CREATE TABLE "registration_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text NOT NULL,
	"succeeded" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "idle_minutes" integer;--> statement-breakpoint
CREATE INDEX "registration_attempts_address_idx" ON "registration_attempts" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "registration_attempts_created_idx" ON "registration_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_created_idx" ON "login_attempts" USING btree ("created_at");