// Comments under posts (plain text with a mini-Markdown, rendered when shown), with one level of replies (a reply to a reply joins the same thread).
// Their authors and the moderators delete them; posts.comment_count counts the comments still shown.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { postComments, posts, users } from "#db/schema.ts";
// The notifications feature's public `notify`, called inside the comment's transaction.
import {
  mentionedMembers,
  notify,
  notifyMentions,
  notifyThreadWatchers,
} from "#app/features/notifications/notify.server.ts";
import { getDb } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { renderComment } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { canManage } from "./access.ts";
import { COMMENT_MAX, MESSAGES } from "./schemas.ts";
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

type CommentAuthor = {
  id: number;
  handle: string;
  name: string;
  roleLine: string;
  avatarUrl: string | null;
};

export type PostComment = {
  id: number;
  parentId: number | null;
  /** Empty for a removed comment kept only because it has replies. */
  body: string;
  /** The body's mini-Markdown rendered and sanitised. */
  html: string;
  createdAt: Date;
  removed: boolean;
  author: CommentAuthor | null;
  canDelete: boolean;
  /** The viewer blocked its author: shown collapsed. */
  authorBlocked?: boolean;
};

export type CommentThread = PostComment & { replies: PostComment[] };

/** The post's comments as threads, oldest first; removed comments show only when replies hang from them. */
export async function listPostComments(viewer: Viewer | null, postId: number): Promise<CommentThread[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: postComments.id,
      parentId: postComments.parentId,
      body: postComments.body,
      createdAt: postComments.createdAt,
      deletedAt: postComments.deletedAt,
      author: {
        id: users.id,
        handle: users.handle,
        name: users.name,
        roleLine: users.roleLine,
        avatarUrl: users.avatarUrl,
      },
    })
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.authorId))
    .where(eq(postComments.postId, postId))
    .orderBy(asc(postComments.createdAt), asc(postComments.id))
    .limit(2000);
  const toComment = (row: (typeof rows)[number]): PostComment => {
    const removed = row.deletedAt !== null;
    return {
      id: row.id,
      parentId: row.parentId,
      body: removed ? "" : row.body,
      html: removed ? "" : renderComment(row.body),
      createdAt: row.createdAt,
      removed,
      author: removed ? null : row.author,
      canDelete: !removed && canManage(viewer, row.author.id),
    };
  };
  const threads = new Map<number, CommentThread>();
  for (const row of rows) if (row.parentId === null) threads.set(row.id, { ...toComment(row), replies: [] });
  for (const row of rows) {
    if (row.parentId === null || row.deletedAt !== null) continue;
    threads.get(row.parentId)?.replies.push(toComment(row));
  }
  return [...threads.values()].filter((t) => !t.removed || t.replies.length > 0);
}

/**
 * Adds a comment (or a reply, with `parentId`) by the viewer. Counts it on the post in the same transaction.
 * A comment that trips a blocked word is saved hidden (`held`: not counted, nobody told but its author).
 */
