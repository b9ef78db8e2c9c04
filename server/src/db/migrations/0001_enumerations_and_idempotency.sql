ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '1 day' NOT NULL;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_reason_check" CHECK ("points_ledger"."reason" IN ('bill_entered', 'bill_edited', 'bill_deleted', 'order_placed', 'order_cancelled', 'adjustment'));--> statement-breakpoint
ALTER TABLE "tier_changes" ADD CONSTRAINT "tier_changes_from_tier_check" CHECK ("tier_changes"."from_tier" IN ('NoTier', 'Basic', 'Bronze', 'Silver', 'Gold', 'Platinum'));--> statement-breakpoint
ALTER TABLE "tier_changes" ADD CONSTRAINT "tier_changes_to_tier_check" CHECK ("tier_changes"."to_tier" IN ('NoTier', 'Basic', 'Bronze', 'Silver', 'Gold', 'Platinum'));--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_status_range" CHECK ("idempotency_keys"."status" BETWEEN 200 AND 299);