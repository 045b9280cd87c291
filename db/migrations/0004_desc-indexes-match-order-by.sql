DROP INDEX "answers_author_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "questions_created_idx";--> statement-breakpoint
DROP INDEX "questions_activity_idx";--> statement-breakpoint
DROP INDEX "questions_score_idx";--> statement-breakpoint
DROP INDEX "questions_answers_idx";--> statement-breakpoint
DROP INDEX "questions_author_idx";--> statement-breakpoint
CREATE INDEX "answers_author_idx" ON "answers" USING btree ("author_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_created_idx" ON "questions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_activity_idx" ON "questions" USING btree ("last_activity_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_score_idx" ON "questions" USING btree ("score" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_answers_idx" ON "questions" USING btree ("answer_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "questions_author_idx" ON "questions" USING btree ("author_id","created_at" DESC NULLS FIRST);