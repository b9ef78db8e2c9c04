CREATE TABLE "picture_files" (
	"path" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "device_id" text;--> statement-breakpoint
CREATE INDEX "login_failures_username_device_idx" ON "login_failures" USING btree ("username_key","device_id","failed_at");