CREATE TABLE "post_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"answer_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"tag_names" text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_drafts_answer_id_unique" UNIQUE("answer_id")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "from_answer_id" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "about_post_id" integer;--> statement-breakpoint
ALTER TABLE "post_drafts" ADD CONSTRAINT "post_drafts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_drafts" ADD CONSTRAINT "post_drafts_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_drafts" ADD CONSTRAINT "post_drafts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_from_answer_id_answers_id_fk" FOREIGN KEY ("from_answer_id") REFERENCES "public"."answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_about_post_id_posts_id_fk" FOREIGN KEY ("about_post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_from_answer_idx" ON "posts" USING btree ("from_answer_id") WHERE "posts"."from_answer_id" is not null;--> statement-breakpoint
CREATE INDEX "questions_about_post_idx" ON "questions" USING btree ("about_post_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "questions"."about_post_id" is not null;