// Answers: posting (answer_count moves in the same transaction, so simultaneous answers all count), editing
// with revisions, soft deletion and restoring, the asker's accepted answer (+15 to the answerer) and the list
// in the order the page asks for, the accepted one first.
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { answers, questions, revisions, users } from "#db/schema.ts";
import { getDb, preparedQuery, type Executor } from "#app/lib/db.server.ts";
// Notifications are their own feature; answers tell the asker and the accepted answer's author.
import { notify } from "#app/features/notifications/notify.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { prepareRichText, richTextLength } from "#app/lib/sanitize.server.ts";
import { isModerator, type Viewer } from "#app/lib/viewer.ts";
import {
  ACCESS_MESSAGES,
  canModify,
  canSeeDeleted,
  requireAuthorOrModerator,
  requireMember,
  requireModerator,
} from "./access.server.ts";
import { authorColumns, type AuthorSummary } from "./question-rows.server.ts";
import { addReputation, REPUTATION, type ReputationEvent } from "./reputation.server.ts";
import type { AnswerOrder } from "./answer-orders.ts";
import { MESSAGES } from "./schemas.ts";
// How much a member may write in an hour (the accounts feature's public rule).
import { assertContentRate } from "#app/features/accounts/content-rate-limits.server.ts";

export const ANSWER_MESSAGES = {
  acceptOnlyAsker: "Só quem perguntou pode aceitar uma resposta.",
  acceptedNotDeletable: "Uma resposta aceita não pode ser excluída. Peça a quem perguntou para desmarcá-la.",
} as const;

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
};

