// The question list: every sort, filter and the paging, done in SQL, on a database this file fills itself.
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { questions, tagFollows, tags } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { createAnswer, acceptAnswer } from "./answers.server.ts";
import { DEFAULT_LIST_QUERY, parseListQuery, type QuestionListQuery } from "./list-query.ts";
import { listQuestions } from "./question-list.server.ts";
import { deleteQuestion } from "./question-writes.server.ts";
import { askAs } from "#tests/support/questions.ts";

const db = setupTestDatabase();
const DAY = 86_400_000;

let asker: Viewer;
let helper: Viewer;
/** Named questions: id by name. */
const q: Record<string, number> = {};

function query(overrides: Partial<QuestionListQuery> = {}): QuestionListQuery {
  return { ...DEFAULT_LIST_QUERY, ...overrides };
}

async function set(name: string, values: Partial<typeof questions.$inferInsert>) {
  await db()
    .update(questions)
    .set(values)
    .where(eq(questions.id, q[name] as number));
}

const ids = (page: { items: { id: number }[] }) => page.items.map((i) => i.id);

beforeAll(async () => {
  asker = await createMember(db(), { name: "Quem Pergunta" });
  helper = await createMember(db(), { name: "Quem Ajuda" });
  const now = Date.now();
  // old: 40 days, score 50; month: 20 days, score 30; week: 3 days, score 10; fresh: now, score 1
  q.old = await askAs(asker, { tags: ["sql"] });
  q.month = await askAs(asker, { tags: ["python"] });
  q.week = await askAs(asker, { tags: ["javascript", "react"] });
  q.fresh = await askAs(asker, { tags: ["javascript"] });
  q.bountySoon = await askAs(asker, { tags: ["css"] });
  q.bountyLater = await askAs(asker, { tags: ["css"] });
  q.bountyExpired = await askAs(asker, { tags: ["css"] });
  await set("old", { createdAt: new Date(now - 40 * DAY), score: 50, lastActivityAt: new Date(now - 1000) });
  await set("month", {
    createdAt: new Date(now - 20 * DAY),
    score: 30,
    lastActivityAt: new Date(now - 20 * DAY),
  });
  await set("week", {
    createdAt: new Date(now - 3 * DAY),
    score: 10,
    lastActivityAt: new Date(now - 3 * DAY),
  });
  await set("fresh", { createdAt: new Date(now), score: 1, lastActivityAt: new Date(now - 2 * DAY) });
  for (const name of ["bountySoon", "bountyLater", "bountyExpired"]) {
    await set(name, { createdAt: new Date(now - 60 * DAY), lastActivityAt: new Date(now - 60 * DAY) });
  }
  await set("bountySoon", { bountyAmount: 50, bountyExpiresAt: new Date(now + DAY) });
  await set("bountyLater", { bountyAmount: 200, bountyExpiresAt: new Date(now + 5 * DAY) });
  await set("bountyExpired", { bountyAmount: 500, bountyExpiresAt: new Date(now - DAY) });

  // Answers: month has 2 (one accepted), week has 1.
  await createAnswer(
    helper,
    q.month as number,
    "<p>Primeira resposta. (com texto o bastante para uma resposta)</p>",
  );
  const { id: accepted } = await createAnswer(
    helper,
    q.month as number,
    "<p>Segunda resposta. (com texto o bastante para uma resposta)</p>",
  );
  await acceptAnswer(asker, accepted);
  await createAnswer(
    helper,
    q.week as number,
    "<p>Uma resposta. (com texto o bastante para uma resposta)</p>",
  );
  // Put back the activity times the answers moved.
  await set("month", { lastActivityAt: new Date(now - 20 * DAY) });
  await set("week", { lastActivityAt: new Date(now - 3 * DAY) });

  // A deleted question never shows.
  q.deleted = await askAs(asker, { tags: ["sql"] });
  await deleteQuestion(asker, q.deleted);
});

describe("sorts", () => {
  test("Novo: newest first", async () => {
    const page = await listQuestions(null, query());
    expect(ids(page).slice(0, 4)).toEqual([q.fresh, q.week, q.month, q.old]);
    expect(ids(page)).not.toContain(q.deleted);
    expect(page.total).toBe(7);
  });

  test("Top: highest score first", async () => {
    expect(ids(await listQuestions(null, query({ sort: "top" }))).slice(0, 4)).toEqual([
      q.old,
      q.month,
      q.week,
      q.fresh,
    ]);
  });

  test("Semana and Mês: the top of the last 7 and 30 days", async () => {
    expect(ids(await listQuestions(null, query({ sort: "week" })))).toEqual([q.week, q.fresh]);
    expect(ids(await listQuestions(null, query({ sort: "month" })))).toEqual([q.month, q.week, q.fresh]);
  });

  test("Bounty: open bounties only, the largest first; expired ones are closed", async () => {
    const page = await listQuestions(null, query({ sort: "bounty" }));
    expect(ids(page)).toEqual([q.bountyLater, q.bountySoon]);
    expect(page.items[0]?.bounty?.amount).toBe(200);
  });

  test("Bounty prestes á expirar: open bounties, the soonest first", async () => {
    expect(ids(await listQuestions(null, query({ sort: "expiring" })))).toEqual([
      q.bountySoon,
      q.bountyLater,
    ]);
  });

  test("Atividade Recente and Mais respostas", async () => {
    expect(ids(await listQuestions(null, query({ sort: "activity" }))).slice(0, 4)).toEqual([
      q.old,
      q.fresh,
      q.week,
      q.month,
    ]);
    expect(ids(await listQuestions(null, query({ sort: "answers" }))).slice(0, 2)).toEqual([q.month, q.week]);
  });

  test("the sorts use the indexes of the schema", async () => {
    const plan = await db().execute(
      sql`explain select id from questions where deleted_at is null order by score desc, id desc limit 10`,
    );
    expect(JSON.stringify(plan)).toMatch(/questions_score_idx|Sort/);
  });
});

