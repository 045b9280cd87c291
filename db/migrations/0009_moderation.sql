CREATE TYPE "public"."close_reason" AS ENUM('duplicate', 'off_topic', 'needs_details', 'opinion_based');--> statement-breakpoint
CREATE TYPE "public"."flag_reason" AS ENUM('spam', 'offensive', 'needs_improvement', 'duplicate', 'other', 'held', 'first_post');--> statement-breakpoint
CREATE TYPE "public"."flag_status" AS ENUM('open', 'helpful', 'declined');--> statement-breakpoint
CREATE TYPE "public"."flag_target" AS ENUM('question', 'answer', 'comment', 'post', 'post_comment');--> statement-breakpoint
CREATE TABLE "blocked_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_terms_kind_check" CHECK ("blocked_terms"."kind" in ('word', 'email_domain'))
);
--> statement-breakpoint
CREATE TABLE "close_votes" (
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" "close_reason",
	"duplicate_of_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "close_votes_question_id_user_id_kind_pk" PRIMARY KEY("question_id","user_id","kind"),
	CONSTRAINT "close_votes_kind_check" CHECK ("close_votes"."kind" in ('close', 'reopen'))
);
--> statement-breakpoint
CREATE TABLE "flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_kind" "flag_target" NOT NULL,
	"target_id" integer NOT NULL,
	"author_id" integer,
	"reporter_id" integer,
	"reason" "flag_reason" NOT NULL,
	"duplicate_of_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"status" "flag_status" DEFAULT 'open' NOT NULL,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "moderation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"target_kind" text,
	"target_id" integer,
	"subject_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggested_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_kind" "target_kind" NOT NULL,
	"target_id" integer NOT NULL,
	"editor_id" integer NOT NULL,
	"title" text,
	"body" text NOT NULL,
	"details" text,
	"tags" jsonb,
	"summary" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggested_edits_status_check" CHECK ("suggested_edits"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "close_reason" "close_reason";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "duplicate_of_id" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "closed_by" integer[];--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "blocked_terms" ADD CONSTRAINT "blocked_terms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "close_votes" ADD CONSTRAINT "close_votes_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "close_votes" ADD CONSTRAINT "close_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggested_edits" ADD CONSTRAINT "suggested_edits_editor_id_users_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggested_edits" ADD CONSTRAINT "suggested_edits_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocked_terms_value_key" ON "blocked_terms" USING btree ("kind",lower("value"));--> statement-breakpoint
CREATE UNIQUE INDEX "flags_one_open_per_member" ON "flags" USING btree ("reporter_id","target_kind","target_id") WHERE "flags"."status" = 'open' and "flags"."reporter_id" is not null;--> statement-breakpoint
CREATE INDEX "flags_open_idx" ON "flags" USING btree ("created_at","id") WHERE "flags"."status" = 'open';--> statement-breakpoint
CREATE INDEX "flags_target_idx" ON "flags" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "member_blocks_blocked_idx" ON "member_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "moderation_log_created_idx" ON "moderation_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_log_action_idx" ON "moderation_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_log_subject_idx" ON "moderation_log" USING btree ("subject_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "suggested_edits_pending_idx" ON "suggested_edits" USING btree ("created_at","id") WHERE "suggested_edits"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "suggested_edits_one_pending" ON "suggested_edits" USING btree ("target_kind","target_id","editor_id") WHERE "suggested_edits"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "questions_duplicate_of_idx" ON "questions" USING btree ("duplicate_of_id") WHERE "questions"."duplicate_of_id" is not null;