function orderBy(order: AnswerOrder): SQL[] {
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
function answersOfQuestionQuery(order: AnswerOrder, withDeleted: boolean) {
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
  const withDeleted = canSeeDeleted(viewer);
  const key = `${order}:${withDeleted}`;
  let query = answersOfQuestion.get(key);
  if (!query) {
    query = answersOfQuestionQuery(order, withDeleted);
    answersOfQuestion.set(key, query);
  }
  const rows = await query({ questionId });
  return rows.map((r) => ({
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
  }));
}

function checkBody(html: string): string {
  const body = prepareRichText(html, { field: "body" });
  if (richTextLength(body) === 0) throw new AppError("validation", MESSAGES.answerEmpty, { field: "body" });
  return body;
}

/** Posts an answer to a live question. */
export async function createAnswer(
  viewer: Viewer | null,
  questionId: number,
  html: string,
): Promise<{ id: number }> {
  const member = requireMember(viewer);
  const body = checkBody(html);
  await assertContentRate(member, "answer", "body");
  const db = await getDb();
  return db.transaction(async (tx) => {
    // The counter moves first: the update locks the question's row and says whether it is live.
    const [question] = await tx
      .update(questions)
      .set({ answerCount: sql`${questions.answerCount} + 1`, lastActivityAt: new Date() })
      .where(and(eq(questions.id, questionId), isNull(questions.deletedAt)))
      .returning({ id: questions.id, authorId: questions.authorId, title: questions.title });
    if (!question) throw new AppError("not_found", ACCESS_MESSAGES.questionNotFound);
    const [row] = await tx
      .insert(answers)
      .values({ questionId, authorId: member.id, body })
      .returning({ id: answers.id });
    if (!row) throw new Error("createAnswer: insert returned nothing");
    await tx.insert(revisions).values({ targetKind: "answer", targetId: row.id, editorId: member.id, body });
    await notify(tx, {
      userId: question.authorId,
      kind: "answer",
      actorId: member.id,
      title: `${member.name} respondeu sua pergunta "${question.title}"`,
      groupedTitle: `{n} novas respostas na sua pergunta "${question.title}"`,
      url: `/questions/${questionId}#resposta-${row.id}`,
      groupKey: `answers:question:${questionId}`,
    });
    return { id: row.id };
  });
}

type LockedAnswer = {
  id: number;
  questionId: number;
  authorId: number;
  body: string;
  deletedAt: Date | null;
  questionAuthorId: number;
  questionDeletedAt: Date | null;
  acceptedAnswerId: number | null;
};

/** Locks the question, then the answer (always in that order, as every writer of both does). */
async function lockAnswer(tx: Executor, answerId: number): Promise<LockedAnswer> {
  const [ref] = await tx
    .select({ questionId: answers.questionId })
    .from(answers)
    .where(eq(answers.id, answerId));
  if (!ref) throw new AppError("not_found", ACCESS_MESSAGES.answerNotFound);
  const [question] = await tx
    .select({
      authorId: questions.authorId,
      deletedAt: questions.deletedAt,
      acceptedAnswerId: questions.acceptedAnswerId,
    })
    .from(questions)
    .where(eq(questions.id, ref.questionId))
    .for("update");
  const [answer] = await tx
    .select({ authorId: answers.authorId, body: answers.body, deletedAt: answers.deletedAt })
    .from(answers)
    .where(eq(answers.id, answerId))
    .for("update");
  if (!question || !answer) throw new AppError("not_found", ACCESS_MESSAGES.answerNotFound);
  return {
    id: answerId,
    questionId: ref.questionId,
    authorId: answer.authorId,
    body: answer.body,
    deletedAt: answer.deletedAt,
    questionAuthorId: question.authorId,
    questionDeletedAt: question.deletedAt,
    acceptedAnswerId: question.acceptedAnswerId,
  };
}

/** An answer's current text for its edit form; null when the viewer may not edit it. */
export async function getAnswerForEdit(
  viewer: Viewer | null,
  answerId: number,
): Promise<{ id: number; questionId: number; questionTitle: string; body: string } | null> {
  if (!viewer || !Number.isSafeInteger(answerId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: answers.id,
      questionId: answers.questionId,
      questionTitle: questions.title,
      body: answers.body,
      authorId: answers.authorId,
      deletedAt: answers.deletedAt,
      questionDeletedAt: questions.deletedAt,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(eq(answers.id, answerId));
  if (!row || row.deletedAt || row.questionDeletedAt || !canModify(viewer, row.authorId)) return null;
  return { id: row.id, questionId: row.questionId, questionTitle: row.questionTitle, body: row.body };
}

/** Edits an answer (author or moderator), keeping a revision. */
export async function updateAnswer(
  viewer: Viewer | null,
  answerId: number,
  html: string,
): Promise<{ questionId: number; changed: boolean }> {
  requireMember(viewer);
  const body = checkBody(html);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const answer = await lockAnswer(tx, answerId);
    if (answer.deletedAt || answer.questionDeletedAt) {
      throw new AppError("not_found", ACCESS_MESSAGES.answerNotFound);
    }
    const member = requireAuthorOrModerator(viewer, answer.authorId);
    if (answer.body === body) return { questionId: answer.questionId, changed: false };
    const now = new Date();
    await tx.update(answers).set({ body, updatedAt: now }).where(eq(answers.id, answerId));
    await tx.update(questions).set({ lastActivityAt: now }).where(eq(questions.id, answer.questionId));
    await tx
      .insert(revisions)
      .values({ targetKind: "answer", targetId: answerId, editorId: member.id, body });
    return { questionId: answer.questionId, changed: true };
  });
}

/** The reputation moves of taking an acceptance back (or of giving one). */
function acceptanceEvents(
  answer: { id: number; authorId: number },
  questionAuthorId: number,
  direction: "give" | "take_back",
): ReputationEvent[] {
  // Accepting one's own answer earns nothing (as on Stack Overflow).
  if (answer.authorId === questionAuthorId) return [];
  return [
    {
      userId: answer.authorId,
      delta: direction === "give" ? REPUTATION.accepted : -REPUTATION.accepted,
      reason: direction === "give" ? "accepted" : "accepted_undone",
      targetKind: "answer",
      targetId: answer.id,
    },
  ];
}

/**
 * Soft-deletes an answer: its author (unless it is the accepted one) or a moderator. A moderator deleting the
 * accepted answer also takes the acceptance (and its reputation) back.
 */
export async function deleteAnswer(viewer: Viewer | null, answerId: number): Promise<{ questionId: number }> {
  const member = requireMember(viewer);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const answer = await lockAnswer(tx, answerId);
    if (answer.deletedAt || answer.questionDeletedAt) {
      throw new AppError("not_found", ACCESS_MESSAGES.answerNotFound);
    }
    requireAuthorOrModerator(member, answer.authorId);
    const isAccepted = answer.acceptedAnswerId === answerId;
    if (isAccepted && !isModerator(member)) {
      throw new AppError("forbidden", ANSWER_MESSAGES.acceptedNotDeletable);
    }
    await tx
      .update(answers)
      .set({ deletedAt: new Date(), deletedBy: member.id })
      .where(eq(answers.id, answerId));
    await tx
      .update(questions)
      .set({
        answerCount: sql`greatest(${questions.answerCount} - 1, 0)`,
        ...(isAccepted ? { acceptedAnswerId: null } : {}),
      })
      .where(eq(questions.id, answer.questionId));
    if (isAccepted) {
      await addReputation(
        tx,
        acceptanceEvents({ id: answerId, authorId: answer.authorId }, answer.questionAuthorId, "take_back"),
      );
    }
    return { questionId: answer.questionId };
  });
}

