// Comments under questions and answers: plain text with a mini-Markdown (rendered to HTML when shown, never
// stored as HTML), 15 to 600 characters. The target's comment_count moves in the same transaction. Authors and
// moderators delete them (softly).
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { answers, comments, questions, users } from "#db/schema.ts";
import { getDb, isAnyOf, preparedQuery } from "#app/lib/db.server.ts";
// Notifications are their own feature; a comment tells the author of what it comments on.
import {
  mentionedMembers,
  notify,
  notifyMentions,
  notifyThreadWatchers,
} from "#app/features/notifications/notify.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { renderComment } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { QUESTION_MESSAGES } from "./messages.ts";
import { COMMENT_MAX, COMMENT_MIN, MESSAGES } from "./schemas.ts";
import { refuseIfLocked } from "./closing.server.ts";
import { lockTarget, type TargetKind } from "./targets.server.ts";
// How much a member may write in an hour (the accounts feature's public rule).
import { assertContentRate } from "#app/lib/content-rate-limits.server.ts";
// Privileges and spam defences: commenting is a privilege, links of new members, blocked words.
import { requirePrivilege } from "#app/features/moderation/rules.ts";
import {
  assertLinkLimit,
  findBlockedWord,
  recordHeld,
} from "#app/features/moderation/spam-defences.server.ts";
import { href } from "react-router";
import { logModeration } from "#app/features/moderation/moderation-log.server.ts";
import { canModify, requireAuthorOrModerator, requireMember } from "#app/lib/permissions.ts";

export type CommentView = {
  id: number;
  targetKind: TargetKind;
  targetId: number;
  /** As its author typed it. */
  body: string;
  /** Its mini-Markdown rendered and sanitised (rendered once per version of the page, ADR 031). */
  html: string;
  createdAt: Date;
  author: { id: number; handle: string; name: string };
  canDelete: boolean;
  /** The viewer blocked its author: shown collapsed. */
  authorBlocked?: boolean;
};

/** Collapses runs of spaces and blank lines, keeps single line breaks out (a comment is one paragraph). */
function normaliseCommentBody(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Comments on a question or an answer. A comment that trips a blocked word is saved hidden (`held`: not
 * counted, nobody told but its author) for review.
 */
export async function addComment(
  viewer: Viewer | null,
  target: { kind: TargetKind; id: number },
  text: string,
): Promise<{ id: number; questionId: number; held: boolean }> {
  const member = requireMember(viewer);
  requirePrivilege(member, "participate", "body");
  const body = normaliseCommentBody(text);
  const length = Array.from(body).length;
  if (length < COMMENT_MIN || length > COMMENT_MAX) {
    throw new AppError("validation", MESSAGES.commentLength, { field: "body" });
  }
  assertLinkLimit(member, { text: body }, "body");
  await assertContentRate(member, "comment", "body");
  const blockedWord = await findBlockedWord({ text: [body] });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = await lockTarget(tx, target.kind, target.id);
    refuseIfLocked(member, locked.questionLockedAt);
    const [row] = await tx
      .insert(comments)
      .values({
        targetKind: target.kind,
        targetId: target.id,
        authorId: member.id,
        body,
        ...(blockedWord === null ? {} : { deletedAt: new Date() }),
      })
      .returning({ id: comments.id });
    if (!row) throw new Error("addComment: insert returned nothing");
    if (blockedWord !== null) {
      await recordHeld(tx, { kind: "comment", id: row.id, authorId: member.id, word: blockedWord });
      return { id: row.id, questionId: locked.questionId, held: true };
    }
    const table = target.kind === "question" ? questions : answers;
    await tx
      .update(table)
      .set({ commentCount: sql`${table.commentCount} + 1` })
      .where(eq(table.id, target.id));
    const url = `${href("/questions/:id", { id: String(locked.questionId) })}#comentario-${row.id}`;
    await notify(tx, {
      userId: locked.authorId,
      kind: "comment",
      actorId: member.id,
      title: `${member.name} comentou na sua ${target.kind === "question" ? "pergunta" : "resposta"} em "${locked.questionTitle}"`,
      url,
    });
    await notifyMentions(tx, await mentionedMembers(tx, body), {
      actorId: member.id,
      title: `${member.name} mencionou você num comentário em "${locked.questionTitle}"`,
      url,
      item: `comment:${row.id}`,
    });
    await notifyThreadWatchers(
      tx,
      { kind: "question", id: locked.questionId },
      {
        actorId: member.id,
        title: `${member.name} comentou em "${locked.questionTitle}"`,
        threadTitle: locked.questionTitle,
        url,
        told: [locked.authorId],
      },
    );
    return { id: row.id, questionId: locked.questionId, held: false };
  });
}

/** Soft-deletes a comment (its author or a moderator). */
export async function deleteComment(viewer: Viewer | null, commentId: number): Promise<void> {
  const member = requireMember(viewer);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        authorId: comments.authorId,
        targetKind: comments.targetKind,
        targetId: comments.targetId,
        deletedAt: comments.deletedAt,
      })
      .from(comments)
      .where(eq(comments.id, commentId));
    if (!current || current.deletedAt || current.targetKind === "post") {
      throw new AppError("not_found", QUESTION_MESSAGES.commentNotFound);
    }
    requireAuthorOrModerator(member, current.authorId);
    // The target first (as addComment), then the comment; only one of two simultaneous deletes counts.
    const table = current.targetKind === "question" ? questions : answers;
    await tx.select({ id: table.id }).from(table).where(eq(table.id, current.targetId)).for("update");
    const [deleted] = await tx
      .update(comments)
      .set({ deletedAt: new Date() })
      .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
      .returning({ id: comments.id });
    if (!deleted) throw new AppError("not_found", QUESTION_MESSAGES.commentNotFound);
    if (member.id !== current.authorId) {
      await logModeration(tx, {
        actorId: member.id,
        action: "delete",
        target: { kind: "comment", id: commentId },
        subjectId: current.authorId,
      });
    }
    await tx
      .update(table)
      .set({ commentCount: sql`greatest(${table.commentCount} - 1, 0)` })
      .where(eq(table.id, current.targetId));
  });
}

const commentsOfQuestionPage = preparedQuery((db) =>
  db
    .select({
      id: comments.id,
      targetKind: comments.targetKind,
      targetId: comments.targetId,
      body: comments.body,
      createdAt: comments.createdAt,
      author: { id: users.id, handle: users.handle, name: users.name },
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(
      and(
        isNull(comments.deletedAt),
        or(
          and(eq(comments.targetKind, "question"), eq(comments.targetId, sql.placeholder("questionId"))),
          and(eq(comments.targetKind, "answer"), isAnyOf(comments.targetId, "answerIds")),
        ),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .prepare("comments_of_question_page"),
);

/** The live comments of a question and of its answers, oldest first, in one query. */
export async function listComments(
  viewer: Viewer | null,
  questionId: number,
  answerIds: number[],
): Promise<CommentView[]> {
  const rows = await commentsOfQuestionPage({ questionId, answerIds });
  return rows.map((r) => ({
    ...r,
    html: renderComment(r.body),
    targetKind: r.targetKind as TargetKind,
    canDelete: canModify(viewer, r.author.id),
  }));
}
