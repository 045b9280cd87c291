// The migration that put posts' comments in `comments` (0024): on a database at the migration before it, with
// post comments that were replied to, flagged, logged and notified, every one arrives under a new id, and what
// named the old id names the new one.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { openDatabase } from "#app/lib/db.server.ts";

const folder = path.resolve(import.meta.dirname, "migrations");
const work = mkdtempSync(path.join(os.tmpdir(), "sdd-merge-comments-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The migrations folder as it was before `tag`. */
function migrationsBefore(tag: string): string {
  const before = path.join(work, "migrations");
  cpSync(folder, before, { recursive: true });
  const journalFile = path.join(before, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}

// Two databases made from files and migrated (10–15 s on this machine, twice that on a busy one): past the
// suite's 30 s default for a single test.
test(
  "post comments move into comments with their replies, flags, log lines and notifications",
  { timeout: 90_000 },
  async () => {
    const dataDir = path.join(work, "pgdata");
    const old = await openDatabase({
      dataDir,
      migrationsFolder: migrationsBefore("0024_merge-comment-stacks"),
    });
    const rows = async <T>(db: typeof old.db, query: ReturnType<typeof sql>) =>
      (await db.execute<T & Record<string, unknown>>(query)).rows;
    await old.db.execute(sql`
    insert into users (id, handle, name, email, password_hash) values
      (1, 'ana', 'Ana', 'ana@exemplo.com.br', 'x'), (2, 'bia', 'Bia', 'bia@exemplo.com.br', 'x')`);
    await old.db.execute(
      sql`insert into questions (id, author_id, title, description) values (1, 1, 'Uma pergunta', '<p>x</p>')`,
    );
    // A question comment already holds id 1; the post comments' ids 1 and 2 must move.
    await old.db.execute(
      sql`insert into comments (id, target_kind, target_id, author_id, body) values (1, 'question', 1, 2, 'Comentário na pergunta')`,
    );
    await old.db.execute(sql`select setval('comments_id_seq', 1)`);
    await old.db.execute(
      sql`insert into posts (id, slug, author_id, title, body, comment_count) values (1, 'um-post', 1, 'Um post', '<p>x</p>', 2)`,
    );
    await old.db.execute(sql`
    insert into post_comments (id, post_id, parent_id, author_id, body) values
      (1, 1, null, 2, 'Primeiro comentário @ana'), (2, 1, 1, 1, 'Uma resposta')`);
    await old.db.execute(
      sql`insert into flags (target_kind, target_id, author_id, reporter_id, reason) values ('post_comment', 2, 1, 2, 'spam')`,
    );
    await old.db.execute(
      sql`insert into moderation_log (action, target_kind, target_id) values ('hide', 'post_comment', 2)`,
    );
    await old.db.execute(sql`
    insert into notifications (user_id, kind, title, url, group_key) values
      (1, 'mention', 'Bia mencionou você', '/blog/um-post#comentario-1', 'mention:post_comment:1'),
      (2, 'comment', 'Ana respondeu', '/blog/um-post#comentario-2', null),
      (1, 'comment', 'Na pergunta', '/questions/1#comentario-1', null)`);
    await old.close();

    const merged = await openDatabase({ dataDir });
    try {
      const moved = await rows<{ id: number; parent_id: number | null; body: string }>(
        merged.db,
        sql`select id, parent_id, body from comments where target_kind = 'post' and target_id = 1 order by id`,
      );
      expect(moved.map((c) => c.body)).toEqual(["Primeiro comentário @ana", "Uma resposta"]);
      const [first, reply] = moved;
      expect(first!.id).toBeGreaterThan(1);
      expect(reply!.parent_id).toBe(first!.id);
      expect(await rows(merged.db, sql`select target_kind, target_id from flags`)).toEqual([
        { target_kind: "comment", target_id: reply!.id },
      ]);
      expect(await rows(merged.db, sql`select target_kind, target_id from moderation_log`)).toEqual([
        { target_kind: "comment", target_id: reply!.id },
      ]);
      expect(await rows(merged.db, sql`select url, group_key from notifications order by id`)).toEqual([
        { url: `/blog/um-post#comentario-${first!.id}`, group_key: `mention:comment:${first!.id}` },
        { url: `/blog/um-post#comentario-${reply!.id}`, group_key: null },
        // A question comment's link is left alone.
        { url: "/questions/1#comentario-1", group_key: null },
      ]);
      expect(
        await rows(
          merged.db,
          sql`select count(*)::int as n from information_schema.tables where table_name = 'post_comments'`,
        ),
      ).toEqual([{ n: 0 }]);
      // New comments take ids after the moved ones.
      const [next] = await rows<{ id: number }>(
        merged.db,
        sql`insert into comments (target_kind, target_id, author_id, body) values ('post', 1, 1, 'Depois') returning id`,
      );
      expect(next!.id).toBeGreaterThan(reply!.id);
    } finally {
      await merged.close();
    }
  },
);
