// The index of errors (ADR 041): the signatures of each question and answer, rewritten in the writer's
// transaction, and the questions that carry the same error as a pasted text, best match first.
import { and, eq, sql } from "drizzle-orm";
import { href } from "react-router";
import { answers, errorSignatures, questions } from "#db/schema.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { extractErrorSignatures, plainTextOf, totalWeight, type ErrorSignature } from "./error-signatures.ts";

export type ErrorItem = { kind: "question" | "answer"; itemId: number; questionId: number };

/**
 * The signatures of an item's HTML fields (question: description and details; answer: body). Pure and bounded
 * (a few milliseconds for the largest text): writers work it out before their transaction opens.
 */
export function errorSignaturesOf(html: string[]): ErrorSignature[] {
  return extractErrorSignatures(html.map(plainTextOf).join("\n"));
}

/** Rewrites an item's signatures (errorSignaturesOf its fields), in the writer's transaction. */
export async function indexErrors(tx: Executor, item: ErrorItem, found: ErrorSignature[]): Promise<void> {
  await tx
    .delete(errorSignatures)
    .where(and(eq(errorSignatures.kind, item.kind), eq(errorSignatures.itemId, item.itemId)));
  if (!found.length) return;
  await tx.insert(errorSignatures).values(
    found.map((s) => ({
      kind: item.kind,
      itemId: item.itemId,
      questionId: item.questionId,
      signature: s.signature,
      weight: s.weight,
      line: s.line,
    })),
  );
}

export type ErrorMatch = {
  id: number;
  title: string;
  url: string;
  answerCount: number;
  hasAcceptedAnswer: boolean;
  closed: "closed" | "duplicate" | null;
  /** The sum of the weights of the signatures shared (each counted once per question). */
  match: number;
  /** The line of the question (or of one of its answers) that carries the strongest shared signature. */
  line: string;
  /** The shared signatures, strongest first. */
  signatures: string[];
};

/** Each signature's newest rows are read (an index range): a generic one cannot make a match scan the table. */
const ROWS_PER_SIGNATURE = 400;
/** The most matches any caller gets (a search by error pages through these). */
export const MAX_ERROR_MATCHES = 50;

/**
 * The live questions (not deleted, not hidden, open or closed) whose text or answers carry the signatures,
 * most shared weight first; a match needs a good part of what the text carries (3, or all of it when less).
 */
export async function matchSignatures(
  wanted: ErrorSignature[],
  {
    limit = 5,
    excludeId = null,
    db: given,
  }: {
    limit?: number;
    excludeId?: number | null;
    /** The search's own connection (under its statement timeout), when called from a search. */
    db?: Executor;
  } = {},
): Promise<ErrorMatch[]> {
  if (!wanted.length) return [];
  const threshold = Math.min(3, totalWeight(wanted));
  const values = sql.join(
    wanted.map((s) => sql`(${s.signature}::text, ${s.weight}::real)`),
    sql`, `,
  );
  const db = given ?? (await getDb());
  const result = await db.execute<{
    id: number;
    title: string;
    answer_count: number;
    accepted_answer_id: number | null;
    closed_at: string | null;
    close_reason: string | null;
    match: number;
    line: string;
    signatures: string[];
  }>(sql`
    with wanted(signature, weight) as (values ${values}),
    hits as (
      select w.signature, w.weight, h.question_id, h.kind, h.item_id, h.line
      from wanted w cross join lateral (
        select e.question_id, e.kind, e.item_id, e.line from error_signatures e
        where e.signature = w.signature
        order by e.question_id desc
        limit ${ROWS_PER_SIGNATURE}) h),
    live as (
      select distinct on (h.question_id, h.signature) h.*
      from hits h
      where h.kind = 'question'
         or exists (select 1 from answers a where a.id = h.item_id and a.deleted_at is null)
      order by h.question_id, h.signature, (h.kind = 'question') desc),
    per_question as (
      select question_id, sum(weight) as match,
             (array_agg(line order by weight desc, (kind = 'question') desc))[1] as line,
             array_agg(signature order by weight desc, signature) as signatures
      from live group by question_id)
    select q.id, q.title, q.answer_count, q.accepted_answer_id, q.closed_at, q.close_reason,
           pq.match, pq.line, pq.signatures
    from per_question pq join questions q on q.id = pq.question_id
    where q.deleted_at is null and pq.match >= ${threshold}
      ${excludeId ? sql`and q.id <> ${excludeId}` : sql``}
    order by pq.match desc, (q.accepted_answer_id is not null) desc, q.score desc, q.id desc
    limit ${Math.min(limit, MAX_ERROR_MATCHES)}`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    url: href("/questions/:id", { id: String(r.id) }),
    answerCount: Number(r.answer_count),
    hasAcceptedAnswer: r.accepted_answer_id !== null,
    closed: r.closed_at === null ? null : r.close_reason === "duplicate" ? "duplicate" : "closed",
    match: Number(r.match),
    line: r.line,
    signatures: r.signatures,
  }));
}

/** The questions that carry the errors of a pasted text (the ask form, the API), best first. */
export async function findSameError(
  text: string,
  options: { limit?: number; excludeId?: number | null } = {},
): Promise<{ signatures: ErrorSignature[]; matches: ErrorMatch[] }> {
  const signatures = extractErrorSignatures(text);
  return { signatures, matches: await matchSignatures(signatures, options) };
}

/**
 * Indexes the questions and answers written before the index existed (`npm run errors:backfill`), in batches
 * by id: idempotent (each item's rows are rewritten), resumable from `after`.
 */
export async function backfillErrorSignatures({
  batch = 500,
  after = 0,
  log = () => {},
}: { batch?: number; after?: number; log?: (line: string) => void } = {}): Promise<{
  questions: number;
  answers: number;
}> {
  const db = await getDb();
  const done = { questions: 0, answers: 0 };
  for (let last = after; ;) {
    const rows = await db
      .select({ id: questions.id, description: questions.description, details: questions.details })
      .from(questions)
      .where(sql`${questions.id} > ${last}`)
      .orderBy(questions.id)
      .limit(batch);
    if (!rows.length) break;
    await db.transaction(async (tx) => {
      for (const r of rows) {
        await indexErrors(
          tx,
          { kind: "question", itemId: r.id, questionId: r.id },
          errorSignaturesOf([r.description, r.details]),
        );
      }
    });
    last = rows.at(-1)?.id ?? last;
    done.questions += rows.length;
    log(`perguntas até #${last}`);
  }
  for (let last = 0; ;) {
    const rows = await db
      .select({ id: answers.id, questionId: answers.questionId, body: answers.body })
      .from(answers)
      .where(sql`${answers.id} > ${last}`)
      .orderBy(answers.id)
      .limit(batch);
    if (!rows.length) break;
    await db.transaction(async (tx) => {
      for (const r of rows) {
        await indexErrors(
          tx,
          { kind: "answer", itemId: r.id, questionId: r.questionId },
          errorSignaturesOf([r.body]),
        );
      }
    });
    last = rows.at(-1)?.id ?? last;
    done.answers += rows.length;
    log(`respostas até #${last}`);
  }
  return done;
}
