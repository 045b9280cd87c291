// Writing, editing, deleting and reading one blog post. Tags are resolved by the tags feature (its public
// `resolveTags`/`normaliseTagNames`) inside the post's transaction, and tags.post_count moves with them.
import { maskSecrets } from "#app/lib/secrets.ts";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { href } from "react-router";
import { favorites, follows, postDrafts, postLikes, posts, postTags, tags, users } from "#db/schema.ts";
import { TAGS_MAX } from "#app/features/tags/rules.ts";
import {
  normaliseTagNames,
  refuseNewTagsWithoutPrivilege,
  resolveTags,
  type TagSummary,
} from "#app/features/tags/tags.server.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import {
  forgetNotificationsAbout,
  linkMentionedMembers,
  notifyMentions,
  watchThread,
} from "#app/features/notifications/notify.server.ts";
import { requireMember } from "#app/lib/permissions.ts";
import { safeImageSrc } from "#app/lib/sanitize-rules.ts";
import {
  prepareSubmittedRichText,
  richTextLength,
  richTextToPlainText,
  sanitizeRichText,
} from "#app/lib/sanitize.server.ts";
import { slugify } from "#app/lib/slug.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { canManage } from "./access.ts";
import { BODY_MIN, DESCRIPTION_MAX, MESSAGES, TITLE_MAX, isCategory, type PostCategory } from "./schemas.ts";
// How much a member may write in an hour (the accounts feature's public rule).
import { assertContentRate } from "#app/lib/content-rate-limits.server.ts";
// Spam defences: links of new members, blocked words, the review of a member's first post.
import {
  assertLinkLimit,
  findBlockedWord,
  recordFirstPost,
  refuseBlockedEdit,
  recordHeld,
} from "#app/features/moderation/spam-defences.server.ts";
import { logModeration } from "#app/features/moderation/moderation-log.server.ts";

const WORDS_PER_MINUTE = 200;
const SLUG_MAX = 80;

/** What the writer and the edit page send, as parsed by `postSchema` (tags still as the form sent them). */
export type PostInput = {
  title: string;
  description?: string;
  category: PostCategory | string;
  tags?: string[] | FormDataEntryValue[];
  /** The editor's HTML, or plain text when `bodyFormat` is not "html" (the form before JavaScript). */
  body: string;
  bodyFormat?: string | null;
  coverUrl?: string | null;
  /** Also add the post to the author's favourites (the writer's favourite button). */
  favorite?: boolean;
};

/** Reading time at ~200 words a minute, at least one minute. */
export function readingMinutesFor(html: string): number {
  const text = richTextToPlainText(html);
  const words = text ? text.split(/\s+/).length : 0;
  return Math.max(1, Math.min(32_000, Math.round(words / WORDS_PER_MINUTE)));
}

type CleanPost = {
  title: string;
  description: string;
  category: PostCategory;
  tagNames: string[];
  body: string;
  coverUrl: string | null;
  readingMinutes: number;
};

/** The server's own checks of a submitted post (the schema ran already, but never trust the browser). */
function cleanInput(input: PostInput, currentCover: string | null = null): CleanPost {
  // Plain text: a secret pasted into the title or the description is masked like one in the body.
  const title = maskSecrets(input.title.trim().replace(/\s+/g, " "));
  if (!title) throw new AppError("validation", MESSAGES.titleRequired, { field: "title" });
  if (Array.from(title).length > TITLE_MAX) {
    throw new AppError("validation", MESSAGES.titleTooLong, { field: "title" });
  }
  const description = maskSecrets((input.description ?? "").trim().replace(/\s+/g, " "));
  if (Array.from(description).length > DESCRIPTION_MAX) {
    throw new AppError("validation", MESSAGES.descriptionTooLong, { field: "description" });
  }
  if (!isCategory(input.category)) throw new AppError("validation", MESSAGES.category, { field: "category" });
  const tagNames = normaliseTagNames(input.tags ?? [], { max: TAGS_MAX });
  const body = prepareSubmittedRichText(input.body, input.bodyFormat, { field: "body" });
  if (richTextLength(body) < BODY_MIN)
    throw new AppError("validation", MESSAGES.bodyTooShort, { field: "body" });
  const rawCover = (input.coverUrl ?? "").trim();
  let coverUrl: string | null = null;
  if (rawCover) {
    // The cover already on the post (e.g. a demo illustration) stays; anything new must be a safe image.
    coverUrl = rawCover === currentCover ? currentCover : safeImageSrc(rawCover);
    if (!coverUrl) throw new AppError("validation", MESSAGES.cover, { field: "coverUrl" });
  }
  return {
    title,
    description,
    category: input.category,
    tagNames,
    body,
    coverUrl,
    readingMinutes: readingMinutesFor(body),
  };
}

