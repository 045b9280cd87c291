CREATE TABLE "badge_awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"badge" text NOT NULL,
	"tag_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badge_awards_once" UNIQUE NULLS NOT DISTINCT("user_id","badge","tag_id")
);
--> statement-breakpoint
CREATE TABLE "member_visit_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "member_visit_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "badge_awards" ADD CONSTRAINT "badge_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_awards" ADD CONSTRAINT "badge_awards_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_visit_days" ADD CONSTRAINT "member_visit_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_awards_badge_idx" ON "badge_awards" USING btree ("badge","created_at");--> statement-breakpoint
CREATE INDEX "revisions_editor_idx" ON "revisions" USING btree ("editor_id");