// Comments under posts (plain text with a mini-Markdown, rendered when shown), with one level of replies (a reply
// to a reply joins the same thread), on the site's one comment stack (app/features/comments). Their authors and
// the moderators delete them; posts.comment_count counts the comments still shown.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { comments, commentVotes, posts, users } from "#db/schema.ts";
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
import { isModerator } from "#app/lib/permissions.ts";
// The notifications feature's public `notify`, called inside the comment's transaction.
import { notify } from "#app/features/notifications/notify.server.ts";
import { getDb } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { renderComment } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { canManage } from "./access.ts";
import { COMMENT_MAX, MESSAGES } from "./schemas.ts";
import { href } from "react-router";

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
  /** When it was last edited (its author within the first minutes, or a moderator). */
  editedAt: Date | null;
  /** Up-votes. */
  score: number;
  canDelete: boolean;
  /** The viewer may edit it now. */
  canEdit: boolean;
  /** The viewer up-voted it, and may (a member who did not write it). */
  voted: boolean;
  mayVote: boolean;
  /** Sinalizar: anyone but its author (visitors are sent to sign in; the server refuses an author's flag). */
  mayFlag: boolean;
  /** The viewer is a moderator: "editado" links to its earlier versions. */
  seesHistory: boolean;
  /** The viewer blocked its author: shown collapsed. */
  authorBlocked?: boolean;
};

export type CommentThread = PostComment & { replies: PostComment[] };

/** The post's comments as threads, oldest first; removed comments show only when replies hang from them. */
export async function listPostComments(viewer: Viewer | null, postId: number): Promise<CommentThread[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: comments.id,
      parentId: comments.parentId,
      body: comments.body,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      score: comments.score,
      deletedAt: comments.deletedAt,
      voted: viewer
        ? sql<boolean>`exists (select 1 from ${commentVotes} cv where cv.comment_id = ${comments.id} and cv.user_id = ${viewer.id})`
        : sql<boolean>`false`,
      author: {
        id: users.id,
        handle: users.handle,
        name: users.name,
        roleLine: users.roleLine,
        avatarUrl: users.avatarUrl,
      },
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(and(eq(comments.targetKind, "post"), eq(comments.targetId, postId)))
    .orderBy(asc(comments.createdAt), asc(comments.id))
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
      editedAt: removed ? null : row.editedAt,
      score: removed ? 0 : row.score,
      canDelete: !removed && canManage(viewer, row.author.id),
      canEdit: !removed && canEditComment(viewer, { authorId: row.author.id, createdAt: row.createdAt }),
      voted: !removed && Boolean(row.voted),
      mayVote: !removed && Boolean(viewer && viewer.id !== row.author.id),
      mayFlag: !removed && mayFlagComment(viewer, { authorId: row.author.id }),
      seesHistory: isModerator(viewer),
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

/** A post comment's text as stored: line breaks kept, not empty, at most COMMENT_MAX characters. */
function validPostCommentBody(text: string): string {
  const body = text.replace(/\r\n?/g, "\n").trim();
  if (!body) throw new AppError("validation", MESSAGES.commentRequired, { field: "body" });
  if (Array.from(body).length > COMMENT_MAX) {
    throw new AppError("validation", MESSAGES.commentTooLong, { field: "body" });
  }
  return body;
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
  const member = requireCommenter(viewer, "Entre na sua conta para comentar.");
  const body = validPostCommentBody(input.body);
  const blockedWord = await checkNewComment(member, body);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: posts.id, slug: posts.slug, title: posts.title, authorId: posts.authorId })
      .from(posts)
      .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
      .limit(1)
      // Locked as removals lock it: the count moves once per comment.
      .for("update");
    if (!post) throw new AppError("not_found", "Post não encontrado.");
    let parentId: number | null = null;
    let parentAuthorId: number | null = null;
    if (input.parentId) {
      const [parent] = await tx
        .select({ id: comments.id, parentId: comments.parentId, authorId: comments.authorId })
        .from(comments)
        .where(
          and(
            eq(comments.id, input.parentId),
            eq(comments.targetKind, "post"),
            eq(comments.targetId, postId),
            isNull(comments.deletedAt),
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
    const created = await insertComment(tx, {
      target: { kind: "post", id: postId },
      parentId,
      authorId: member.id,
      body,
      blockedWord,
    });
    if (created.held) return created;
    const url = `${href("/blog/:slug", { slug: post.slug })}#comentario-${created.id}`;
    await notify(tx, {
      userId: post.authorId,
      kind: "comment",
      actorId: member.id,
      title: `${member.name} comentou no seu post "${post.title}"`,
      url,
      groupKey: `comment:post:${post.id}`,
      groupedTitle: `{n} novos comentários no seu post "${post.title}"`,
    });
    if (parentAuthorId !== null && parentAuthorId !== post.authorId) {
      await notify(tx, {
        userId: parentAuthorId,
        kind: "comment",
        actorId: member.id,
        title: `${member.name} respondeu ao seu comentário em "${post.title}"`,
        url,
      });
    }
    await tellCommentReaders(tx, {
      commentId: created.id,
      body,
      actor: member,
      thread: { kind: "post", id: post.id, title: post.title },
      url,
      told: [post.authorId, ...(parentAuthorId === null ? [] : [parentAuthorId])],
    });
    return created;
  });
}

/** A post comment's new text (its author within the first minutes, a moderator), under the same rules. */
export async function changePostComment(viewer: Viewer | null, commentId: number, text: string) {
  const body = validPostCommentBody(text);
  await editComment(viewer, commentId, body, ["post"], async (tx, target) => {
    const [post] = await tx
      .select({ slug: posts.slug, title: posts.title })
      .from(posts)
      .where(and(eq(posts.id, target.id), isNull(posts.deletedAt)))
      .for("update");
    if (!post) throw new AppError("not_found", "Post não encontrado.");
    return { kind: "post", id: target.id, title: post.title, url: href("/blog/:slug", { slug: post.slug }) };
  });
}

/** Up-votes a post comment, or takes the vote back. */
export async function votePostComment(
  viewer: Viewer | null,
  commentId: number,
  on: boolean,
): Promise<number> {
  return voteOnComment(viewer, commentId, on, ["post"]);
}

/** Removes a comment on a post (its author or a moderator). */
export async function deletePostComment(viewer: Viewer | null, commentId: number): Promise<void> {
  await removeComment(viewer, commentId, ["post"], "Comentário não encontrado.");
}
