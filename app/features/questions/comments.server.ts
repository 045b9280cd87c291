// Comments under questions and answers: plain text with a mini-Markdown (rendered to HTML when shown, never
// stored as HTML), 15 to 600 characters. The target's comment_count moves in the same transaction. Authors and
// moderators delete them (softly).
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { comments, users } from "#db/schema.ts";
import { getDb, isAnyOf, preparedQuery } from "#app/lib/db.server.ts";
// The site's one comment stack (checks, write, mentions and watchers, removal); this file adds the questions'
// rules and tells the author of what a comment is on.
import {
  canEditComment,
  mayFlagComment,
  checkNewComment,
  editComment,
  insertComment,
  removeComment,
  requireCommenter,
  tellCommentReaders,
  voteOnComment,
} from "#app/features/comments/comments.server.ts";
import { notify } from "#app/features/notifications/notify.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { renderComment } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { QUESTION_MESSAGES } from "./messages.ts";
import { COMMENT_MAX, COMMENT_MIN, MESSAGES } from "./schemas.ts";
import { refuseIfLocked } from "./closing.server.ts";
import { lockTarget, type TargetKind } from "./targets.server.ts";
import { href } from "react-router";
import { canModify, isModerator, PERMISSION_MESSAGES } from "#app/lib/permissions.ts";

export type CommentView = {
  id: number;
  targetKind: TargetKind;
  targetId: number;
  /** As its author typed it. */
  body: string;
  /** Its mini-Markdown rendered and sanitised (rendered once per version of the page, ADR 031). */
  html: string;
  createdAt: Date;
  /** When it was last edited (its author within the first minutes, or a moderator). */
  editedAt: Date | null;
  /** Up-votes. */
  score: number;
  author: { id: number; handle: string; name: string };
  canDelete: boolean;
  /** The viewer may edit it now (its author in the first minutes, a moderator). */
  canEdit: boolean;
  /** The viewer up-voted it. */
  voted: boolean;
  /** The viewer may up-vote it (a member who did not write it). */
  mayVote: boolean;
  /** Sinalizar: anyone but its author (visitors are sent to sign in; the server refuses an author's flag). */
  mayFlag: boolean;
  /** The viewer is a moderator: "editado" links to its earlier versions. */
  seesHistory: boolean;
  /** The viewer blocked its author: shown collapsed. */
  authorBlocked?: boolean;
};

/** Collapses runs of spaces and blank lines, keeps single line breaks out (a comment is one paragraph). */
function normaliseCommentBody(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A comment's text as stored: one paragraph of COMMENT_MIN to COMMENT_MAX characters. */
function validCommentBody(text: string): string {
  const body = normaliseCommentBody(text);
  const length = Array.from(body).length;
  if (length < COMMENT_MIN || length > COMMENT_MAX) {
    throw new AppError("validation", MESSAGES.commentLength, { field: "body" });
  }
  return body;
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
  const member = requireCommenter(viewer, PERMISSION_MESSAGES.signIn);
  const body = validCommentBody(text);
  const blockedWord = await checkNewComment(member, body);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = await lockTarget(tx, target.kind, target.id);
    refuseIfLocked(member, locked.questionLockedAt);
    const { id, held } = await insertComment(tx, { target, authorId: member.id, body, blockedWord });
    if (held) return { id, questionId: locked.questionId, held };
    const url = `${href("/questions/:id", { id: String(locked.questionId) })}#comentario-${id}`;
    await notify(tx, {
      userId: locked.authorId,
      kind: "comment",
      actorId: member.id,
      title: `${member.name} comentou na sua ${target.kind === "question" ? "pergunta" : "resposta"} em "${locked.questionTitle}"`,
      url,
    });
    await tellCommentReaders(tx, {
      commentId: id,
      body,
      actor: member,
      thread: { kind: "question", id: locked.questionId, title: locked.questionTitle },
      url,
      told: [locked.authorId],
    });
    return { id, questionId: locked.questionId, held: false };
  });
}

/** A comment's new text, under the same rules as a new one (its author within the first minutes, a moderator). */
export async function changeComment(viewer: Viewer | null, commentId: number, text: string): Promise<void> {
  const body = validCommentBody(text);
  await editComment(viewer, commentId, body, ["question", "answer"], async (tx, target) => {
    const locked = await lockTarget(tx, target.kind === "answer" ? "answer" : "question", target.id);
    refuseIfLocked(viewer, locked.questionLockedAt);
    return {
      kind: "question",
      id: locked.questionId,
      title: locked.questionTitle,
      url: href("/questions/:id", { id: String(locked.questionId) }),
    };
  });
}

/** Up-votes a comment on a question or an answer, or takes the vote back. */
export async function voteComment(viewer: Viewer | null, commentId: number, on: boolean): Promise<number> {
  return voteOnComment(viewer, commentId, on, ["question", "answer"]);
}

/** Soft-deletes a comment on a question or an answer (its author or a moderator). */
export async function deleteComment(viewer: Viewer | null, commentId: number): Promise<void> {
  await removeComment(viewer, commentId, ["question", "answer"], QUESTION_MESSAGES.commentNotFound);
}

const commentsOfQuestionPage = preparedQuery((db) =>
  db
    .select({
      id: comments.id,
      targetKind: comments.targetKind,
      targetId: comments.targetId,
      body: comments.body,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      score: comments.score,
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
    canEdit: canEditComment(viewer, { authorId: r.author.id, createdAt: r.createdAt }),
    voted: false,
    mayVote: Boolean(viewer && viewer.id !== r.author.id),
    mayFlag: mayFlagComment(viewer, { authorId: r.author.id }),
    seesHistory: isModerator(viewer),
  }));
}
