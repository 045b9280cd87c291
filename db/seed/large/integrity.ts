// Integrity checks shared by the large seed's tests and the resilience suite: every denormalised counter equals
// the rows it counts, reputation equals its ledger, and nothing points at a row that is not there. Each check
// is one query returning how many rows break the rule; `integrityProblems` lists the broken ones.
import { sql } from "drizzle-orm";
import type { Database } from "../../../app/lib/db.server.ts";

const INTEGRITY_CHECKS: Record<string, string> = {
  "questions.answer_count = answers not deleted": `
    select count(*) from questions q left join (
      select question_id, count(*) as n from answers where deleted_at is null group by 1
    ) a on a.question_id = q.id where q.answer_count <> coalesce(a.n, 0)`,
  "questions.score = sum of votes": `
    select count(*) from questions q left join (
      select target_id, sum(value) as s from votes where target_kind = 'question' group by 1
    ) v on v.target_id = q.id where q.score <> coalesce(v.s, 0)`,
  "answers.score = sum of votes": `
    select count(*) from answers a left join (
      select target_id, sum(value) as s from votes where target_kind = 'answer' group by 1
    ) v on v.target_id = a.id where a.score <> coalesce(v.s, 0)`,
  "questions.comment_count = comments not deleted": `
    select count(*) from questions q left join (
      select target_id, count(*) as n from comments where target_kind = 'question' and deleted_at is null group by 1
    ) c on c.target_id = q.id where q.comment_count <> coalesce(c.n, 0)`,
  "answers.comment_count = comments not deleted": `
    select count(*) from answers a left join (
      select target_id, count(*) as n from comments where target_kind = 'answer' and deleted_at is null group by 1
    ) c on c.target_id = a.id where a.comment_count <> coalesce(c.n, 0)`,
  "posts.like_count = likes": `
    select count(*) from posts p left join (
      select post_id, count(*) as n from post_likes group by 1
    ) l on l.post_id = p.id where p.like_count <> coalesce(l.n, 0)`,
  "posts.comment_count = comments not deleted": `
    select count(*) from posts p left join (
      select target_id as post_id, count(*) as n from comments
      where target_kind = 'post' and deleted_at is null group by 1
    ) c on c.post_id = p.id where p.comment_count <> coalesce(c.n, 0)`,
  "users.reputation = 1 + ledger": `
    select count(*) from users u left join (
      select user_id, sum(delta) as s from reputation_events group by 1
    ) r on r.user_id = u.id where u.reputation <> 1 + coalesce(r.s, 0)`,
  "votes point at existing posts": `
    select count(*) from votes v where (v.target_kind = 'question' and not exists
      (select 1 from questions q where q.id = v.target_id)) or (v.target_kind = 'answer' and not exists
      (select 1 from answers a where a.id = v.target_id)) or v.target_kind = 'post'`,
  "comments point at existing posts": `
    select count(*) from comments c where (c.target_kind = 'question' and not exists
      (select 1 from questions q where q.id = c.target_id)) or (c.target_kind = 'answer' and not exists
      (select 1 from answers a where a.id = c.target_id)) or (c.target_kind = 'post' and not exists
      (select 1 from posts p where p.id = c.target_id))`,
  "accepted answers belong to their question": `
    select count(*) from questions q where q.accepted_answer_id is not null and not exists
      (select 1 from answers a where a.id = q.accepted_answer_id and a.question_id = q.id)`,
  "post comment replies have a parent in the same post": `
    select count(*) from comments c where c.parent_id is not null and not exists
      (select 1 from comments p where p.id = c.parent_id and p.target_kind = 'post'
        and p.target_id = c.target_id)`,
  "revisions point at existing posts": `
    select count(*) from revisions r where (r.target_kind = 'question' and not exists
      (select 1 from questions q where q.id = r.target_id)) or (r.target_kind = 'answer' and not exists
      (select 1 from answers a where a.id = r.target_id))`,
  "every question and answer has a revision": `
    select (select count(*) from questions q where not exists (select 1 from revisions r
        where r.target_kind = 'question' and r.target_id = q.id))
      + (select count(*) from answers a where not exists (select 1 from revisions r
        where r.target_kind = 'answer' and r.target_id = a.id))`,
};

/** The names of the broken rules, each with how many rows break it (empty when all hold). */
export async function integrityProblems(db: Database): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, query] of Object.entries(INTEGRITY_CHECKS)) {
    const result = await db.execute<{ n: number | string }>(sql.raw(`select (${query}) as n`));
    const broken = Number(result.rows[0]?.n ?? 0);
    if (broken > 0) problems.push(`${name}: ${broken} linha(s)`);
  }
  return problems;
}
