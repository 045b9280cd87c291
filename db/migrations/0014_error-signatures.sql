CREATE TABLE "error_signatures" (
	"kind" "target_kind" NOT NULL,
	"item_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"signature" text NOT NULL,
	"weight" real NOT NULL,
	"line" text NOT NULL,
	CONSTRAINT "error_signatures_kind_item_id_signature_pk" PRIMARY KEY("kind","item_id","signature")
);
--> statement-breakpoint
ALTER TABLE "error_signatures" ADD CONSTRAINT "error_signatures_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "error_signatures_signature_idx" ON "error_signatures" USING btree ("signature","question_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "error_signatures_question_idx" ON "error_signatures" USING btree ("question_id");