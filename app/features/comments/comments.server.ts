// One stack for every comment on the site, under questions, answers and posts (one table, `comments`): the
// checks before a comment is written (the privilege, links of new members, the hourly limit, blocked words), the
// write (held back for review when it trips a blocked word, otherwise counted on what it comments on), what
// every comment tells (the members it mentions, those who follow the thread) and its removal by its author or a
// moderator. The questions and the posts features keep what differs: the questions' one paragraph of 15–600
// characters, the posts' replies, and who else is told in what words.
import { maskSecrets } from "#app/lib/secrets.ts";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { answers, commentEdits, comments, commentVotes, posts, questions, users } from "#db/schema.ts";
import { requirePrivilege } from "#app/features/moderation/rules.ts";
import { logModeration } from "#app/features/moderation/moderation-log.server.ts";
import {
  assertLinkLimit,
  findBlockedWord,
  recordHeld,
  refuseBlockedEdit,
} from "#app/features/moderation/spam-defences.server.ts";
import {
  forgetNotificationsAbout,
  mentionedMembers,
  notifyMentions,
  notifyThreadWatchers,
} from "#app/features/notifications/notify.server.ts";
import { assertContentRate } from "#app/lib/content-rate-limits.server.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { isModerator, requireAuthorOrModerator, requireMember } from "#app/lib/permissions.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { href } from "react-router";

/** What a comment is on. */
export type CommentTarget = { kind: "question" | "answer" | "post"; id: number };

/** The table whose row counts a target's live comments. */
function countedOn(kind: CommentTarget["kind"]) {
  return kind === "question" ? questions : kind === "answer" ? answers : posts;
}

/** Moves the count of live comments on `target` (a comment shown, removed, hidden or put back). */
async function moveCommentCount(tx: Executor, target: CommentTarget, delta: 1 | -1): Promise<void> {
  const table = countedOn(target.kind);
  await tx
    .update(table)
    .set({ commentCount: sql`greatest(${table.commentCount} + ${delta}, 0)` })
    .where(eq(table.id, target.id));
}

/** Commenting is a privilege (checked before the body, so a member without it is told that first). */
export function requireCommenter(viewer: Viewer | null, signIn: string): Viewer {
  const member = requireMember(viewer, signIn);
  requirePrivilege(member, "participate", "body");
  return member;
}

/**
 * The checks a valid new comment passes before its transaction: new members' links are limited, and so is how
 * much anyone writes in an hour. Returns the blocked word the body trips, if any.
 */
export async function checkNewComment(member: Viewer, body: string): Promise<string | null> {
  assertLinkLimit(member, { text: body }, "body");
  await assertContentRate(member, "comment", "body");
  return findBlockedWord({ text: [body] });
}

/**
 * Writes a comment inside the caller's transaction. One that trips a blocked word is saved hidden (`held`: not
 * counted, nobody told but its author) and put in the review queue; any other is counted on its target.
 */
export async function insertComment(
  tx: Executor,
  input: {
    target: CommentTarget;
    parentId?: number | null;
    authorId: number;
    body: string;
    blockedWord: string | null;
  },
): Promise<{ id: number; held: boolean }> {
  const held = input.blockedWord !== null;
  const [row] = await tx
    .insert(comments)
    .values({
      targetKind: input.target.kind,
      targetId: input.target.id,
      parentId: input.parentId ?? null,
      authorId: input.authorId,
      // Secrets (keys, tokens, passwords, CPFs) never reach the table, its history or a notification.
      body: maskSecrets(input.body),
      ...(held ? { deletedAt: new Date() } : {}),
    })
    .returning({ id: comments.id });
  if (!row) throw new AppError("conflict", "Não foi possível comentar agora. Tente de novo.");
  if (input.blockedWord !== null) {
    await recordHeld(tx, { kind: "comment", id: row.id, authorId: input.authorId, word: input.blockedWord });
  } else {
    await moveCommentCount(tx, input.target, 1);
  }
  return { id: row.id, held };
}

/**
 * What every published comment tells, beyond its target's author (whom each feature tells in its own words):
 * the members it @mentions, once per comment, and those who follow its thread, except `told`.
 */
export async function tellCommentReaders(
  tx: Executor,
  input: {
    commentId: number;
    body: string;
    actor: Viewer;
    thread: { kind: "question" | "post"; id: number; title: string };
    url: string;
    told: number[];
  },
): Promise<void> {
  const { actor, thread, url } = input;
  await notifyMentions(tx, await mentionedMembers(tx, input.body), {
    actorId: actor.id,
    title: `${actor.name} mencionou você num comentário em "${thread.title}"`,
    url,
    item: `comment:${input.commentId}`,
    told: input.told,
  });
  await notifyThreadWatchers(
    tx,
    { kind: thread.kind, id: thread.id },
    {
      actorId: actor.id,
      title: `${actor.name} comentou em "${thread.title}"`,
      threadTitle: thread.title,
      url,
      told: input.told,
    },
  );
}

