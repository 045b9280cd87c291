ALTER TABLE "reputation_events" ADD COLUMN "trusted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trusted_reputation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Reputation earned before this version was earned under the old rules: it all counts as trusted.
UPDATE "users" SET "trusted_reputation" = "reputation";
