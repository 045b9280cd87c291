ALTER TABLE "users" ADD COLUMN "gold_badges" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "silver_badges" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bronze_badges" integer DEFAULT 0 NOT NULL;