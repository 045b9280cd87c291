// A question or an answer as the target of a vote or a comment: found, checked visible and row-locked in the
// caller's transaction, so everything that counts on it (score, comment_count) is serialised per target.
import { eq } from "drizzle-orm";
import { answers, questions } from "#db/schema.ts";
import type { Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { QUESTION_MESSAGES } from "./messages.ts";

export type TargetKind = "question" | "answer";

export type LockedTarget = {
  kind: TargetKind;
  id: number;
  authorId: number;
  /** The question itself, or the question the answer belongs to. */
  questionId: number;
  /** That question's title (notifications name it). */
  questionTitle: string;
  /** When a moderator locked that question (closing.server.ts): it then takes no votes nor comments. */
  questionLockedAt: Date | null;
};

/** Locks a live (not deleted) question or answer of a live question; `not_found` otherwise. */
export async function lockTarget(tx: Executor, kind: TargetKind, id: number): Promise<LockedTarget> {
  if (kind === "question") {
    const [row] = await tx
      .select({
        authorId: questions.authorId,
        title: questions.title,
        deletedAt: questions.deletedAt,
        lockedAt: questions.lockedAt,
      })
      .from(questions)
      .where(eq(questions.id, id))
      .for("update");
    if (!row || row.deletedAt) throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);
    return {
      kind,
      id,
      authorId: row.authorId,
      questionId: id,
      questionTitle: row.title,
      questionLockedAt: row.lockedAt,
    };
  }
  const [row] = await tx
    .select({
      authorId: answers.authorId,
      questionId: answers.questionId,
      questionTitle: questions.title,
      deletedAt: answers.deletedAt,
      questionDeletedAt: questions.deletedAt,
      questionLockedAt: questions.lockedAt,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(eq(answers.id, id))
    .for("update", { of: answers });
  if (!row || row.deletedAt || row.questionDeletedAt) {
    throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
  }
  return {
    kind,
    id,
    authorId: row.authorId,
    questionId: row.questionId,
    questionTitle: row.questionTitle,
    questionLockedAt: row.questionLockedAt,
  };
}