/** A live comment on one of `kinds`, as the writes below need it; `not_found` with `notFound` otherwise. */
async function liveComment(
  tx: Executor,
  commentId: number,
  kinds: readonly CommentTarget["kind"][],
  notFound: string,
) {
  const [current] = await tx
    .select({
      authorId: comments.authorId,
      targetKind: comments.targetKind,
      targetId: comments.targetId,
      body: comments.body,
      createdAt: comments.createdAt,
      deletedAt: comments.deletedAt,
    })
    .from(comments)
    .where(eq(comments.id, commentId));
  if (!current || current.deletedAt || !kinds.includes(current.targetKind)) {
    throw new AppError("not_found", notFound);
  }
  return current;
}

/**
 * Removes a live comment on one of `kinds` (softly: flags and the log still name it), by its author or a
 * moderator, who is logged. Its target is locked first, as a new comment locks it, so that of two
 * simultaneous removals only one counts.
 */
export async function removeComment(
  viewer: Viewer | null,
  commentId: number,
  kinds: readonly CommentTarget["kind"][],
  notFound: string,
): Promise<void> {
  const member = requireMember(viewer, "Entre na sua conta para apagar comentários.");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const current = await liveComment(tx, commentId, kinds, notFound);
    requireAuthorOrModerator(member, current.authorId);
    const target = { kind: current.targetKind, id: current.targetId };
    const table = countedOn(target.kind);
    await tx.select({ id: table.id }).from(table).where(eq(table.id, target.id)).for("update");
    const [removed] = await tx
      .update(comments)
      .set({ deletedAt: new Date() })
      .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
      .returning({ id: comments.id });
    if (!removed) throw new AppError("not_found", notFound);
    if (member.id !== current.authorId) {
      await logModeration(tx, {
        actorId: member.id,
        action: "delete",
        target: { kind: "comment", id: commentId },
        subjectId: current.authorId,
      });
    }
    await moveCommentCount(tx, target, -1);
    // Nobody is sent to a comment that is gone (its mentions, its replies' notices).
    await forgetNotificationsAbout(tx, await commentUrl(tx, target, commentId));
  });
}

/** The address of a comment on its page: what notifications about it link to. */
async function commentUrl(executor: Executor, target: CommentTarget, commentId: number): Promise<string> {
  if (target.kind === "post") {
    const [post] = await executor.select({ slug: posts.slug }).from(posts).where(eq(posts.id, target.id));
    return `${href("/blog/:slug", { slug: post?.slug ?? "" })}#comentario-${commentId}`;
  }
  const questionId =
    target.kind === "answer"
      ? (await executor.select({ id: answers.questionId }).from(answers).where(eq(answers.id, target.id)))[0]
          ?.id
      : target.id;
  return `${href("/questions/:id", { id: String(questionId ?? 0) })}#comentario-${commentId}`;
}

// --------------------------------------------------------------------------------------- edits and votes

/** How long after writing a comment its author may still edit it (moderators edit any time). */
const COMMENT_EDIT_MINUTES = 5;

const COMMENT_MESSAGES = {
  notFound: "Comentário não encontrado.",
  editWindow: `Um comentário só pode ser editado nos primeiros ${COMMENT_EDIT_MINUTES} minutos.`,
  unchanged: "O comentário não mudou.",
  ownVote: "Você não pode votar no seu próprio comentário.",
} as const;

/** Whether `viewer` may edit a comment now: its author within the first minutes, a moderator always. */
export function canEditComment(
  viewer: Viewer | null,
  comment: { authorId: number; createdAt: Date },
  now = Date.now(),
): boolean {
  if (!viewer) return false;
  if (isModerator(viewer)) return true;
  return viewer.id === comment.authorId && now - comment.createdAt.getTime() < COMMENT_EDIT_MINUTES * 60_000;
}

/**
 * Whether `viewer` is offered Sinalizar on a comment: anyone but its author. Visitors are sent to sign in;
 * flagging itself refuses an author's own comment (`moderation/flags.server.ts`).
 */
export function mayFlagComment(viewer: Viewer | null, comment: { authorId: number }): boolean {
  return viewer?.id !== comment.authorId;
}

/**
 * Changes what a live comment says (`body` already checked by its feature's rules), keeping the old body for the
 * moderators (comment_edits). Blocked words refuse the edit; members it newly mentions are told; a moderator's
 * edit of someone else's comment is logged. The comment's target row is written too, so the question page's
 * kept version (its rows' xmin, ADR 053) moves.
 */
