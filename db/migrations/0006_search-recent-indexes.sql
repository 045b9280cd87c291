-- The text indexes of questions, answers and posts also hold the id bucket (id / 1024), so search can ask for
-- the matches among the newest rows in one index scan (btree_gin; app/features/search/search.server.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "answers_search_recent_idx" ON "answers" USING gin (("id" / 1024),"search");--> statement-breakpoint
CREATE INDEX "posts_search_recent_idx" ON "posts" USING gin (("id" / 1024),"search");--> statement-breakpoint
CREATE INDEX "questions_search_recent_idx" ON "questions" USING gin (("id" / 1024),"search");--> statement-breakpoint
DROP INDEX "answers_search_idx";--> statement-breakpoint
DROP INDEX "posts_search_idx";--> statement-breakpoint
DROP INDEX "questions_search_idx";