function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 7).padEnd(5, "0");
}

/** Links `tagIds` to the post in order and counts the post on each tag (unless it is held for review). */
async function attachTags(tx: Executor, postId: number, tagIds: number[], { count = true } = {}) {
  if (tagIds.length === 0) return;
  await tx.insert(postTags).values(tagIds.map((tagId, position) => ({ postId, tagId, position })));
  if (!count) return;
  await tx
    .update(tags)
    .set({ postCount: sql`${tags.postCount} + 1` })
    .where(inArray(tags.id, tagIds));
}

async function detachTags(tx: Executor, postId: number, tagIds: number[]) {
  if (tagIds.length === 0) return;
  await tx.delete(postTags).where(and(eq(postTags.postId, postId), inArray(postTags.tagId, tagIds)));
  await tx
    .update(tags)
    .set({ postCount: sql`greatest(${tags.postCount} - 1, 0)` })
    .where(inArray(tags.id, tagIds));
}

/**
 * Publishes a post for the viewer. The slug comes from the title, with a short suffix when it is taken. A post
 * that trips a blocked word is saved hidden (`held`: deleted_at set, not counted on its tags) for review.
 */
export async function createPost(
  viewer: Viewer | null,
  input: PostInput,
  /** Publishing a draft made from an answer (ADR 043): the draft goes, the post keeps the link back. */
  options: { draftId?: number } = {},
): Promise<{ id: number; slug: string; held: boolean }> {
  const author = requireMember(viewer, "Entre na sua conta para publicar no blog.");
  const clean = cleanInput(input);
  assertLinkLimit(author, { html: clean.body }, "body");
  await assertContentRate(author, "post");
  const blockedWord = await findBlockedWord({
    text: [clean.title, clean.description, ...clean.tagNames],
    html: [clean.body],
  });
  const base = slugify(clean.title, { maxLength: SLUG_MAX }) || "post";
  const db = await getDb();
  return db.transaction(async (tx) => {
    let fromAnswerId: number | null = null;
    if (options.draftId !== undefined) {
      const [draft] = await tx
        .select({ authorId: postDrafts.authorId, answerId: postDrafts.answerId })
        .from(postDrafts)
        .where(eq(postDrafts.id, options.draftId))
        .for("update");
      if (!draft) throw new AppError("conflict", "Este rascunho já virou post.");
      if (draft.authorId !== author.id) {
        throw new AppError("forbidden", "Só quem escreveu a resposta pode publicar este post.");
      }
      await tx.delete(postDrafts).where(eq(postDrafts.id, options.draftId));
      fromAnswerId = draft.answerId;
    }
    // @mentions of members become links to their profiles, and they are told once it is published.
    const { mentioned, linked } = await linkMentionedMembers(tx, [clean.body]);
    clean.body = linked[0]!;
    let created: { id: number; slug: string } | undefined;
    for (let attempt = 0; attempt < 8 && !created; attempt += 1) {
      const slug = attempt === 0 ? base : `${base.slice(0, SLUG_MAX - 6)}-${randomSuffix()}`;
      [created] = await tx
        .insert(posts)
        .values({
          slug,
          authorId: author.id,
          title: clean.title,
          description: clean.description,
          body: clean.body,
          category: clean.category,
          coverUrl: clean.coverUrl,
          readingMinutes: clean.readingMinutes,
          favoriteCount: input.favorite ? 1 : 0,
          fromAnswerId,
          ...(blockedWord === null ? {} : { deletedAt: new Date() }),
        })
        .onConflictDoNothing({ target: posts.slug })
        .returning({ id: posts.id, slug: posts.slug });
    }
    if (!created) throw new AppError("conflict", "Não foi possível publicar agora. Tente de novo.");
    // The author watches their post from the start ("Acompanhar", on by default).
    await watchThread(tx, author.id, { kind: "post", id: created.id });
    await refuseNewTagsWithoutPrivilege(tx, author, clean.tagNames);
    await attachTags(tx, created.id, await resolveTags(tx, clean.tagNames, author), {
      count: blockedWord === null,
    });
    if (input.favorite) {
      await tx.insert(favorites).values({ userId: author.id, targetKind: "post", targetId: created.id });
    }
    if (blockedWord !== null) {
      await recordHeld(tx, { kind: "post", id: created.id, authorId: author.id, word: blockedWord });
      return { ...created, held: true };
    }
    await notifyMentions(tx, mentioned, {
      actorId: author.id,
      title: `${author.name} mencionou você no post "${clean.title}"`,
      url: href("/blog/:slug", { slug: created.slug }),
      item: `post:${created.id}`,
    });
    await recordFirstPost(tx, author, { kind: "post", id: created.id });
    return { ...created, held: false };
  });
}

