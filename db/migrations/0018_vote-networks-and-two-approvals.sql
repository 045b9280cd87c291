ALTER TABLE "reputation_events" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "suggested_edits" ADD COLUMN "first_approver_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reputation_events" ADD CONSTRAINT "reputation_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggested_edits" ADD CONSTRAINT "suggested_edits_first_approver_id_users_id_fk" FOREIGN KEY ("first_approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flags_reporter_status_idx" ON "flags" USING btree ("reporter_id","status");