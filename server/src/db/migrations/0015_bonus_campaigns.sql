CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"multiplier_hundredths" integer NOT NULL,
	"tiers" text[],
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_dates_in_order" CHECK ("campaigns"."to_date" >= "campaigns"."from_date"),
	CONSTRAINT "campaigns_multiplier_range" CHECK ("campaigns"."multiplier_hundredths" > 100 and "campaigns"."multiplier_hundredths" <= 1000),
	CONSTRAINT "campaigns_tiers_known" CHECK ("campaigns"."tiers" is null or "campaigns"."tiers" <@ array['NoTier', 'Basic', 'Bronze', 'Silver', 'Gold', 'Platinum']::text[])
);
--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "campaign_name" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "bonus_multiplier_hundredths" integer;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "bonus_points" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_dates_idx" ON "campaigns" USING btree ("from_date","to_date");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_bonus_not_negative" CHECK ("bills"."bonus_points" >= 0);