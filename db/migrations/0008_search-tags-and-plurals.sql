-- Search finds what was meant (ADR 033): a question's and a post's tag names are words of its text, kept in
-- tag_names by triggers; every search vector reads its text through the same plural rewrite as the queries
-- (funções → funcao). Generated columns cannot change their expression in place: each search column is dropped
-- (its GIN index with it) and added again, which computes it for every existing row, and the index is rebuilt.
ALTER TABLE "questions" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "answers" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "tags" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "tag_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "tag_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing rows: their tags' names in the order the author gave them.
UPDATE "questions" q SET "tag_names" = named.names
FROM (SELECT qt.question_id, string_agg(t.name, ' ' ORDER BY qt.position, t.name) AS names
      FROM question_tags qt JOIN tags t ON t.id = qt.tag_id GROUP BY qt.question_id) named
WHERE q.id = named.question_id;--> statement-breakpoint
UPDATE "posts" p SET "tag_names" = named.names
FROM (SELECT pt.post_id, string_agg(t.name, ' ' ORDER BY pt.position, t.name) AS names
      FROM post_tags pt JOIN tags t ON t.id = pt.tag_id GROUP BY pt.post_id) named
WHERE p.id = named.post_id;--> statement-breakpoint
-- Statement triggers with transition tables: a statement that links many tags (an edit, the large seed)
-- rewrites each question once, not once per tag; rows whose names did not change are left alone.
CREATE FUNCTION search_question_tag_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE questions q SET tag_names = named.names
  FROM (SELECT c.question_id AS id,
               coalesce((SELECT string_agg(t.name, ' ' ORDER BY qt.position, t.name)
                         FROM question_tags qt JOIN tags t ON t.id = qt.tag_id
                         WHERE qt.question_id = c.question_id), '') AS names
        FROM (SELECT DISTINCT question_id FROM changed) c) named
  WHERE q.id = named.id AND q.tag_names IS DISTINCT FROM named.names;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_post_tag_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts p SET tag_names = named.names
  FROM (SELECT c.post_id AS id,
               coalesce((SELECT string_agg(t.name, ' ' ORDER BY pt.position, t.name)
                         FROM post_tags pt JOIN tags t ON t.id = pt.tag_id
                         WHERE pt.post_id = c.post_id), '') AS names
        FROM (SELECT DISTINCT post_id FROM changed) c) named
  WHERE p.id = named.id AND p.tag_names IS DISTINCT FROM named.names;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER question_tags_search_added AFTER INSERT ON question_tags REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_question_tag_names();--> statement-breakpoint
CREATE TRIGGER question_tags_search_changed AFTER UPDATE ON question_tags REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_question_tag_names();--> statement-breakpoint
CREATE TRIGGER question_tags_search_removed AFTER DELETE ON question_tags REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_question_tag_names();--> statement-breakpoint
CREATE TRIGGER post_tags_search_added AFTER INSERT ON post_tags REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_post_tag_names();--> statement-breakpoint
CREATE TRIGGER post_tags_search_changed AFTER UPDATE ON post_tags REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_post_tag_names();--> statement-breakpoint
CREATE TRIGGER post_tags_search_removed AFTER DELETE ON post_tags REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_post_tag_names();--> statement-breakpoint
-- A renamed tag renames the word in every question and post that carries it.
CREATE FUNCTION search_tag_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE questions q SET tag_names = coalesce((SELECT string_agg(t.name, ' ' ORDER BY qt.position, t.name)
                                               FROM question_tags qt JOIN tags t ON t.id = qt.tag_id
                                               WHERE qt.question_id = q.id), '')
  WHERE q.id IN (SELECT question_id FROM question_tags WHERE tag_id = NEW.id);
  UPDATE posts p SET tag_names = coalesce((SELECT string_agg(t.name, ' ' ORDER BY pt.position, t.name)
                                           FROM post_tags pt JOIN tags t ON t.id = pt.tag_id
                                           WHERE pt.post_id = p.id), '')
  WHERE p.id IN (SELECT post_id FROM post_tags WHERE tag_id = NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER tags_search_renamed AFTER UPDATE OF name ON tags FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_tag_renamed();--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('pt_unaccent', regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(title, ''), '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g')), 'A') || setweight(to_tsvector('pt_unaccent', regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(tag_names, ''), '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g')), 'A') || setweight(to_tsvector('pt_unaccent', regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(description, '') || ' ' || coalesce(details, ''), '<[^>]*>', ' ', 'g'), '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g')), 'B')) STORED;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('pt_unaccent', regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(title, ''), '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g')), 'A') || setweight(to_tsvector('pt_unaccent', regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(tag_names, ''), '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g')), 'A') || setweight(to_tsvector('pt_unaccent', regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(description, ''), '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g')), 'B') || setweight(to_tsvector('pt_unaccent', regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(body, ''), '<[^>]*>', ' ', 'g'), '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('pt_unaccent', regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(body, ''), '<[^>]*>', ' ', 'g'), '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('pt_unaccent', regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(name, ''), '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g')), 'A') || setweight(to_tsvector('pt_unaccent', regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(description, ''), '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('pt_unaccent', regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(name, ''), '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g')), 'A') || setweight(to_tsvector('pt_unaccent', regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(handle, ''), '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g')), 'A') || setweight(to_tsvector('pt_unaccent', regexp_replace(regexp_replace(regexp_replace(regexp_replace(coalesce(bio, ''), '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "questions_search_recent_idx" ON "questions" USING gin (("id" / 1024),"search");--> statement-breakpoint
CREATE INDEX "posts_search_recent_idx" ON "posts" USING gin (("id" / 1024),"search");--> statement-breakpoint
CREATE INDEX "answers_search_recent_idx" ON "answers" USING gin (("id" / 1024),"search");--> statement-breakpoint
CREATE INDEX "tags_search_idx" ON "tags" USING gin ("search");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search");
