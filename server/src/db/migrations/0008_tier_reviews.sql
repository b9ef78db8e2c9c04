CREATE TABLE "tier_reviews" (
	"quarter" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"applied_by" uuid,
	"changed" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tier_reviews" ADD CONSTRAINT "tier_reviews_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;