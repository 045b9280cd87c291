// A member's reputation as their profile tells it: the ledger (reputation.server.ts) by day, each change with
// what caused it and the question it was on, and the tags where their answers scored most.
import { sql } from "drizzle-orm";
import { getDb } from "#app/lib/db.server.ts";

/** Days per page of the "Reputação" tab. */
export const REPUTATION_DAYS_PER_PAGE = 10;

/** What each kind of ledger event says on the profile. */
const REASON_LABELS: Record<string, string> = {
  upvote: "voto positivo",
  downvote: "voto negativo",
  upvote_undone: "voto positivo desfeito",
  downvote_undone: "voto negativo desfeito",
  upvote_reversed: "votos em série revertidos",
  downvote_cast: "votou contra uma resposta",
  downvote_cast_undone: "desfez um voto contra",
  accepted: "resposta aceita",
  accepted_undone: "aceitação desfeita",
  bounty_offered: "ofereceu um bounty",
  bounty_awarded: "recebeu um bounty",
};

type ReputationChange = {
  delta: number;
  label: string;
  /** The question the change was on (the answer's question for an answer), when it still exists. */
  question: { id: number; title: string; answerId: number | null } | null;
};

export type ReputationDay = { day: string; total: number; changes: ReputationChange[] };

/** The member's reputation changes, newest day first, `REPUTATION_DAYS_PER_PAGE` days a page. */
export async function reputationByDay(
  userId: number,
  page: number,
): Promise<{ days: ReputationDay[]; totalDays: number }> {
  const db = await getDb();
  const offset = (Math.max(1, page) - 1) * REPUTATION_DAYS_PER_PAGE;
  // Days as Brazil sees them (the dates on every page are in São Paulo's time).
  const day = sql`(e."created_at" at time zone 'America/Sao_Paulo')::date`;
  const result = await db.execute<{
    day: string;
    day_total: number;
    total_days: number;
    delta: number;
    reason: string;
    target_kind: string | null;
    target_id: number | null;
    question_id: number | null;
    title: string | null;
  }>(sql`
    with days as (
      select ${day} as day, sum(e."delta")::int as day_total, count(*) over ()::int as total_days
      from "reputation_events" e where e."user_id" = ${userId}
      group by 1 order by 1 desc limit ${REPUTATION_DAYS_PER_PAGE} offset ${offset}
    )
    select days.day::text as day, days.day_total, days.total_days, e."delta", e."reason", e."target_kind",
           e."target_id", q."id" as question_id, q."title"
    from "reputation_events" e
    join days on days.day = ${day}
    left join "answers" a on e."target_kind" = 'answer' and a."id" = e."target_id"
    left join "questions" q
      on q."id" = case when e."target_kind" = 'answer' then a."question_id" else e."target_id" end
     and e."target_kind" in ('question', 'answer') and q."deleted_at" is null
    where e."user_id" = ${userId}
    order by days.day desc, e."created_at" desc, e."id" desc`);
  const days: ReputationDay[] = [];
  for (const row of result.rows) {
    let current = days.at(-1);
    if (current?.day !== row.day) {
      current = { day: row.day, total: Number(row.day_total), changes: [] };
      days.push(current);
    }
    current.changes.push({
      delta: Number(row.delta),
      label: REASON_LABELS[row.reason] ?? row.reason,
      question:
        row.question_id !== null && row.title !== null
          ? {
              id: Number(row.question_id),
              title: row.title,
              answerId: row.target_kind === "answer" ? Number(row.target_id) : null,
            }
          : null,
    });
  }
  return { days, totalDays: Number(result.rows[0]?.total_days ?? 0) };
}

export type TopTag = { name: string; slug: string; score: number; answers: number };

/** The tags where the member's live answers scored most (Stack Overflow's "top tags"), best first. */
export async function topTagsOf(userId: number, limit = 6): Promise<TopTag[]> {
  const db = await getDb();
  const result = await db.execute<{ name: string; slug: string; score: number; answers: number }>(sql`
    select t."name", t."slug", sum(a."score")::int as score, count(*)::int as answers
    from "answers" a
    join "questions" q on q."id" = a."question_id" and q."deleted_at" is null
    join "question_tags" qt on qt."question_id" = q."id"
    join "tags" t on t."id" = qt."tag_id"
    where a."author_id" = ${userId} and a."deleted_at" is null
    group by t."id", t."name", t."slug"
    order by score desc, answers desc, t."name"
    limit ${limit}`);
  return result.rows.map((row) => ({ ...row, score: Number(row.score), answers: Number(row.answers) }));
}
