import { and, count, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { favorites, notifications, postLikes, posts } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { deletePost } from "./posts.server.ts";
import { setPostFavorite, setPostLike } from "./reactions.server.ts";
import { publish } from "#tests/support/posts.ts";

const db = setupTestDatabase();

async function counters(postId: number) {
  const [row] = await db()
    .select({ likeCount: posts.likeCount, favoriteCount: posts.favoriteCount })
    .from(posts)
    .where(eq(posts.id, postId));
  const [likes] = await db().select({ n: count() }).from(postLikes).where(eq(postLikes.postId, postId));
  return { ...row, likeRows: likes?.n };
}

describe("likes", () => {
  test("a visitor cannot like", async () => {
    const author = await createMember(db());
    const { id } = await publish(author);
    await expect(setPostLike(null, id, true)).rejects.toMatchObject({ code: "unauthenticated" });
  });

  test("a like counts once per member, toggles off, and liking twice changes nothing", async () => {
    const author = await createMember(db());
    const fan = await createMember(db());
    const { id } = await publish(author);
    expect(await setPostLike(fan, id, true)).toEqual({ liked: true, likeCount: 1 });
    expect(await setPostLike(fan, id, true)).toEqual({ liked: true, likeCount: 1 });
    expect(await setPostLike(author, id, true)).toEqual({ liked: true, likeCount: 2 });
    expect(await setPostLike(fan, id, false)).toEqual({ liked: false, likeCount: 1 });
    expect(await setPostLike(fan, id, false)).toEqual({ liked: false, likeCount: 1 });
    expect(await counters(id)).toMatchObject({ likeCount: 1, likeRows: 1 });
  });

  test("concurrent likes stay exact: one member many times, many members at once", async () => {
    const author = await createMember(db());
    const { id } = await publish(author);
    const fan = await createMember(db());
    await Promise.all(Array.from({ length: 8 }, () => setPostLike(fan, id, true)));
    expect(await counters(id)).toMatchObject({ likeCount: 1, likeRows: 1 });

    const crowd = await Promise.all(Array.from({ length: 12 }, () => createMember(db())));
    await Promise.all(crowd.map((member) => setPostLike(member, id, true)));
    expect(await counters(id)).toMatchObject({ likeCount: 13, likeRows: 13 });
    await Promise.all(
      [...crowd.slice(0, 6), fan].flatMap((m) => [setPostLike(m, id, false), setPostLike(m, id, false)]),
    );
    expect(await counters(id)).toMatchObject({ likeCount: 6, likeRows: 6 });
  });

  test("the author hears about likes, grouped while unread, and not about their own", async () => {
    const author = await createMember(db());
    const { id } = await publish(author, { title: "Post curtido" });
    await setPostLike(author, id, true);
    const fans = [await createMember(db(), { name: "Fã Um" }), await createMember(db(), { name: "Fã Dois" })];
    for (const fan of fans) await setPostLike(fan, id, true);
    const rows = await db().select().from(notifications).where(eq(notifications.userId, author.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "like",
      count: 2,
      title: '2 pessoas curtiram seu post "Post curtido"',
    });
    expect(rows[0]?.url).toMatch(/^\/blog\/post-curtido/);
  });

  test("a like taken back before the author read it takes its notice back; liking again tells once", async () => {
    const author = await createMember(db());
    const fan = await createMember(db(), { name: "Fã Indeciso" });
    const { id } = await publish(author, { title: "Post indeciso" });
    const notices = () =>
      db()
        .select({ count: notifications.count })
        .from(notifications)
        .where(eq(notifications.userId, author.id));
    await setPostLike(fan, id, true);
    expect(await notices()).toEqual([{ count: 1 }]);
    await setPostLike(fan, id, false);
    expect(await notices()).toEqual([]);
    await setPostLike(fan, id, true);
    expect(await notices()).toEqual([{ count: 1 }]);
  });

  test("a deleted post cannot be liked", async () => {
    const author = await createMember(db());
    const { id } = await publish(author);
    await deletePost(author, id);
    await expect(setPostLike(author, id, true)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("favourites", () => {
  test("visitor refused; members favourite once, unfavourite, counter exact", async () => {
    const author = await createMember(db());
    const reader = await createMember(db());
    const { id } = await publish(author);
    await expect(setPostFavorite(null, id, true)).rejects.toMatchObject({ code: "unauthenticated" });
    await Promise.all([setPostFavorite(reader, id, true), setPostFavorite(reader, id, true)]);
    expect(await counters(id)).toMatchObject({ favoriteCount: 1 });
    expect(await setPostFavorite(author, id, true)).toEqual({ favorited: true, favoriteCount: 2 });
    expect(await setPostFavorite(reader, id, false)).toEqual({ favorited: false, favoriteCount: 1 });
    const rows = await db()
      .select()
      .from(favorites)
      .where(and(eq(favorites.targetKind, "post"), eq(favorites.targetId, id)));
    expect(rows.map((r) => r.userId)).toEqual([author.id]);
    await expect(setPostFavorite(reader, 999_999, true)).rejects.toMatchObject({ code: "not_found" });
  });
});
