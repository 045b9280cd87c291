// The answers of a question, in the order the page asks for with the accepted one first, and a member's
// answers for their profile.
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { answers, questions, revisions, users } from "#db/schema.ts";
import { getDb, preparedQuery } from "#app/lib/db.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import type { AnswerOrder } from "./answer-orders.ts";
import { byNewestVersion, type OutdatedSince, type TaggedVersion } from "./versions.ts";
import { authorColumns, type AuthorSummary } from "./question-rows.server.ts";
import { canSeeDeleted } from "#app/lib/permissions.ts";

export type AnswerView = {
  id: number;
  questionId: number;
  body: string;
  score: number;
  commentCount: number;
  createdAt: Date;
  updatedAt: Date | null;
  deletedAt: Date | null;
  accepted: boolean;
  author: AuthorSummary;
  edited: boolean;
  /** "Testada em": tag + version pairs, by tag. */
  versions: TaggedVersion[];
  /** "Pode estar desatualizada desde": the rule in versions.ts over the members' marks. */
  outdatedSince: OutdatedSince | null;
};

/** The orders read in SQL ("newest-version" is the votes order, sorted again by versions.ts). */
type SqlOrder = Exclude<AnswerOrder, "newest-version">;

function orderBy(order: SqlOrder): SQL[] {
  switch (order) {
    case "newest":
      return [desc(answers.createdAt), desc(answers.id)];
    case "oldest":
      return [asc(answers.createdAt), asc(answers.id)];
    case "votes":
      return [desc(answers.score), asc(answers.createdAt), asc(answers.id)];
  }
}

/** The answers of a question in one order, with or without the deleted ones: one prepared statement each. */
function answersOfQuestionQuery(order: SqlOrder, withDeleted: boolean) {
  return preparedQuery((db) =>
    db
      .select({
        answer: answers,
        author: authorColumns,
        accepted: sql<boolean>`coalesce(${questions.acceptedAnswerId} = ${answers.id}, false)`,
        revisionCount:
          sql<number>`(select count(*) from ${revisions} where ${revisions.targetKind} = 'answer' and ${revisions.targetId} = ${answers.id})`.mapWith(
            Number,
          ),
      })
      .from(answers)
      .innerJoin(users, eq(users.id, answers.authorId))
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(
        and(
          eq(answers.questionId, sql.placeholder("questionId")),
          withDeleted ? undefined : isNull(answers.deletedAt),
        ),
      )
      .orderBy(desc(sql`coalesce(${questions.acceptedAnswerId} = ${answers.id}, false)`), ...orderBy(order))
      .prepare(`answers_of_question_${order}${withDeleted ? "_with_deleted" : ""}`),
  );
}

const answersOfQuestion = new Map<string, ReturnType<typeof answersOfQuestionQuery>>();

/** A question's answers: the accepted one first, then in `order`. Deleted ones only for moderators. */
export async function listAnswers(
  viewer: Viewer | null,
  questionId: number,
  order: AnswerOrder = "votes",
): Promise<AnswerView[]> {
  return readAnswers(questionId, order, canSeeDeleted(viewer));
}

/** A question's answers: the accepted one first, then in `order`; the deleted ones only `withDeleted`. */
export async function readAnswers(
  questionId: number,
  order: AnswerOrder,
  withDeleted: boolean,
): Promise<AnswerView[]> {
  const sqlOrder: SqlOrder = order === "newest-version" ? "votes" : order;
  const key = `${sqlOrder}:${withDeleted}`;
  let query = answersOfQuestion.get(key);
  if (!query) {
    query = answersOfQuestionQuery(sqlOrder, withDeleted);
    answersOfQuestion.set(key, query);
  }
  const rows = await query({ questionId });
  const list: AnswerView[] = rows.map((r) => ({
    id: r.answer.id,
    questionId: r.answer.questionId,
    body: r.answer.body,
    score: r.answer.score,
    commentCount: r.answer.commentCount,
    createdAt: r.answer.createdAt,
    updatedAt: r.answer.updatedAt,
    deletedAt: r.answer.deletedAt,
    accepted: Boolean(r.accepted),
    author: r.author,
    edited: r.revisionCount > 1,
    versions: r.answer.testedVersions,
    outdatedSince: r.answer.outdatedSince ?? null,
  }));
  // Not pinned: an accepted answer marked outdated goes after the ones that still work.
  return order === "newest-version" ? byNewestVersion(list) : list;
}

/** A member's live answers to live questions, newest first, with the question's title (their profile page). */
export async function listAnswersByAuthor(
  authorId: number,
  options: { page?: number; pageSize?: number } = {},
): Promise<{
  items: {
    id: number;
    questionId: number;
    questionTitle: string;
    score: number;
    accepted: boolean;
    createdAt: Date;
  }[];
  total: number;
  page: number;
  totalPages: number;
}> {
  const db = await getDb();
  const pageSize = Math.min(Math.max(options.pageSize ?? 10, 1), 50);
  const page = Math.max(1, options.page ?? 1);
  const where = and(eq(answers.authorId, authorId), isNull(answers.deletedAt), isNull(questions.deletedAt));
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: answers.id,
        questionId: answers.questionId,
        questionTitle: questions.title,
        score: answers.score,
        accepted: sql<boolean>`coalesce(${questions.acceptedAnswerId} = ${answers.id}, false)`,
        createdAt: answers.createdAt,
      })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(where)
      .orderBy(desc(answers.createdAt), desc(answers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    items: rows.map((r) => ({ ...r, accepted: Boolean(r.accepted) })),
    total,
    page,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/**
 * A live answer to a live question as the REST API's vote and accept read it before they set (never toggle) a
 * state, and to name the page they change; null when either is missing or deleted.
 */
export async function answerInfo(answerId: number): Promise<{
  questionId: number;
  questionAuthorId: number;
  acceptedAnswerId: number | null;
  score: number;
} | null> {
  if (!Number.isSafeInteger(answerId) || answerId < 1 || answerId > 2_147_483_647) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      questionId: answers.questionId,
      questionAuthorId: questions.authorId,
      acceptedAnswerId: questions.acceptedAnswerId,
      score: answers.score,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(and(eq(answers.id, answerId), isNull(answers.deletedAt), isNull(questions.deletedAt)));
  return row ?? null;
}
