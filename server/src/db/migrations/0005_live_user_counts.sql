-- The users lists read their totals here (issue 8); see the trigger below.
CREATE TABLE "live_user_counts" (
	"user_type" text PRIMARY KEY NOT NULL,
	"live" integer NOT NULL
);
--> statement-breakpoint
-- Written by hand (drizzle-kit does not write functions or triggers): the counts follow every statement on
-- users, in its transaction. Statement-level triggers over transition tables, so a 10,000-row import updates
-- each count once; an update that changes neither type nor deletion of a row writes nothing.
INSERT INTO "live_user_counts" ("user_type", "live")
  SELECT "user_type", count(*)::int FROM "users" WHERE "deleted_at" IS NULL GROUP BY "user_type";--> statement-breakpoint
CREATE FUNCTION "live_user_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "live_user_counts" SET "live" = 0;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "live_user_counts" AS counts ("user_type", "live")
      SELECT "user_type", count(*)::int FROM new_rows WHERE "deleted_at" IS NULL GROUP BY "user_type"
      ON CONFLICT ("user_type") DO UPDATE SET "live" = counts."live" + EXCLUDED."live";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "live_user_counts" AS counts SET "live" = counts."live" - gone.n
      FROM (SELECT "user_type", count(*)::int AS n FROM old_rows WHERE "deleted_at" IS NULL GROUP BY "user_type") AS gone
      WHERE counts."user_type" = gone."user_type";
  ELSE
    INSERT INTO "live_user_counts" AS counts ("user_type", "live")
      SELECT "user_type", sum(delta)::int FROM (
        SELECT "user_type", 1 AS delta FROM new_rows WHERE "deleted_at" IS NULL
        UNION ALL
        SELECT "user_type", -1 AS delta FROM old_rows WHERE "deleted_at" IS NULL
      ) AS changes
      GROUP BY "user_type" HAVING sum(delta) <> 0
      ON CONFLICT ("user_type") DO UPDATE SET "live" = counts."live" + EXCLUDED."live";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_live_counts_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_user_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "users_live_counts_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_user_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "users_live_counts_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "live_user_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "users_live_counts_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_user_counts_follow"();