export async function editComment(
  viewer: Viewer | null,
  commentId: number,
  body: string,
  kinds: readonly CommentTarget["kind"][],
  /** Locks the comment's target in `tx` (as a new comment and a removal do, target first) and names its page. */
  lockThread: (
    tx: Executor,
    target: CommentTarget,
  ) => Promise<{ kind: "question" | "post"; id: number; title: string; url: string }>,
): Promise<void> {
  const member = requireMember(viewer);
  assertLinkLimit(member, { text: body }, "body");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const current = await liveComment(tx, commentId, kinds, COMMENT_MESSAGES.notFound);
    if (!canEditComment(member, current)) {
      throw new AppError("forbidden", COMMENT_MESSAGES.editWindow, { field: "body" });
    }
    if (current.body === body)
      throw new AppError("validation", COMMENT_MESSAGES.unchanged, { field: "body" });
    await refuseBlockedEdit({ text: [body] }, "body", tx);
    const target = { kind: current.targetKind, id: current.targetId };
    const page = await lockThread(tx, target);
    await touchTarget(tx, target);
    const [changed] = await tx
      .update(comments)
      .set({ body: maskSecrets(body), editedAt: new Date() })
      .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)))
      .returning({ id: comments.id });
    if (!changed) throw new AppError("not_found", COMMENT_MESSAGES.notFound);
    await tx.insert(commentEdits).values({ commentId, editorId: member.id, body: current.body });
    if (member.id !== current.authorId) {
      await logModeration(tx, {
        actorId: member.id,
        action: "edit",
        target: { kind: "comment", id: commentId },
        subjectId: current.authorId,
      });
    }
    // Mentions are told once per comment: only those the edit adds hear of it.
    await notifyMentions(tx, await mentionedMembers(tx, body), {
      actorId: member.id,
      title: `${member.name} mencionou você num comentário em "${page.title}"`,
      url: `${page.url}#comentario-${commentId}`,
      item: `comment:${commentId}`,
    });
  });
}

/** Rewrites the row of what a comment is on without changing it: pages kept per row version follow. */
async function touchTarget(tx: Executor, target: CommentTarget): Promise<void> {
  const table = countedOn(target.kind);
  await tx
    .update(table)
    .set({ commentCount: sql`${table.commentCount}` })
    .where(eq(table.id, target.id));
}

/**
 * Up-votes a live comment (`on`) or takes the vote back; a comment's score is its up-votes and gives no
 * reputation. Voting is the up-vote privilege, and nobody votes on their own comment. Returns the new score.
 */
export async function voteOnComment(
  viewer: Viewer | null,
  commentId: number,
  on: boolean,
  kinds: readonly CommentTarget["kind"][],
): Promise<number> {
  const member = requireMember(viewer);
  requirePrivilege(member, "voteUp");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await liveComment(tx, commentId, kinds, COMMENT_MESSAGES.notFound);
    if (current.authorId === member.id) throw new AppError("forbidden", COMMENT_MESSAGES.ownVote);
    // The target first, as every comment write locks it.
    await touchTarget(tx, { kind: current.targetKind, id: current.targetId });
    if (on) {
      await tx.insert(commentVotes).values({ commentId, userId: member.id }).onConflictDoNothing();
    } else {
      await tx
        .delete(commentVotes)
        .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, member.id)));
    }
    const [counted] = await tx
      .update(comments)
      .set({
        score: sql`(select count(*)::int from ${commentVotes} where ${commentVotes.commentId} = ${commentId})`,
      })
      .where(eq(comments.id, commentId))
      .returning({ score: comments.score });
    return counted?.score ?? 0;
  });
}

export type CommentVersion = { body: string; at: Date; editor: { handle: string; name: string } | null };

/**
 * A comment's history for the moderators, newest first: what it says now, then each earlier body with who
 * replaced it and when. Null when there is no such comment.
 */
export async function commentHistory(
  viewer: Viewer | null,
  commentId: number,
): Promise<{ url: string; versions: CommentVersion[] } | null> {
  const member = requireMember(viewer);
  if (!isModerator(member))
    throw new AppError("forbidden", "Só a moderação vê o histórico de um comentário.");
  const db = await getDb();
  const [comment] = await db
    .select({
      body: comments.body,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      targetKind: comments.targetKind,
      targetId: comments.targetId,
    })
    .from(comments)
    .where(eq(comments.id, commentId));
  if (!comment) return null;
  const url = await commentUrl(db, { kind: comment.targetKind, id: comment.targetId }, commentId);
  const edits = await db
    .select({ body: commentEdits.body, at: commentEdits.createdAt, handle: users.handle, name: users.name })
    .from(commentEdits)
    .innerJoin(users, eq(users.id, commentEdits.editorId))
    .where(eq(commentEdits.commentId, commentId))
    .orderBy(asc(commentEdits.id));
  // Each edit row holds the body it replaced: version i was written at edit i-1's time (or at creation).
  const bodies = [...edits.map((e) => e.body), comment.body];
  const versions: CommentVersion[] = bodies.map((body, i) => ({
    body,
    at: i === 0 ? comment.createdAt : edits[i - 1]!.at,
    editor: i === 0 ? null : { handle: edits[i - 1]!.handle, name: edits[i - 1]!.name },
  }));
  return { url, versions: versions.reverse() };
}
