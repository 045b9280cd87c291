import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { answers, follows, notifications, posts, questions, users } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { follow, isFollowing, listMembers, suggestMembersToFollow, unfollow } from "./follows.server.ts";

const db = setupTestDatabase();

describe("follow / unfollow", () => {
  test("a visitor cannot follow or unfollow", async () => {
    const ana = await createMember(db());
    await expect(follow(null, ana.id)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(unfollow(null, ana.id)).rejects.toMatchObject({ code: "unauthenticated" });
  });

  test("a member follows once, even when asking twice at the same time, and unfollows", async () => {
    const [ana, bia] = [await createMember(db()), await createMember(db())];
    const results = await Promise.all([follow(ana, bia.id), follow(ana, bia.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await isFollowing(ana.id, [bia.id])).toEqual(new Set([bia.id]));
    expect(await isFollowing(bia.id, [ana.id])).toEqual(new Set());

    expect(await unfollow(ana, bia.id)).toBe(true);
    expect(await unfollow(ana, bia.id)).toBe(false);
    expect(await isFollowing(ana.id, [bia.id])).toEqual(new Set());
  });

  test("the member followed is told once", async () => {
    const [ana, bia] = [await createMember(db(), { name: "Ana Seguidora" }), await createMember(db())];
    await follow(ana, bia.id);
    await follow(ana, bia.id);
    const rows = await db().select().from(notifications).where(eq(notifications.userId, bia.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "follower",
      title: "Ana Seguidora começou a seguir você",
      actorId: ana.id,
    });
  });

  test("nobody follows themselves or a member who does not exist", async () => {
    const ana = await createMember(db());
    await expect(follow(ana, ana.id)).rejects.toMatchObject({ code: "validation" });
    await expect(follow(ana, 987_654)).rejects.toMatchObject({ code: "not_found" });
  });

  test("isFollowing answers for visitors and empty lists without a query", async () => {
    expect(await isFollowing(null, [1, 2])).toEqual(new Set());
    expect(await isFollowing(1, [])).toEqual(new Set());
  });
});

describe("suggestions", () => {
  test("members who published come before the ones who only signed up", async () => {
    const viewer = await createMember(db());
    const writer = await createMember(db());
    await db()
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(users.id, writer.id));
    await db()
      .insert(posts)
      .values({ slug: `post-${writer.id}`, authorId: writer.id, title: "Oi", body: "<p>oi</p>" });
    const lurker = await createMember(db());
    const suggested = (await suggestMembersToFollow(viewer, 50)).map((m) => m.id);
    expect(suggested[0]).toBe(writer.id);
    expect(suggested).toContain(lurker.id);
    expect(suggested).not.toContain(viewer.id);
    await db().delete(posts).where(eq(posts.authorId, writer.id));
  });

  test("the database marks when a member first published, whatever they published, and only then", async () => {
    const asker = await createMember(db());
    const answerer = await createMember(db());
    const writer = await createMember(db());
    const reader = await createMember(db());
    const publishedAt = async (id: number) =>
      (await db().select({ at: users.publishedAt }).from(users).where(eq(users.id, id)))[0]?.at ?? null;
    const [question] = await db()
      .insert(questions)
      .values({ authorId: asker.id, title: "Como medir uma página?", description: "<p>Como?</p>" })
      .returning({ id: questions.id, createdAt: questions.createdAt });
    await db()
      .insert(answers)
      .values({ questionId: question!.id, authorId: answerer.id, body: "<p>Com um perfil.</p>" });
    await db()
      .insert(posts)
      .values({ slug: `post-${writer.id}`, authorId: writer.id, title: "Oi", body: "<p>oi</p>" });
    expect(await publishedAt(asker.id)).toEqual(question!.createdAt);
    expect(await publishedAt(answerer.id)).not.toBeNull();
    expect(await publishedAt(writer.id)).not.toBeNull();
    expect(await publishedAt(reader.id)).toBeNull();
    // The first time stays.
    await db()
      .insert(posts)
      .values({ slug: `post-2-${asker.id}`, authorId: asker.id, title: "Outro", body: "<p>outro</p>" });
    expect(await publishedAt(asker.id)).toEqual(question!.createdAt);
    await db().delete(posts).where(eq(posts.authorId, writer.id));
    await db().delete(posts).where(eq(posts.authorId, asker.id));
    await db().delete(answers).where(eq(answers.questionId, question!.id));
    await db().delete(questions).where(eq(questions.id, question!.id));
  });

  test("Quem Seguir counts as active only a member with something live, whenever they first published", async () => {
    const viewer = await createMember(db());
    const live = await createMember(db());
    await db()
      .insert(posts)
      .values({ slug: `post-${live.id}`, authorId: live.id, title: "Vivo", body: "<p>vivo</p>" });
    const removed = await createMember(db());
    await db()
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() + 120_000) })
      .where(eq(users.id, removed.id));
    await db()
      .insert(posts)
      .values({
        slug: `post-${removed.id}`,
        authorId: removed.id,
        title: "Spam",
        body: "<p>spam</p>",
        deletedAt: new Date(),
      });
    // Seen more recently than anyone, but among the others that fill in after the active members.
    const suggested = (await suggestMembersToFollow(viewer, 50)).map((m) => m.id);
    expect(suggested.indexOf(live.id)).toBeGreaterThanOrEqual(0);
    expect(suggested.indexOf(live.id)).toBeLessThan(suggested.indexOf(removed.id));
    await db().delete(posts).where(eq(posts.authorId, removed.id));
    await db().delete(posts).where(eq(posts.authorId, live.id));
    await db()
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() - 60_000) })
      .where(eq(users.id, removed.id));
  });

  test("Quem Seguir leaves out the viewer and the members already followed, most active first", async () => {
    const viewer = await createMember(db());
    const followed = await createMember(db());
    const recent = await createMember(db());
    const old = await createMember(db());
    await db()
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() + 60_000) })
      .where(eq(users.id, recent.id));
    await db()
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() - 1000 * 86_400_000) })
      .where(eq(users.id, old.id));
    await follow(viewer, followed.id);

    const suggested = await suggestMembersToFollow(viewer, 50);
    const ids = suggested.map((m) => m.id);
    expect(ids).not.toContain(viewer.id);
    expect(ids).not.toContain(followed.id);
    expect(ids[0]).toBe(recent.id);
    expect(ids.at(-1)).toBe(old.id);
    expect(await suggestMembersToFollow(viewer, 3)).toHaveLength(3);
    expect((await suggestMembersToFollow(null, 50)).map((m) => m.id)).toContain(followed.id);
  });

  test("someone who follows nobody gets everyone's suggestions but themselves: what their own reading gives", async () => {
    const loner = await createMember(db());
    // The most recently seen of all: first in everyone's suggestions, and never in their own.
    await db()
      .update(users)
      .set({ lastActiveAt: new Date(Date.now() + 120_000) })
      .where(eq(users.id, loner.id));
    const own = await suggestMembersToFollow(loner, 3);
    const shared = await suggestMembersToFollow(loner, 3, { followsNobody: true });
    expect(own).toHaveLength(3);
    expect(shared).toEqual(own);
    expect(shared.map((m) => m.id)).not.toContain(loner.id);
  });

  test("the members page lists the others, not yet followed first, with follower counts", async () => {
    const viewer = await createMember(db());
    const star = await createMember(db());
    await follow(viewer, star.id);
    const { members, total, totalPages } = await listMembers(viewer, { page: 1, perPage: 100 });
    expect(total).toBe(members.length);
    expect(totalPages).toBe(1);
    expect(members.map((m) => m.id)).not.toContain(viewer.id);
    const last = members.at(-1);
    expect(last).toMatchObject({ id: star.id, following: true });
    expect(last?.followerCount).toBeGreaterThanOrEqual(1);
    expect(members.slice(0, -1).every((m) => !m.following)).toBe(true);
    const rows = await db().select().from(follows).where(eq(follows.followerId, viewer.id));
    expect(rows).toHaveLength(1);

    const forVisitor = await listMembers(null, { perPage: 100 });
    expect(forVisitor.total).toBe(total + 1);
    expect(forVisitor.members.every((m) => !m.following)).toBe(true);
  });
});