async function loadManagedPost(tx: Executor, viewer: Viewer | null, postId: number) {
  const member = requireMember(viewer, "Entre na sua conta para mudar este post.");
  const [post] = await tx
    .select({ id: posts.id, slug: posts.slug, authorId: posts.authorId, coverUrl: posts.coverUrl })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .for("update");
  if (!post) throw new AppError("not_found", "Post não encontrado.");
  if (!canManage(member, post.authorId)) {
    throw new AppError("forbidden", "Só quem escreveu o post (ou a moderação) pode mudá-lo.");
  }
  return { ...post, editor: member };
}

/** Saves an edit by the author or a moderator. The slug (the post's address) does not change. */
export async function updatePost(
  viewer: Viewer | null,
  postId: number,
  input: PostInput,
): Promise<{ id: number; slug: string }> {
  if (viewer) await assertContentRate(viewer, "edit", "body");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const post = await loadManagedPost(tx, viewer, postId);
    const clean = cleanInput(input, post.coverUrl);
    if (viewer) assertLinkLimit(viewer, { html: clean.body }, "body");
    await refuseBlockedEdit(
      { text: [clean.title, clean.description, ...clean.tagNames], html: [clean.body] },
      "body",
      tx,
    );
    await tx
      .update(posts)
      .set({
        title: clean.title,
        description: clean.description,
        body: clean.body,
        category: clean.category,
        coverUrl: clean.coverUrl,
        readingMinutes: clean.readingMinutes,
        updatedAt: new Date(),
      })
      .where(eq(posts.id, post.id));
    await refuseNewTagsWithoutPrivilege(tx, post.editor, clean.tagNames);
    const wanted = await resolveTags(tx, clean.tagNames, post.editor);
    const current = (
      await tx.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, post.id))
    ).map((r) => r.tagId);
    await detachTags(
      tx,
      post.id,
      current.filter((id) => !wanted.includes(id)),
    );
    await attachTags(
      tx,
      post.id,
      wanted.filter((id) => !current.includes(id)),
    );
    // Keep the order the author chose.
    for (const [position, tagId] of wanted.entries()) {
      await tx
        .update(postTags)
        .set({ position })
        .where(and(eq(postTags.postId, post.id), eq(postTags.tagId, tagId)));
    }
    return { id: post.id, slug: post.slug };
  });
}

/** Removes a post (author or moderator). It leaves every list and its tags stop counting it. */
export async function deletePost(viewer: Viewer | null, postId: number): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const post = await loadManagedPost(tx, viewer, postId);
    await tx.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.id));
    // Its likes, comments and mentions no longer lead anywhere.
    await forgetNotificationsAbout(tx, href("/blog/:slug", { slug: post.slug }), { andFragments: true });
    if (viewer && viewer.id !== post.authorId) {
      await logModeration(tx, {
        actorId: viewer.id,
        action: "delete",
        target: { kind: "post", id: post.id },
        subjectId: post.authorId,
      });
    }
    const tagIds = (
      await tx.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, post.id))
    ).map((r) => r.tagId);
    if (tagIds.length > 0) {
      await tx
        .update(tags)
        .set({ postCount: sql`greatest(${tags.postCount} - 1, 0)` })
        .where(inArray(tags.id, tagIds));
    }
  });
}

// ------------------------------------------------------------------------------------------------ reading

export type PostAuthor = {
  id: number;
  handle: string;
  name: string;
  roleLine: string;
  avatarUrl: string | null;
  bio: string;
};

export type PostPage = {
  id: number;
  slug: string;
  title: string;
  description: string;
  /** Sanitised again on the way out. */
  body: string;
  category: PostCategory;
  coverUrl: string | null;
  createdAt: Date;
  updatedAt: Date | null;
  likeCount: number;
  commentCount: number;
  favoriteCount: number;
  readingMinutes: number;
  /** The answer this post was made from (ADR 043), null otherwise. */
  fromAnswerId: number | null;
  author: PostAuthor;
  tags: TagSummary[];
  viewer: { liked: boolean; favorited: boolean; followingAuthor: boolean; canManage: boolean };
};

