// One stack for every comment on the site, under questions, answers and posts (one table, `comments`): the
// checks before a comment is written (the privilege, links of new members, the hourly limit, blocked words), the
// write (held back for review when it trips a blocked word, otherwise counted on what it comments on), what
// every comment tells (the members it mentions, those who follow the thread) and its removal by its author or a
// moderator. The questions and the posts features keep what differs: the questions' one paragraph of 15–600
// characters, the posts' replies, and who else is told in what words.
import { and, eq, isNull, sql } from "drizzle-orm";
import { answers, comments, posts, questions } from "#db/schema.ts";
import { requirePrivilege } from "#app/features/moderation/rules.ts";
import { logModeration } from "#app/features/moderation/moderation-log.server.ts";
import {
  assertLinkLimit,
  findBlockedWord,
  recordHeld,
} from "#app/features/moderation/spam-defences.server.ts";
import {
  mentionedMembers,
  notifyMentions,
  notifyThreadWatchers,
} from "#app/features/notifications/notify.server.ts";
import { assertContentRate } from "#app/lib/content-rate-limits.server.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { requireAuthorOrModerator, requireMember } from "#app/lib/permissions.ts";
import type { Viewer } from "#app/lib/viewer.ts";

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
      body: input.body,
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
    const [current] = await tx
      .select({
        authorId: comments.authorId,
        targetKind: comments.targetKind,
        targetId: comments.targetId,
        deletedAt: comments.deletedAt,
      })
      .from(comments)
      .where(eq(comments.id, commentId));
    if (!current || current.deletedAt || !kinds.includes(current.targetKind)) {
      throw new AppError("not_found", notFound);
    }
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
  });
}
