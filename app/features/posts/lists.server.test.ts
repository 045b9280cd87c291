import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { favorites, postLikes, posts, questions, tagFollows, tags } from "#db/schema.ts";
import { follow } from "#app/features/social/follows.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { listFavorites } from "./favorite-lists.server.ts";
import { blogListPage, listBlogPosts, listCommunityPicks, listPostsForFeed } from "./lists.server.ts";
import { deletePost } from "./posts.server.ts";
import { setPostFavorite, setPostLike } from "./reactions.server.ts";
import { publish } from "#tests/support/posts.ts";

const db = setupTestDatabase();
const DAY = 86_400_000;

let reader: Viewer;
let followed: Viewer;
let stranger: Viewer;
/** Slugs by name, oldest first: published one a day apart so the order is known. */
const slugs: Record<string, string> = {};
const ids: Record<string, number> = {};

async function publishAged(
  name: string,
  author: Viewer,
  daysAgo: number,
  extra: Parameters<typeof publish>[1] = {},
) {
  const post = await publish(author, { title: `Post ${name}`, ...extra });
  await db()
    .update(posts)
    .set({ createdAt: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(posts.id, post.id));
  slugs[name] = post.slug;
  ids[name] = post.id;
}

beforeAll(async () => {
  reader = await createMember(db());
  followed = await createMember(db());
  stranger = await createMember(db());
  await follow(reader, followed.id);
  await publishAged("old-followed", followed, 10, { category: "design" });
  await publishAged("followed-tag", stranger, 9, { category: "ux", tags: ["rust-lista"] });
  await publishAged("mid", stranger, 5, { category: "ui" });
  await publishAged("new", stranger, 1, { category: "desenvolvimento", tags: ["outra-lista"] });
  await publishAged("gone", followed, 0.5, { category: "design" });
  await deletePost(followed, ids.gone ?? 0);
  const [tag] = await db().select({ id: tags.id }).from(tags).where(eq(tags.name, "rust-lista"));
  await db()
    .insert(tagFollows)
    .values({ userId: reader.id, tagId: tag?.id ?? 0 });
});

const titles = (items: { title: string }[]) => items.map((p) => p.title.replace("Post ", ""));

describe("the blog's page, shared between readers", () => {
  test("a member who follows no one shares the visitors' page, with their own favourites marked", async () => {
    const loner = await createMember(db());
    await setPostFavorite(loner, ids.mid ?? 0, true);
    const visitor = await blogListPage(null, { tab: "para-voce", page: 1, tagSlug: null });
    const page = await blogListPage(loner, { tab: "para-voce", page: 1, tagSlug: null });
    expect(page.sharedList).toBe(visitor.sharedList);
    expect(titles(page.list.items)).toEqual(titles(visitor.list.items));
    expect(page.list.items.filter((p) => p.favorited).map((p) => p.id)).toEqual([ids.mid]);
    // The shared page itself stays unmarked for everyone else.
    expect(visitor.list.items.some((p) => p.favorited)).toBe(false);
    expect(
      (await blogListPage(stranger, { tab: "para-voce", page: 1, tagSlug: null })).list.items.some(
        (p) => p.favorited,
      ),
    ).toBe(false);
  });

  test("Para Você of a member who follows someone, and Seguindo, are their own", async () => {
    const mine = await blogListPage(reader, { tab: "para-voce", page: 1, tagSlug: null });
    expect(mine.sharedList).toBeNull();
    expect(titles(mine.list.items)).toEqual(["followed-tag", "old-followed", "new", "mid"]);
    const following = await blogListPage(reader, { tab: "seguindo", page: 1, tagSlug: null });
    expect(titles(following.list.items)).toEqual(["old-followed"]);
  });
});

describe("the tabs of Todos os Posts", () => {
  test("Para Você for a visitor: the most recent first, deleted posts left out", async () => {
    const result = await listBlogPosts(null, { tab: "para-voce" });
    expect(titles(result.items)).toEqual(["new", "mid", "followed-tag", "old-followed"]);
    expect(result).toMatchObject({ total: 4, totalPages: 1, needsSignIn: false });
  });

  test("Para Você for a member: followed members and followed tags first, then the most recent", async () => {
    const result = await listBlogPosts(reader, { tab: "para-voce" });
    expect(titles(result.items)).toEqual(["followed-tag", "old-followed", "new", "mid"]);
    expect(result.total).toBe(4);
    // Pages that cut through the followed run and the rest.
    for (const perPage of [1, 3]) {
      const pages = [];
      for (let page = 1; page <= Math.ceil(4 / perPage); page += 1) {
        const { items, totalPages } = await listBlogPosts(reader, { tab: "para-voce", page, perPage });
        expect(totalPages).toBe(Math.ceil(4 / perPage));
        pages.push(...titles(items));
      }
      expect(pages).toEqual(["followed-tag", "old-followed", "new", "mid"]);
    }
  });

  test("Seguindo: only followed members; visitors are invited to sign in", async () => {
    expect(titles((await listBlogPosts(reader, { tab: "seguindo" })).items)).toEqual(["old-followed"]);
    expect(await listBlogPosts(null, { tab: "seguindo" })).toMatchObject({ items: [], needsSignIn: true });
    expect((await listBlogPosts(stranger, { tab: "seguindo" })).items).toEqual([]);
  });

  test("category tabs filter by category", async () => {
    expect(titles((await listBlogPosts(null, { tab: "design" })).items)).toEqual(["old-followed"]);
    expect(titles((await listBlogPosts(null, { tab: "ux" })).items)).toEqual(["followed-tag"]);
    expect(titles((await listBlogPosts(null, { tab: "ui" })).items)).toEqual(["mid"]);
    expect(titles((await listBlogPosts(null, { tab: "desenvolvimento" })).items)).toEqual(["new"]);
  });

  test("pages of the real total, and a tag narrows the list", async () => {
    const page2 = await listBlogPosts(null, { tab: "para-voce", page: 2, perPage: 3 });
    expect(page2).toMatchObject({ total: 4, totalPages: 2, page: 2 });
    expect(titles(page2.items)).toEqual(["old-followed"]);
    const tagged = await listBlogPosts(null, { tab: "para-voce", tagSlug: "rust-lista" });
    expect(titles(tagged.items)).toEqual(["followed-tag"]);
    expect(tagged.tag).toEqual({ name: "rust-lista", slug: "rust-lista" });
    expect(await listBlogPosts(null, { tab: "para-voce", tagSlug: "nao-existe" })).toMatchObject({
      total: 0,
    });
  });

  test("cards carry the author and whether the viewer favourited them", async () => {
    await setPostFavorite(reader, ids.mid ?? 0, true);
    const items = (await listBlogPosts(reader, { tab: "ui" })).items;
    expect(items[0]).toMatchObject({ favorited: true, author: { id: stranger.id } });
    expect((await listBlogPosts(null, { tab: "ui" })).items[0]?.favorited).toBe(false);
  });
});

describe("Escolhas da Comunidade", () => {
  test("ranks by likes of the last 30 days", async () => {
    const fans = await Promise.all([1, 2, 3].map(() => createMember(db())));
    for (const fan of fans) await setPostLike(fan, ids.mid ?? 0, true);
    await setPostLike(fans[0] as Viewer, ids.new ?? 0, true);
    await setPostLike(fans[1] as Viewer, ids.new ?? 0, true);
    // Old likes do not count: five of them on old-followed, 40 days ago.
    const oldFans = await Promise.all([1, 2, 3, 4, 5].map(() => createMember(db())));
    for (const fan of oldFans) await setPostLike(fan, ids["old-followed"] ?? 0, true);
    await db()
      .update(postLikes)
      .set({ createdAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(postLikes.postId, ids["old-followed"] ?? 0));
    await setPostLike(fans[2] as Viewer, ids["followed-tag"] ?? 0, true);

    const top = await listCommunityPicks(null, { maxAgeMs: 0 });
    expect(titles(top.items)).toEqual(["mid", "new", "followed-tag"]);
    expect(top.items.map((p) => p.recentLikes)).toEqual([3, 2, 1]);
    expect(top.total).toBe(3);
    const all = await listCommunityPicks(null, { perPage: 10 });
    // Reused within the minute: a new like shows after the cache expires.
    await setPostLike(fans[0] as Viewer, ids["old-followed"] ?? 0, true);
    expect((await listCommunityPicks(null, { perPage: 10 })).total).toBe(3);
    expect((await listCommunityPicks(null, { perPage: 10, maxAgeMs: 0 })).total).toBe(4);
    expect(titles(all.items)).not.toContain("old-followed");
  });
});

describe("favourites page", () => {
  test("lists the member's favourite posts and questions, newest favourite first", async () => {
    const member = await createMember(db());
    const [question] = await db()
      .insert(questions)
      .values({ authorId: stranger.id, title: "Como centralizar uma div?", description: "<p>?</p>" })
      .returning({ id: questions.id });
    await setPostFavorite(member, ids.new ?? 0, true);
    await db()
      .insert(favorites)
      .values({
        userId: member.id,
        targetKind: "question",
        targetId: question?.id ?? 0,
        createdAt: new Date(Date.now() + 1000),
      });
    await setPostFavorite(member, ids["old-followed"] ?? 0, true);
    await db()
      .update(favorites)
      .set({ createdAt: new Date(Date.now() - DAY) })
      .where(and(eq(favorites.targetKind, "post"), eq(favorites.targetId, ids["old-followed"] ?? 0)));

    const all = await listFavorites(member);
    expect(all.total).toBe(3);
    expect(all.items.map((i) => i.kind)).toEqual(["question", "post", "post"]);
    expect(all.items[0]).toMatchObject({
      question: { title: "Como centralizar uma div?", authorName: stranger.name },
    });
    expect(all.items[1]).toMatchObject({ post: { slug: slugs.new, favorited: true } });
    expect((await listFavorites(member, { kind: "question" })).total).toBe(1);
    expect((await listFavorites(member, { kind: "post", perPage: 1, page: 2 })).items).toHaveLength(1);

    await deletePost(followed, ids["old-followed"] ?? 0);
    expect((await listFavorites(member)).total).toBe(2);
    expect((await listFavorites(reader)).items.every((i) => i.kind === "post")).toBe(true);
  });
});

describe("feeds", () => {
  test("the newest posts, optionally of one tag; unknown tags give null", async () => {
    const feed = await listPostsForFeed();
    expect(feed?.tag).toBeNull();
    expect(feed?.items[0]).toMatchObject({ slug: slugs.new, tags: ["outra-lista"] });
    const tagged = await listPostsForFeed({ tagSlug: "rust-lista" });
    expect(tagged?.items.map((i) => i.slug)).toEqual([slugs["followed-tag"]]);
    expect(await listPostsForFeed({ tagSlug: "sem-tag" })).toBeNull();
  });
});
