CREATE TABLE "point_lot_spends" (
	"order_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "point_lot_spends_order_id_lot_id_pk" PRIMARY KEY("order_id","lot_id"),
	CONSTRAINT "point_lot_spends_points_positive" CHECK ("point_lot_spends"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "point_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bill_id" uuid,
	"expires_on" date,
	"points_left" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_lots_points_left_not_negative" CHECK ("point_lots"."points_left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_expiry_reminders" (
	"user_id" uuid NOT NULL,
	"expires_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_expiry_reminders_user_id_expires_on_pk" PRIMARY KEY("user_id","expires_on")
);
--> statement-breakpoint
CREATE TABLE "points_expiry_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"customers" integer DEFAULT 0 NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "point_lot_spends" ADD CONSTRAINT "point_lot_spends_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lot_spends" ADD CONSTRAINT "point_lot_spends_lot_id_point_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."point_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_expiry_reminders" ADD CONSTRAINT "points_expiry_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_lots_user_expiry_idx" ON "point_lots" USING btree ("user_id","expires_on") WHERE "point_lots"."points_left" > 0;--> statement-breakpoint
CREATE INDEX "point_lots_due_idx" ON "point_lots" USING btree ("expires_on") WHERE "point_lots"."points_left" > 0 and "point_lots"."expires_on" is not null;--> statement-breakpoint
CREATE INDEX "point_lots_bill_idx" ON "point_lots" USING btree ("bill_id") WHERE "point_lots"."bill_id" is not null;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_reason_check" CHECK ("points_ledger"."reason" IN ('bill_entered', 'bill_edited', 'bill_deleted', 'order_placed', 'order_cancelled', 'adjustment', 'points_expired', 'campaign_bonus'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" IN ('bill_entered', 'bill_edited', 'bill_deleted', 'points_adjusted', 'order_placed', 'order_completed', 'order_cancelled', 'tier_changed', 'tier_reviewed', 'points_expiring', 'points_expired', 'new_order'));--> statement-breakpoint
-- Contract "points expiry": a programme from before lots keeps every balance, its points in one lot per customer
-- that never expires (the setting is 0 until a superadmin changes it).
INSERT INTO "point_lots" ("user_id", "expires_on", "points_left") SELECT "id", NULL, "available_points" FROM "users" WHERE "available_points" > 0;
