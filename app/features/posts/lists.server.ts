// The blog's lists: the tabs of 'Todos os Posts', 'Escolhas da Comunidade' and its full ranking, and the RSS
// feeds (the favourites page is favorite-lists.server.ts). Every list pages in SQL and loads its authors in the same query.
// Subqueries use qualified raw names: a one-table select (the counts) would print bare column names.
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { postLikes, posts, tags, users } from "#db/schema.ts";
import type { TagSummary } from "#app/features/tags/tags.server.ts";
import { forgetWhenCurationChanges } from "#app/lib/curation.server.ts";
import { getDb, preparedQuery } from "#app/lib/db.server.ts";
import { sharedListPages } from "#app/lib/short-cache.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { tagsOfPosts } from "./posts.server.ts";
import { PICKS_WINDOW_DAYS, POSTS_PER_PAGE, type BlogTab, type PostCategory } from "./schemas.ts";

export type PostCardData = {
  id: number;
  slug: string;
  title: string;
  description: string;
  category: PostCategory;
  coverUrl: string | null;
  createdAt: Date;
  likeCount: number;
  commentCount: number;
  readingMinutes: number;
  author: { id: number; handle: string; name: string; roleLine: string; avatarUrl: string | null };
  favorited: boolean;
};

export type Paged<T> = { items: T[]; total: number; page: number; totalPages: number };

/** Page numbers as SQL reads them (favorite-lists.server.ts pages the same way). */
export function paging(page: number, perPage: number) {
  const current = Math.max(1, Math.floor(page) || 1);
  return { current, limit: perPage, offset: (current - 1) * perPage };
}

function favoritedBy(viewerId: number | undefined) {
  if (!viewerId) return sql<boolean>`(1 = 0)`;
  return sql<boolean>`exists (select 1 from "favorites" fv where fv."user_id" = ${viewerId} and fv."target_kind" = 'post' and fv."target_id" = "posts"."id")`;
}

function cardColumns(viewerId: number | undefined) {
  return {
    id: posts.id,
    slug: posts.slug,
    title: posts.title,
    description: posts.description,
    category: posts.category,
    coverUrl: posts.coverUrl,
    createdAt: posts.createdAt,
    likeCount: posts.likeCount,
    commentCount: posts.commentCount,
    readingMinutes: posts.readingMinutes,
    author: {
      id: users.id,
      handle: users.handle,
      name: users.name,
      roleLine: users.roleLine,
      avatarUrl: users.avatarUrl,
    },
    favorited: favoritedBy(viewerId),
  };
}

const live = isNull(posts.deletedAt);

/**
 * Newest first, spelled as the index `posts_created_idx` is built (DESC NULLS LAST): PostgreSQL only walks an
 * index for an ORDER BY that matches it exactly, and plain DESC means NULLS FIRST.
 */
