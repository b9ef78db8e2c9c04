-- The staff search (ILIKE %q%) uses trigram indexes. drizzle-kit does not write CREATE EXTENSION: added by hand.
-- The database user needs the right to create pg_trgm (a superuser, or a trusted extension on PostgreSQL 13+ for
-- a user with CREATE on the database); otherwise an administrator runs this statement once beforehand.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_party_name_trgm_idx" ON "users" USING gin ("party_name" gin_trgm_ops);