/** Tags of several posts at once, in each post's order. */
export async function tagsOfPosts(postIds: number[]): Promise<Map<number, TagSummary[]>> {
  const result = new Map<number, TagSummary[]>();
  if (postIds.length === 0) return result;
  const db = await getDb();
  const rows = await db
    .select({ postId: postTags.postId, name: tags.name, slug: tags.slug })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, postIds))
    .orderBy(asc(postTags.postId), asc(postTags.position), asc(tags.name));
  for (const row of rows) {
    const list = result.get(row.postId) ?? [];
    list.push({ name: row.name, slug: row.slug });
    result.set(row.postId, list);
  }
  return result;
}

/** A published post by its address, with what the viewer did to it. Null when missing or deleted. */
export async function getPostPage(viewer: Viewer | null, slug: string): Promise<PostPage | null> {
  const db = await getDb();
  const viewerId = viewer?.id ?? 0;
  const [row] = await db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      description: posts.description,
      body: posts.body,
      category: posts.category,
      coverUrl: posts.coverUrl,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      likeCount: posts.likeCount,
      commentCount: posts.commentCount,
      favoriteCount: posts.favoriteCount,
      readingMinutes: posts.readingMinutes,
      fromAnswerId: posts.fromAnswerId,
      author: {
        id: users.id,
        handle: users.handle,
        name: users.name,
        roleLine: users.roleLine,
        avatarUrl: users.avatarUrl,
        bio: users.bio,
      },
      liked: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.userId} = ${viewerId} and ${postLikes.postId} = ${posts.id})`,
      favorited: sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${viewerId} and ${favorites.targetKind} = 'post' and ${favorites.targetId} = ${posts.id})`,
      followingAuthor: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${posts.authorId})`,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(posts.slug, slug), isNull(posts.deletedAt)))
    .limit(1);
  if (!row) return null;
  const { liked, favorited, followingAuthor, ...post } = row;
  const tagMap = await tagsOfPosts([post.id]);
  return {
    ...post,
    body: sanitizeRichText(post.body),
    tags: tagMap.get(post.id) ?? [],
    viewer: {
      liked: Boolean(liked),
      favorited: Boolean(favorited),
      followingAuthor: Boolean(followingAuthor),
      canManage: canManage(viewer, post.author.id),
    },
  };
}

export type EditablePost = {
  id: number;
  slug: string;
  title: string;
  description: string;
  body: string;
  category: PostCategory;
  coverUrl: string | null;
  tags: string[];
};

/** The post as the edit form needs it; only its author and the moderators may open it. */
export async function getPostForEdit(viewer: Viewer | null, slug: string): Promise<EditablePost> {
  const member = requireMember(viewer, "Entre na sua conta para editar este post.");
  const db = await getDb();
  const [post] = await db
    .select({
      id: posts.id,
      slug: posts.slug,
      authorId: posts.authorId,
      title: posts.title,
      description: posts.description,
      body: posts.body,
      category: posts.category,
      coverUrl: posts.coverUrl,
    })
    .from(posts)
    .where(and(eq(posts.slug, slug), isNull(posts.deletedAt)))
    .limit(1);
  if (!post) throw new AppError("not_found", "Post não encontrado.");
  if (!canManage(member, post.authorId)) {
    throw new AppError("forbidden", "Só quem escreveu o post (ou a moderação) pode editá-lo.");
  }
  const { authorId: _authorId, ...rest } = post;
  const tagMap = await tagsOfPosts([post.id]);
  return { ...rest, body: sanitizeRichText(post.body), tags: (tagMap.get(post.id) ?? []).map((t) => t.name) };
}

/** Published posts for the sitemap, newest first. */
export async function listPostsForSitemap(limit = 5000): Promise<{ slug: string; lastModified: Date }[]> {
  const db = await getDb();
  const rows = await db
    .select({ slug: posts.slug, createdAt: posts.createdAt, updatedAt: posts.updatedAt })
    .from(posts)
    .where(isNull(posts.deletedAt))
    .orderBy(sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(Math.max(1, Math.min(limit, 50_000)));
  return rows.map((r) => ({ slug: r.slug, lastModified: r.updatedAt ?? r.createdAt }));
}

/** The id of the published post at `slug`, or null. */
export async function findPostId(slug: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.slug, slug), isNull(posts.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}
