-- The editor's optional "resumo da edição" beside each revision (issue 18): plain text, at most
-- REVISION_SUMMARY_MAX characters (app/features/questions/rules.ts); null for first versions and older edits.
ALTER TABLE "revisions" ADD COLUMN "summary" text;