const newestFirst = [sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`];

function hasTag(tagId: number): SQL {
  return sql`exists (select 1 from "post_tags" pt where pt."post_id" = "posts"."id" and pt."tag_id" = ${tagId})`;
}

/** Posts whose author the member follows. */
function byFollowedAuthors(viewerId: number): SQL {
  return sql`"posts"."author_id" in (select f."followee_id" from "follows" f where f."follower_id" = ${viewerId})`;
}

/** Ids of the posts by members the viewer follows or carrying a tag the viewer follows. */
function followedPostIds(viewerId: number): SQL {
  return sql`(select p2."id" from "posts" p2 where p2."author_id" in (select f."followee_id" from "follows" f where f."follower_id" = ${viewerId}) union select pt."post_id" from "post_tags" pt inner join "tag_follows" tf on tf."tag_id" = pt."tag_id" where tf."user_id" = ${viewerId})`;
}

export type BlogListResult = Paged<PostCardData> & {
  /** Seguindo asked by a visitor: nothing to show but an invitation to sign in. */
  needsSignIn: boolean;
  /** The tag the list is narrowed to (`?tag=`), when it exists. */
  tag: TagSummary | null;
};

/** Finds a tag by its slug (for `?tag=` and the tag feeds). */
async function findTag(slug: string): Promise<(TagSummary & { id: number }) | null> {
  if (!slug || slug.length > 100) return null;
  const db = await getDb();
  const [tag] = await db
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(tags)
    .where(eq(tags.slug, slug))
    .limit(1);
  return tag ?? null;
}

/**
 * One page of 'Todos os Posts'. Para Você: posts of followed members and followed tags first, then the most
 * recent. Seguindo: followed members only (visitors are invited to sign in). Design, Desenvolvimento, UX and
 * UI: posts of that category. `tagSlug` narrows any tab to one tag.
 */
export async function listBlogPosts(
  viewer: Viewer | null,
  {
    tab,
    page = 1,
    tagSlug,
    perPage = POSTS_PER_PAGE,
  }: { tab: BlogTab; page?: number; tagSlug?: string | null; perPage?: number },
): Promise<BlogListResult> {
  const { current, limit, offset } = paging(page, perPage);
  const empty = { items: [], total: 0, page: current, totalPages: 1, tag: null };
  if (tab === "seguindo" && !viewer) return { ...empty, needsSignIn: true };

  const tag = tagSlug ? await findTag(tagSlug) : null;
  if (tagSlug && !tag) return { ...empty, needsSignIn: false };

  const conditions: SQL[] = [live];
  if (tab === "seguindo" && viewer) conditions.push(byFollowedAuthors(viewer.id));
  if (tab === "design" || tab === "desenvolvimento" || tab === "ux" || tab === "ui") {
    conditions.push(eq(posts.category, tab));
  }
  if (tag) {
    conditions.push(hasTag(tag.id));
  }
  const where = and(...conditions);
  const db = await getDb();
  const pageOf = (extra: SQL | undefined, take: number, skip: number) =>
    take <= 0
      ? Promise.resolve([])
      : db
          .select(cardColumns(viewer?.id))
          .from(posts)
          .innerJoin(users, eq(users.id, posts.authorId))
          .where(and(where, extra))
          .orderBy(...newestFirst)
          .limit(take)
          .offset(skip);
  const countOf = async (extra: SQL | undefined) =>
    (await db.select({ total: count() }).from(posts).where(and(where, extra)))[0]?.total ?? 0;

  let items: Awaited<ReturnType<typeof pageOf>>;
  let total: number;
  if (tab === "para-voce" && viewer) {
    // Two ordered runs glued together: the followed posts (a small set, found through the follows and the
    // tag indexes), then every other post by date (walking the date index). No sort over the whole table.
    const followed = followedPostIds(viewer.id);
    // `= any(array(…))` looks the few followed posts up by id instead of scanning the table.
    const isFollowed = sql`"posts"."id" = any(array${followed})`;
    // Both counts in one statement (one round trip to the database instead of two); the followed ones in a
    // subquery of their own, so they are still looked up by id.
    const [counts] = await db
      .select({
        all: count(),
        priority:
          sql<number>`(${db.select({ n: count() }).from(posts).where(and(where, isFollowed))})`.mapWith(
            Number,
          ),
      })
      .from(posts)
      .where(where);
    const priorityTotal = counts?.priority ?? 0;
    const allTotal = counts?.all ?? 0;
    const fromPriority = Math.max(0, Math.min(limit, priorityTotal - offset));
    const [first, rest] = await Promise.all([
      pageOf(isFollowed, fromPriority, offset),
      pageOf(sql`"posts"."id" not in ${followed}`, limit - fromPriority, Math.max(0, offset - priorityTotal)),
    ]);
    items = [...first, ...rest];
    total = allTotal;
  } else {
    [items, total] = await Promise.all([pageOf(undefined, limit, offset), countOf(undefined)]);
  }
  return {
    items: items.map((p) => ({ ...p, favorited: Boolean(p.favorited) })),
    total,
    page: current,
    totalPages: Math.max(1, Math.ceil(total / perPage)),
    needsSignIn: false,
    tag: tag ? { name: tag.name, slug: tag.slug } : null,
  };
}

/**
 * The newest posts by key (the REST API's cursor pagination, ADR 036): optionally of one category or tag,
 * walking `posts_created_idx` from where the last page ended. The key is the last post's `created_at` as
 * PostgreSQL prints it (microseconds kept) and its id; `next` is null on the last page.
 */
export async function listPostsByKey(
  viewer: Viewer | null,
  options: {
    category?: PostCategory;
    tagSlug?: string;
    after?: { key: string[]; id: number } | null;
    limit: number;
  },
): Promise<{
  items: PostCardData[];
  tags: Map<number, TagSummary[]>;
  next: { key: string[]; id: number } | null;
}> {
  const conditions: (SQL | undefined)[] = [live];
  if (options.category) conditions.push(eq(posts.category, options.category));
  if (options.tagSlug) {
    const tag = await findTag(options.tagSlug);
    if (!tag) return { items: [], tags: new Map(), next: null };
    conditions.push(hasTag(tag.id));
  }
  const after = options.after;
  if (after) {
    const createdAt = sql`cast(${after.key[0] ?? null} as timestamptz)`;
    conditions.push(
      sql`(${posts.createdAt} < ${createdAt} or (${posts.createdAt} = ${createdAt} and ${posts.id} < ${after.id}))`,
    );
  }
  const db = await getDb();
  const rows = await db
    .select({ ...cardColumns(viewer?.id), sortKey: sql<string>`${posts.createdAt}::text` })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .limit(options.limit + 1);
  const page = rows
    .slice(0, options.limit)
    .map(({ sortKey: _key, ...p }) => ({ ...p, favorited: Boolean(p.favorited) }));
  const last = rows[options.limit - 1];
  return {
    items: page,
    tags: await tagsOfPosts(page.map((p) => p.id)),
    next: rows.length > options.limit && last ? { key: [last.sortKey], id: last.id } : null,
  };
}

/** A post of the ranking: its likes in the window, and whether an administrator pinned it to the top. */
export type RankedPost = PostCardData & { recentLikes: number; pinned: boolean };

/** How many posts the ranking keeps, and how long one computation is reused. */
const RANKING_SIZE = 500;
const RANKING_TTL_MS = 60_000;

type Ranking = { computedAt: number; entries: { id: number; recentLikes: number; pinned: boolean }[] };
let cachedRanking: Promise<Ranking> | undefined;
// An administrator's pin (/administracao) reaches the ranking at once, on every app server.
forgetWhenCurationChanges(() => (cachedRanking = undefined));

/** The ranking of 'Escolhas da Comunidade' as post ids, recomputed at most once a minute per app server. */
async function ranking(now: Date, maxAgeMs: number): Promise<Ranking> {
  const current = cachedRanking;
  if (current && maxAgeMs > 0) {
    const value = await current.catch(() => undefined);
    if (value && now.getTime() - value.computedAt < maxAgeMs) return value;
  }
  const next = (async (): Promise<Ranking> => {
    const since = new Date(now.getTime() - PICKS_WINDOW_DAYS * 86_400_000);
    const db = await getDb();
    const recent = db
      .select({ postId: postLikes.postId, likes: count().as("recent_likes") })
      .from(postLikes)
      .where(gt(postLikes.createdAt, since))
      .groupBy(postLikes.postId)
      .as("recent");
    // The posts an administrator pinned come first, in their order; then the most liked of the window.
    const rows = await db
      .select({ id: posts.id, recentLikes: recent.likes, pickRank: posts.pickRank })
      .from(posts)
      .leftJoin(recent, eq(recent.postId, posts.id))
      .where(and(live, or(isNotNull(recent.postId), isNotNull(posts.pickRank))))
      .orderBy(
        sql`${posts.pickRank} asc nulls last`,
        desc(recent.likes),
        desc(posts.likeCount),
        ...newestFirst,
      )
      .limit(RANKING_SIZE);
    return {
      computedAt: now.getTime(),
      entries: rows.map((r) => ({
        id: r.id,
        recentLikes: Number(r.recentLikes ?? 0),
        pinned: r.pickRank !== null,
      })),
    };
  })();
  cachedRanking = next;
  return next;
}

/**
 * 'Escolhas da Comunidade': posts ranked by the likes they received in the last 30 days (ties: all-time
 * likes, then the newest). The side column shows the first three; /blog/ranking pages through all. The
 * ranking is reused for up to a minute (`maxAgeMs`), the cards are always fresh.
 */
export async function listCommunityPicks(
  viewer: Viewer | null,
  {
    page = 1,
    perPage = 3,
    now = new Date(),
    maxAgeMs = RANKING_TTL_MS,
  }: { page?: number; perPage?: number; now?: Date; maxAgeMs?: number } = {},
): Promise<Paged<RankedPost>> {
  const { current, limit, offset } = paging(page, perPage);
  const { entries } = await ranking(now, maxAgeMs);
  const slice = entries.slice(offset, offset + limit);
  const items: RankedPost[] = [];
  if (slice.length > 0) {
    const db = await getDb();
    const cards = await db
      .select(cardColumns(viewer?.id))
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(
        and(
          live,
          inArray(
            posts.id,
            slice.map((e) => e.id),
          ),
        ),
      );
    const byId = new Map(cards.map((c) => [c.id, c]));
    for (const entry of slice) {
      const card = byId.get(entry.id);
      if (card) {
        const { recentLikes, pinned } = entry;
        items.push({ ...card, favorited: Boolean(card.favorited), recentLikes, pinned });
      }
    }
  }
  return {
    items,
    total: entries.length,
    page: current,
    totalPages: Math.max(1, Math.ceil(entries.length / perPage)),
  };
}

// ------------------------------------------------------------------------------------------------ feeds

export type FeedItem = {
  slug: string;
  title: string;
  description: string;
  category: PostCategory;
  createdAt: Date;
  authorName: string;
  tags: string[];
};

/** The newest posts for an RSS feed, of one tag when `tagSlug` is given. Null when that tag does not exist. */
export async function listPostsForFeed({
  tagSlug,
  limit = 20,
}: { tagSlug?: string | null; limit?: number } = {}): Promise<{
  tag: TagSummary | null;
  items: FeedItem[];
} | null> {
  const tag = tagSlug ? await findTag(tagSlug) : null;
  if (tagSlug && !tag) return null;
  const db = await getDb();
  const conditions: SQL[] = [live];
  if (tag) {
    conditions.push(hasTag(tag.id));
  }
  const rows = await db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      description: posts.description,
      category: posts.category,
      createdAt: posts.createdAt,
      authorName: users.name,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .limit(Math.max(1, Math.min(limit, 100)));
  const tagMap = await tagsOfPosts(rows.map((r) => r.id));
  return {
    tag: tag ? { name: tag.name, slug: tag.slug } : null,
    items: rows.map(({ id, ...r }) => ({ ...r, tags: (tagMap.get(id) ?? []).map((t) => t.name) })),
  };
}

// ------------------------------------------------------------------------------------------ the blog's page

/** 'Todos os Posts' and the top picks as a visitor sees them, shared between members for a few seconds. */
const sharedBlogLists = sharedListPages<BlogListResult>();
const sharedPicks = sharedListPages<Paged<RankedPost>>(1);

/** The blog page's marks for a member, and what decides whether Para Você is theirs alone: one statement. */
const blogMarks = preparedQuery((db) =>
  db
    .select({
      favorited: sql<number[] | null>`(select array_agg(fv."target_id") from "favorites" fv
        where fv."user_id" = "users"."id" and fv."target_kind" = 'post'
          and fv."target_id" = any(${sql.placeholder("postIds")}))`,
      followsMembers: sql<boolean>`exists (select 1 from "follows" f where f."follower_id" = "users"."id")`,
      followsTags: sql<boolean>`exists (select 1 from "tag_follows" tf where tf."user_id" = "users"."id")`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("viewerId")))
    .prepare("blog_marks_of"),
);

/** The posts among `postIds` that `viewer` keeps as favourites, and whether they follow any member or tag. */
async function blogMarksOf(
  viewer: Viewer,
  postIds: number[],
): Promise<{ favorited: Set<number>; followsMembers: boolean; followsTags: boolean }> {
  const [row] = await blogMarks({ viewerId: viewer.id, postIds });
  return {
    favorited: new Set(row?.favorited ?? []),
    followsMembers: Boolean(row?.followsMembers),
    followsTags: Boolean(row?.followsTags),
  };
}

/**
 * The blog's list page for `viewer`: the page of `tab` and the side column's top three picks. Every reader
 * shares the same pages (a few seconds late at most, like visitors' cached pages); a member's favourites are
 * put on them from one statement, which also tells whether Para Você is theirs alone (they follow someone or
 * some tag): then, and on Seguindo, the list is read for them. `sharedList` is the shared page the list was
 * made from, if it was (its cards render once per shared page); `followsMembers` whether the member follows
 * anyone ("Quem seguir" is then theirs alone; null for visitors).
 */
export async function blogListPage(
  viewer: Viewer | null,
  options: { tab: BlogTab; page: number; tagSlug: string | null },
): Promise<{
  list: BlogListResult;
  picks: RankedPost[];
  sharedList: BlogListResult | null;
  followsMembers: boolean | null;
}> {
  const personal = viewer !== null && options.tab === "seguindo";
  const key = `${options.tab}|${options.tagSlug ?? ""}|${options.page}`;
  const [shared, picks] = await Promise.all([
    personal ? null : sharedBlogLists.get(viewer, key, () => listBlogPosts(null, options)),
    sharedPicks.get(viewer, "top", () => listCommunityPicks(null, { perPage: 3 })),
  ]);
  if (!viewer) {
    const list = shared ?? (await listBlogPosts(null, options));
    return { list, picks: picks.items, sharedList: shared, followsMembers: null };
  }
  const marks = await blogMarksOf(
    viewer,
    [...(shared?.items ?? []), ...picks.items].map((p) => p.id),
  );
  const mark = <T extends PostCardData>(card: T): T => ({ ...card, favorited: marks.favorited.has(card.id) });
  const picked = picks.items.map(mark);
  const { followsMembers, followsTags } = marks;
  if (!shared || (options.tab === "para-voce" && (followsMembers || followsTags))) {
    return { list: await listBlogPosts(viewer, options), picks: picked, sharedList: null, followsMembers };
  }
  const list = { ...shared, items: shared.items.map(mark) };
  return { list, picks: picked, sharedList: shared, followsMembers };
}
