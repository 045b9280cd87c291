CREATE TABLE "answer_outdated_marks" (
	"answer_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"tag" text NOT NULL,
	"version" text NOT NULL,
	"version_key" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_outdated_marks_answer_id_member_id_pk" PRIMARY KEY("answer_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "answer_versions" (
	"answer_id" integer NOT NULL,
	"tag" text NOT NULL,
	"version" text NOT NULL,
	"version_key" integer[] NOT NULL,
	CONSTRAINT "answer_versions_answer_id_tag_pk" PRIMARY KEY("answer_id","tag")
);
--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "tested_versions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "outdated_since" jsonb;--> statement-breakpoint
ALTER TABLE "answer_outdated_marks" ADD CONSTRAINT "answer_outdated_marks_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_outdated_marks" ADD CONSTRAINT "answer_outdated_marks_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_versions" ADD CONSTRAINT "answer_versions_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_outdated_marks_member_idx" ON "answer_outdated_marks" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "answer_versions_tag_key_idx" ON "answer_versions" USING btree ("tag","version_key");