export async function addPostComment(
  viewer: Viewer | null,
  postId: number,
  input: { body: string; parentId?: number | null },
): Promise<{ id: number; held: boolean }> {
  if (!viewer) throw new AppError("unauthenticated", "Entre na sua conta para comentar.");
  requirePrivilege(viewer, "participate", "body");
  const body = input.body.replace(/\r\n?/g, "\n").trim();
  if (!body) throw new AppError("validation", MESSAGES.commentRequired, { field: "body" });
  if (Array.from(body).length > COMMENT_MAX) {
    throw new AppError("validation", MESSAGES.commentTooLong, { field: "body" });
  }
  assertLinkLimit(viewer, { text: body }, "body");
  await assertContentRate(viewer, "comment", "body");
  const blockedWord = await findBlockedWord({ text: [body] });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: posts.id, slug: posts.slug, title: posts.title, authorId: posts.authorId })
      .from(posts)
      .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
      .limit(1);
    if (!post) throw new AppError("not_found", "Post não encontrado.");
    let parentId: number | null = null;
    let parentAuthorId: number | null = null;
    if (input.parentId) {
      const [parent] = await tx
        .select({ id: postComments.id, parentId: postComments.parentId, authorId: postComments.authorId })
        .from(postComments)
        .where(
          and(
            eq(postComments.id, input.parentId),
            eq(postComments.postId, postId),
            isNull(postComments.deletedAt),
          ),
        )
        .limit(1);
      if (!parent) {
        throw new AppError("not_found", "O comentário que você quer responder foi removido.", {
          field: "body",
        });
      }
      // One level of replies: answering a reply answers its thread.
      parentId = parent.parentId ?? parent.id;
      parentAuthorId = parent.authorId;
    }
    const [created] = await tx
      .insert(postComments)
      .values({
        postId,
        parentId,
        authorId: viewer.id,
        body,
        ...(blockedWord === null ? {} : { deletedAt: new Date() }),
      })
      .returning({ id: postComments.id });
    if (created && blockedWord !== null) {
      await recordHeld(tx, { kind: "post_comment", id: created.id, authorId: viewer.id, word: blockedWord });
      return { id: created.id, held: true };
    }
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, postId));
    if (!created) throw new AppError("conflict", "Não foi possível comentar agora. Tente de novo.");
    const url = `${href("/blog/:slug", { slug: post.slug })}#comentario-${created.id}`;
    await notify(tx, {
      userId: post.authorId,
      kind: "comment",
      actorId: viewer.id,
      title: `${viewer.name} comentou no seu post "${post.title}"`,
      url,
      groupKey: `comment:post:${post.id}`,
      groupedTitle: `{n} novos comentários no seu post "${post.title}"`,
    });
    if (parentAuthorId !== null && parentAuthorId !== post.authorId) {
      await notify(tx, {
        userId: parentAuthorId,
        kind: "comment",
        actorId: viewer.id,
        title: `${viewer.name} respondeu ao seu comentário em "${post.title}"`,
        url,
      });
    }
    await notifyMentions(tx, await mentionedMembers(tx, body), {
      actorId: viewer.id,
      title: `${viewer.name} mencionou você num comentário em "${post.title}"`,
      url,
      item: `post_comment:${created.id}`,
    });
    await notifyThreadWatchers(
      tx,
      { kind: "post", id: post.id },
      {
        actorId: viewer.id,
        title: `${viewer.name} comentou em "${post.title}"`,
        threadTitle: post.title,
        url,
        told: [post.authorId, ...(parentAuthorId === null ? [] : [parentAuthorId])],
      },
    );
    return { id: created.id, held: false };
  });
}

/** Removes a comment (its author or a moderator). Removing twice changes nothing. */
export async function deletePostComment(viewer: Viewer | null, commentId: number): Promise<void> {
  if (!viewer) throw new AppError("unauthenticated", "Entre na sua conta para apagar comentários.");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ id: postComments.id, postId: postComments.postId, authorId: postComments.authorId })
      .from(postComments)
      .where(eq(postComments.id, commentId))
      .limit(1);
    if (!comment) throw new AppError("not_found", "Comentário não encontrado.");
    if (!canManage(viewer, comment.authorId)) {
      throw new AppError("forbidden", "Só quem escreveu o comentário (ou a moderação) pode apagá-lo.");
    }
    const removed = await tx
      .update(postComments)
      .set({ deletedAt: new Date() })
      .where(and(eq(postComments.id, commentId), isNull(postComments.deletedAt)))
      .returning({ id: postComments.id });
    if (removed.length === 0) return;
    if (viewer.id !== comment.authorId) {
      await logModeration(tx, {
        actorId: viewer.id,
        action: "delete",
        target: { kind: "post_comment", id: commentId },
        subjectId: comment.authorId,
      });
    }
    await tx
      .update(posts)
      .set({ commentCount: sql`greatest(${posts.commentCount} - 1, 0)` })
      .where(eq(posts.id, comment.postId));
  });
}