/** Brings a deleted answer back (moderators). */
export async function restoreAnswer(
  viewer: Viewer | null,
  answerId: number,
): Promise<{ questionId: number }> {
  requireModerator(viewer);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const answer = await lockAnswer(tx, answerId);
    if (!answer.deletedAt) throw new AppError("not_found", ACCESS_MESSAGES.answerNotFound);
    await tx
      .update(answers)
      .set({ deletedAt: null, deletedBy: null })
      .where(and(eq(answers.id, answerId), isNotNull(answers.deletedAt)));
    await tx
      .update(questions)
      .set({ answerCount: sql`${questions.answerCount} + 1` })
      .where(eq(questions.id, answer.questionId));
    return { questionId: answer.questionId };
  });
}

/**
 * The asker marks an answer accepted, or unmarks it by accepting it again; accepting another one moves the
 * mark. The answerer gets +15 while their answer is the accepted one.
 */
export async function acceptAnswer(
  viewer: Viewer | null,
  answerId: number,
): Promise<{ questionId: number; accepted: boolean }> {
  const member = requireMember(viewer);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const answer = await lockAnswer(tx, answerId);
    if (answer.deletedAt || answer.questionDeletedAt) {
      throw new AppError("not_found", ACCESS_MESSAGES.answerNotFound);
    }
    if (answer.questionAuthorId !== member.id) {
      throw new AppError("forbidden", ANSWER_MESSAGES.acceptOnlyAsker);
    }
    const events: ReputationEvent[] = [];
    const previousId = answer.acceptedAnswerId;
    if (previousId !== null) {
      const [previous] = await tx
        .select({ id: answers.id, authorId: answers.authorId })
        .from(answers)
        .where(eq(answers.id, previousId));
      if (previous) events.push(...acceptanceEvents(previous, answer.questionAuthorId, "take_back"));
    }
    const accepted = previousId !== answerId;
    if (accepted) {
      events.push(
        ...acceptanceEvents({ id: answerId, authorId: answer.authorId }, answer.questionAuthorId, "give"),
      );
    }
    await tx
      .update(questions)
      .set({ acceptedAnswerId: accepted ? answerId : null })
      .where(eq(questions.id, answer.questionId));
    await addReputation(tx, events);
    if (accepted) {
      await notify(tx, {
        userId: answer.authorId,
        kind: "accepted",
        actorId: member.id,
        title: `${member.name} aceitou sua resposta`,
        url: `/questions/${answer.questionId}#resposta-${answerId}`,
      });
    }
    return { questionId: answer.questionId, accepted };
  });
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
