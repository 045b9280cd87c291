ALTER TABLE "users" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_publishers_recent_idx" ON "users" USING btree ("last_active_at","id") WHERE "users"."published_at" is not null;--> statement-breakpoint
-- Who already published, from the rows that are there: the first question, answer or post of each member.
UPDATE "users" SET "published_at" = "first"."at"
FROM (
  SELECT "author_id", min("created_at") AS "at" FROM (
    SELECT "author_id", "created_at" FROM "questions"
    UNION ALL SELECT "author_id", "created_at" FROM "answers"
    UNION ALL SELECT "author_id", "created_at" FROM "posts"
  ) AS "published" GROUP BY "author_id"
) AS "first"
WHERE "users"."id" = "first"."author_id";--> statement-breakpoint
-- From now on, set as the rows go in: once per statement (a seed inserts thousands at once), and only for
-- members who had not published yet.
CREATE FUNCTION mark_members_published() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "published_at" = "added"."at"
  FROM (SELECT "author_id", min("created_at") AS "at" FROM added_rows GROUP BY "author_id") AS "added"
  WHERE "users"."id" = "added"."author_id" AND "users"."published_at" IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER questions_mark_published AFTER INSERT ON "questions" REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_members_published();--> statement-breakpoint
CREATE TRIGGER answers_mark_published AFTER INSERT ON "answers" REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_members_published();--> statement-breakpoint
CREATE TRIGGER posts_mark_published AFTER INSERT ON "posts" REFERENCING NEW TABLE AS added_rows FOR EACH STATEMENT EXECUTE FUNCTION mark_members_published();
