CREATE TABLE "customer_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"added_user_ids" jsonb,
	"error" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "customer_imports_status_check" CHECK ("customer_imports"."status" IN ('queued', 'hashing', 'saving', 'completed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_imports_owner_idx" ON "customer_imports" USING btree ("owner_id","created_at");