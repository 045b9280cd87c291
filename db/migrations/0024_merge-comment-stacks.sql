-- Posts' comments join the comments of questions and answers: one table, one stack. Every post comment gets a
-- new id from comments' sequence, and what named it by its old id (flags, the moderation log, notifications'
-- links and mention keys) is moved to the new one.
ALTER TABLE "comments" ADD COLUMN "parent_id" integer;--> statement-breakpoint
CREATE TABLE "post_comment_moves" ("old_id" integer PRIMARY KEY, "new_id" integer NOT NULL);--> statement-breakpoint
INSERT INTO "post_comment_moves" ("old_id", "new_id")
  SELECT "old_id", nextval('comments_id_seq')::int FROM (SELECT "id" AS "old_id" FROM "post_comments" ORDER BY "id") AS "oldest_first";--> statement-breakpoint
INSERT INTO "comments" ("id", "target_kind", "target_id", "parent_id", "author_id", "body", "created_at", "deleted_at")
  SELECT m."new_id", 'post', pc."post_id", parent."new_id", pc."author_id", pc."body", pc."created_at", pc."deleted_at"
  FROM "post_comments" pc
  JOIN "post_comment_moves" m ON m."old_id" = pc."id"
  LEFT JOIN "post_comment_moves" parent ON parent."old_id" = pc."parent_id";--> statement-breakpoint
UPDATE "flags" f SET "target_kind" = 'comment', "target_id" = m."new_id"
  FROM "post_comment_moves" m WHERE f."target_kind" = 'post_comment' AND f."target_id" = m."old_id";--> statement-breakpoint
UPDATE "moderation_log" l SET "target_kind" = 'comment', "target_id" = m."new_id"
  FROM "post_comment_moves" m WHERE l."target_kind" = 'post_comment' AND l."target_id" = m."old_id";--> statement-breakpoint
UPDATE "notifications" n SET "url" = regexp_replace(n."url", '#comentario-[0-9]+$', '#comentario-' || m."new_id")
  FROM "post_comment_moves" m
  WHERE n."url" LIKE '/blog/%#comentario-%' AND substring(n."url" from '#comentario-([0-9]+)$')::int = m."old_id";--> statement-breakpoint
UPDATE "notifications" n SET "group_key" = 'mention:comment:' || m."new_id"
  FROM "post_comment_moves" m WHERE n."group_key" = 'mention:post_comment:' || m."old_id";--> statement-breakpoint
DROP TABLE "post_comment_moves";--> statement-breakpoint
DROP TABLE "post_comments" CASCADE;