describe("filters", () => {
  test("Sem respostas, Sem resposta aceitada, Com Bounty", async () => {
    const unanswered = ids(await listQuestions(null, query({ filters: ["unanswered"] })));
    expect(unanswered).not.toContain(q.month);
    expect(unanswered).not.toContain(q.week);
    expect(unanswered).toContain(q.fresh);
    const noAccepted = ids(await listQuestions(null, query({ filters: ["no-accepted"] })));
    expect(noAccepted).toContain(q.week);
    expect(noAccepted).not.toContain(q.month);
    expect(ids(await listQuestions(null, query({ filters: ["bounty"] })))).toEqual([
      q.bountyLater,
      q.bountySoon,
    ]);
  });

  test("As seguintes Tags: any of the typed tags", async () => {
    const page = await listQuestions(null, parseListQuery("tags=python, sql"));
    expect(ids(page)).toEqual([q.month, q.old]);
    expect((await listQuestions(null, query({ tags: ["no-such-tag"] }))).total).toBe(0);
  });

  test("Minhas Tags seguidas: the viewer's followed tags; nothing for visitors", async () => {
    const follower = await createMember(db());
    const [react] = await db().select({ id: tags.id }).from(tags).where(eq(tags.slug, "react"));
    await db()
      .insert(tagFollows)
      .values({ userId: follower.id, tagId: react?.id as number });
    expect(ids(await listQuestions(follower, query({ followedTags: true })))).toEqual([q.week]);
    expect((await listQuestions(null, query({ followedTags: true }))).total).toBe(0);
    // Followed and typed tags add up.
    expect(ids(await listQuestions(follower, query({ followedTags: true, tags: ["sql"] })))).toEqual([
      q.week,
      q.old,
    ]);
  });

  test("the tag page narrows to one tag, combined with the sorts", async () => {
    const page = await listQuestions(null, query({ sort: "top" }), { onlyTag: "javascript" });
    expect(ids(page)).toEqual([q.week, q.fresh]);
    expect((await listQuestions(null, query(), { onlyTag: "nope" })).total).toBe(0);
  });

  test("previews carry tags, author, counts and the accepted mark", async () => {
    const page = await listQuestions(null, query({ tags: ["python"] }));
    expect(page.items[0]).toMatchObject({
      id: q.month,
      answerCount: 2,
      hasAcceptedAnswer: true,
      tags: [{ name: "python", slug: "python" }],
      author: { id: asker.id, name: "Quem Pergunta" },
    });
    expect(page.items[0]?.excerpt).toMatch(/^Esta é a descrição/);
  });
});

describe("paging", () => {
  test("10 a page over the real total, counted in SQL", async () => {
    const extra = [];
    for (let i = 0; i < 16; i++) extra.push(await askAs(asker, { tags: ["paginacao"] }));
    const first = await listQuestions(null, query({ tags: ["paginacao"] }));
    expect(first.total).toBe(16);
    expect(first.totalPages).toBe(2);
    expect(first.items).toHaveLength(10);
    const second = await listQuestions(null, query({ tags: ["paginacao"], page: 2 }));
    expect(second.items).toHaveLength(6);
    expect(new Set([...ids(first), ...ids(second)])).toEqual(new Set(extra));
    const beyond = await listQuestions(null, query({ tags: ["paginacao"], page: 9 }));
    expect(beyond.items).toHaveLength(0);
    await db().delete(questions).where(inArray(questions.id, extra));
  });
});

describe("by author (profiles)", () => {
  test("a member's live questions and answers, newest first", async () => {
    const { listQuestionsByAuthor } = await import("./question-list.server.ts");
    const { listAnswersByAuthor } = await import("./answer-list.server.ts");
    const mine = await listQuestionsByAuthor(asker.id, { pageSize: 50 });
    expect(mine.items.map((i) => i.id)).not.toContain(q.deleted);
    expect(mine.total).toBe(mine.items.length);
    expect(mine.items[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(
      mine.items[1]?.createdAt.getTime() ?? 0,
    );
    const helped = await listAnswersByAuthor(helper.id);
    expect(helped.total).toBe(3);
    expect(helped.items.filter((a) => a.accepted)).toHaveLength(1);
    expect(helped.items[0]).toMatchObject({ questionTitle: expect.any(String) });
  });
});
