import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "#tests/support/database.ts";
import { seedDemoIfEmpty } from "../demo.ts";
import { seedLarge, type LargeSeedResult } from "./generate.ts";
import { integrityProblems } from "./integrity.ts";

describe("large seed", () => {
  const db = setupTestDatabase();
  let result: LargeSeedResult;

  beforeAll(async () => {
    // On top of the demo content, as `npm run bench` does: ids continue after the demo's.
    await seedDemoIfEmpty(db());
    result = await seedLarge(db(), 300, () => {}, { batch: 120 });
  }, 120_000);

  it("writes the planned rows in proportion", async () => {
    const counts = await db().execute<{ questions: number; members: number; answers: number; posts: number }>(
      sql`select (select count(*) from questions where id > 6)::int as questions,
        (select count(*) from users where email like 'membro%@exemplo.com.br')::int as members,
        (select count(*) from answers)::int as answers, (select count(*) from posts)::int as posts`,
    );
    const row = counts.rows[0]!;
    expect(row.questions).toBe(300);
    expect(row.members).toBe(result.plan.members);
    expect(row.answers).toBeGreaterThan(300);
    expect(row.posts).toBeGreaterThanOrEqual(result.plan.posts);
  });

  it("keeps every counter equal to the rows it counts, and nothing orphaned", async () => {
    expect(await integrityProblems(db())).toEqual([]);
  });

  it("gives the benchmark a question with twenty answers and a post", async () => {
    const busy = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from answers where question_id = ${result.busyQuestionId}`,
    );
    expect(busy.rows[0]?.n).toBe(20);
    expect(result.postSlug).toMatch(/^[a-z0-9-]+$/);
  });

  it("moves the sequences past the explicit ids", async () => {
    const next = await db().execute<{ id: number }>(
      sql`insert into tags (name, slug) values ('depois-do-seed', 'depois-do-seed') returning id`,
    );
    expect(next.rows[0]?.id).toBeGreaterThan(0);
    const q = await db().execute<{ last: number; max: number }>(
      sql`select (select last_value from questions_id_seq)::int as last, (select max(id) from questions)::int as max`,
    );
    expect(q.rows[0]!.last).toBeGreaterThanOrEqual(q.rows[0]!.max);
  });
});
