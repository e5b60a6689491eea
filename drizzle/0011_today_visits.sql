CREATE TABLE "today_visits" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "today_visits" ADD CONSTRAINT "today_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;