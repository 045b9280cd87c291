CREATE TABLE "thread_watches" (
	"user_id" integer NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_watches_user_id_target_kind_target_id_pk" PRIMARY KEY("user_id","target_kind","target_id")
);
--> statement-breakpoint
ALTER TABLE "thread_watches" ADD CONSTRAINT "thread_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thread_watches_target_idx" ON "thread_watches" USING btree ("target_kind","target_id");