import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { asc, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "#tests/support/database.ts";
import { posts, questions, tags, users } from "../schema.ts";
import { seedDemoIfEmpty } from "./demo.ts";

/** Rows of a query whose every row names a counter that disagrees with the rows it counts. */
async function mismatches(
  db: ReturnType<ReturnType<typeof setupTestDatabase>>,
  query: ReturnType<typeof sql>,
) {
  const result = await db.execute<Record<string, unknown>>(query);
  return result.rows;
}

describe("demo seed", () => {
  const db = setupTestDatabase();
  let seeded: boolean;

  beforeAll(async () => {
    seeded = await seedDemoIfEmpty(db());
  });

  it("seeds an empty database", () => {
    expect(seeded).toBe(true);
  });

  it("creates the spec's six questions, ids 1 to 6, exactly one of them answered once", async () => {
    const rows = await db()
      .select({ id: questions.id, answerCount: questions.answerCount })
      .from(questions)
      .orderBy(asc(questions.id));
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.filter((r) => r.answerCount > 0).map((r) => r.answerCount)).toEqual([1]);
    const answers = await db().execute<{ n: number }>(sql`select count(*)::int as n from answers`);
    expect(answers.rows[0]?.n).toBe(1);
    const tagsPerQuestion = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from question_tags group by question_id`,
    );
    expect(tagsPerQuestion.rows).toHaveLength(6);
    for (const row of tagsPerQuestion.rows) expect(row.n).toBeGreaterThanOrEqual(1);
    for (const row of tagsPerQuestion.rows) expect(row.n).toBeLessThanOrEqual(3);
  });

  it("keeps one first revision per question and per answer", async () => {
    const result = await db().execute<{ kind: string; n: number }>(
      sql`select target_kind as kind, count(*)::int as n from revisions group by target_kind order by 1`,
    );
    expect(result.rows).toEqual([
      { kind: "question", n: 6 },
      { kind: "answer", n: 1 },
    ]);
  });

  it("creates the ten predefined tags in order and the five recommended topics", async () => {
    const suggested = await db()
      .select({ name: tags.name, rank: tags.suggestedRank })
      .from(tags)
      .where(sql`${tags.suggestedRank} is not null`)
      .orderBy(asc(tags.suggestedRank));
    expect(suggested).toEqual(
      [
        "Formatação",
        "Medium",
        "Dicas",
        "Conteúdo DIgital",
        "Experiência",
        "Web",
        "Figma",
        "Corinthians",
        "Libertadores",
        "CDB",
      ].map((name, i) => ({ name, rank: i + 1 })),
    );
    const recommended = await db()
      .select({ name: tags.name, rank: tags.recommendedRank })
      .from(tags)
      .where(sql`${tags.recommendedRank} is not null`)
      .orderBy(asc(tags.recommendedRank));
    expect(recommended).toEqual(
      ["Design", "Programação", "Arte", "Ciência de Dados", "Tecnologia"].map((name, i) => ({
        name,
        rank: i + 1,
      })),
    );
    const all = await db()
      .select({ name: tags.name, slug: tags.slug, description: tags.description })
      .from(tags);
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(all.find((t) => t.name === "Conteúdo DIgital")?.slug).toBe("conteudo-digital");
    expect(all.find((t) => t.name === "node.js")?.slug).toBe("node-js");
    for (const t of all) expect(t.description).not.toBe("");
  });

  it("creates 24 posts, three of them featured, in every category, with existing covers", async () => {
    const rows = await db()
      .select({
        slug: posts.slug,
        category: posts.category,
        featuredRank: posts.featuredRank,
        coverUrl: posts.coverUrl,
        readingMinutes: posts.readingMinutes,
        createdAt: posts.createdAt,
      })
      .from(posts);
    expect(rows).toHaveLength(24);
    expect(
      rows
        .map((r) => r.featuredRank)
        .filter((rank) => rank !== null)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(["design", "desenvolvimento", "ux", "ui"]));
    const sixtyDaysAgo = Date.now() - 60 * 24 * 3600_000;
    const thirtyDaysAgo = Date.now() - 30 * 24 * 3600_000;
    for (const r of rows) {
      expect(r.createdAt.getTime()).toBeGreaterThan(sixtyDaysAgo);
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(r.readingMinutes).toBeGreaterThanOrEqual(1);
      expect(r.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(rows.filter((r) => r.createdAt.getTime() > thirtyDaysAgo).length).toBeGreaterThan(5);
    const covers = rows.map((r) => r.coverUrl).filter((url) => url !== null);
    expect(covers.length).toBeGreaterThan(5);
    for (const url of covers) {
      const file = fileURLToPath(new URL(`../../public${url}`, import.meta.url));
      expect(existsSync(file), url).toBe(true);
      expect(statSync(file).size).toBeLessThan(3 * 1024);
    }
  });

  it("creates members nobody can sign in as, with reputation matching the votes they received (and veterans' past)", async () => {
    const rows = await db()
      .select({ email: users.email, passwordHash: users.passwordHash, verified: users.emailVerifiedAt })
      .from(users);
    expect(rows).toHaveLength(10);
    for (const r of rows) {
      expect(r.passwordHash).toBeNull();
      expect(r.verified).not.toBeNull();
      expect(r.email).toMatch(/@exemplo\.com\.br$/);
    }
    expect(
      await mismatches(
        db(),
        sql`select u.id, u.reputation, 1 + coalesce(sum(e.delta), 0) as expected
          from users u left join reputation_events e on e.user_id = u.id
          group by u.id having u.reputation <> 1 + coalesce(sum(e.delta), 0)`,
      ),
    ).toEqual([]);
    expect(
      await mismatches(
        db(),
        sql`select u.id from users u
          where u.reputation <> 1
            + (select coalesce(sum(delta), 0) from reputation_events e where e.user_id = u.id and e.reason = 'past')
            + 10 * (select count(*) from votes v
                    left join questions q on v.target_kind = 'question' and q.id = v.target_id
                    left join answers a on v.target_kind = 'answer' and a.id = v.target_id
                    where v.value = 1 and coalesce(q.author_id, a.author_id) = u.id)
            - 2 * (select count(*) from votes v
                    left join questions q on v.target_kind = 'question' and q.id = v.target_id
                    left join answers a on v.target_kind = 'answer' and a.id = v.target_id
                    where v.value = -1 and coalesce(q.author_id, a.author_id) = u.id)`,
      ),
    ).toEqual([]);
    const events = await db().execute<{ n: number; votes: number }>(
      sql`select (select count(*)::int from reputation_events where reason <> 'past') as n, (select count(*)::int from votes) as votes`,
    );
    expect(events.rows[0]?.n).toBe(events.rows[0]?.votes);
    expect(events.rows[0]?.votes).toBeGreaterThan(0);
  });

  it("keeps every denormalised counter equal to the rows it counts", async () => {
    const checks = {
      questionScore: sql`select q.id from questions q
        where q.score <> (select coalesce(sum(value), 0) from votes where target_kind = 'question' and target_id = q.id)`,
      answerScore: sql`select a.id from answers a
        where a.score <> (select coalesce(sum(value), 0) from votes where target_kind = 'answer' and target_id = a.id)`,
      answerCount: sql`select q.id from questions q
        where q.answer_count <> (select count(*) from answers where question_id = q.id and deleted_at is null)`,
      questionComments: sql`select q.id from questions q
        where q.comment_count <> (select count(*) from comments where target_kind = 'question' and target_id = q.id)`,
      answerComments: sql`select a.id from answers a
        where a.comment_count <> (select count(*) from comments where target_kind = 'answer' and target_id = a.id)`,
      questionFavorites: sql`select q.id from questions q
        where q.favorite_count <> (select count(*) from favorites where target_kind = 'question' and target_id = q.id)`,
      likeCount: sql`select p.id from posts p
        where p.like_count <> (select count(*) from post_likes where post_id = p.id)`,
      commentCount: sql`select p.id from posts p
        where p.comment_count <> (select count(*) from comments
          where target_kind = 'post' and target_id = p.id and deleted_at is null)`,
      postFavorites: sql`select p.id from posts p
        where p.favorite_count <> (select count(*) from favorites where target_kind = 'post' and target_id = p.id)`,
      questionCount: sql`select t.id from tags t
        where t.question_count <> (select count(*) from question_tags where tag_id = t.id)`,
      postCount: sql`select t.id from tags t
        where t.post_count <> (select count(*) from post_tags where tag_id = t.id)`,
    };
    for (const [name, query] of Object.entries(checks)) {
      expect(await mismatches(db(), query), name).toEqual([]);
    }
  });

  it("seeds likes, comments with one reply, follows and votes that make sense", async () => {
    const result = await db().execute<Record<string, number>>(sql`select
      (select count(*)::int from post_likes) as likes,
      (select count(*)::int from comments where target_kind = 'post' and parent_id is null) as top_level,
      (select count(*)::int from comments where target_kind = 'post' and parent_id is not null) as replies,
      (select count(*)::int from follows) as follows,
      (select count(*)::int from comments r join comments c on c.id = r.parent_id
        where c.parent_id is not null or c.target_kind <> 'post' or c.target_id <> r.target_id) as bad_replies,
      (select count(*)::int from votes v join questions q on v.target_kind = 'question' and q.id = v.target_id
        where q.author_id = v.user_id) as self_votes`);
    const counts = result.rows[0];
    expect(counts?.likes).toBeGreaterThan(0);
    expect(counts?.top_level).toBeGreaterThan(3);
    expect(counts?.replies).toBeGreaterThanOrEqual(1);
    expect(counts?.follows).toBeGreaterThan(0);
    expect(counts?.bad_replies).toBe(0);
    expect(counts?.self_votes).toBe(0);
  });

  it("does nothing the second time", async () => {
    expect(await seedDemoIfEmpty(db())).toBe(false);
    const result = await db().execute<{ users: number; posts: number }>(
      sql`select (select count(*)::int from users) as users, (select count(*)::int from posts) as posts`,
    );
    expect(result.rows[0]).toEqual({ users: 10, posts: 24 });
  });

  it("lets the next question take id 7", async () => {
    const [author] = await db().select({ id: users.id }).from(users).limit(1);
    const [row] = await db()
      .insert(questions)
      .values({ authorId: author!.id, title: "Pergunta nova", description: "<p>Texto</p>" })
      .returning({ id: questions.id });
    expect(row?.id).toBe(7);
  });
});
