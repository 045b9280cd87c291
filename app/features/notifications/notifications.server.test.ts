import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { notifications, rateLimits, tagFollows, tags } from "#db/schema.ts";
import { hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limits.server.ts";
import { outboxDir } from "#app/lib/mail.server.ts";
import { sendDueMailNow } from "#app/lib/mail-outbox.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { createMember } from "#tests/support/factories.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import {
  getPreferences,
  listNotifications,
  markAllRead,
  savePreferences,
  sendWeeklyDigests,
  subscribeToUnreadCount,
  unreadCount,
} from "./notifications.server.ts";
import { notify, notifyTagFollowers } from "./notify.server.ts";
import { eq } from "drizzle-orm";

/** What was sent to `address`: the outbox's due e-mails leave first (no sender runs in tests). */
async function mailsTo(address: string) {
  await sendDueMailNow();
  const files = await readdir(outboxDir()).catch(() => []);
  const all = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir(), f), "utf8"))),
  );
  return all.filter((m: { to: string }) => m.to === address) as { subject: string; text: string }[];
}

describe("notifications", () => {
  const db = setupTestDatabase();
  let ana: Viewer;
  let bia: Viewer;
  let caio: Viewer;

  beforeAll(async () => {
    ana = await createMember(db(), { name: "Ana" });
    bia = await createMember(db(), { name: "Bia" });
    caio = await createMember(db(), { name: "Caio" });
  });

  it("tells the member, never the actor about their own action", async () => {
    await notify(db(), {
      userId: ana.id,
      kind: "answer",
      actorId: bia.id,
      title: "Bia respondeu sua pergunta",
      url: "/questions/1",
    });
    await notify(db(), {
      userId: ana.id,
      kind: "answer",
      actorId: ana.id,
      title: "Você mesma",
      url: "/questions/1",
    });
    expect(await unreadCount(ana.id)).toBe(1);
    const { items } = await listNotifications(ana, 1);
    expect(items[0]).toMatchObject({
      title: "Bia respondeu sua pergunta",
      unread: true,
      actor: { name: "Bia" },
    });
  });

  it("groups unread notifications with the same key, and starts a new group once read", async () => {
    const like = (actor: Viewer) =>
      notify(db(), {
        userId: caio.id,
        kind: "like",
        actorId: actor.id,
        title: `${actor.name} curtiu seu post`,
        groupedTitle: "{n} pessoas curtiram seu post",
        url: "/blog/meu-post",
        groupKey: "like:post:7",
      });
    await like(ana);
    await like(bia);
    let { items } = await listNotifications(caio, 1);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ count: 2, title: "2 pessoas curtiram seu post" });
    expect(await markAllRead(caio)).toHaveLength(1);
    expect(await unreadCount(caio.id)).toBe(0);
    await like(ana);
    ({ items } = await listNotifications(caio, 1));
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ count: 1, unread: true, title: "Ana curtiu seu post" });
  });

  it("tells followers of a tag about new questions, grouped per tag", async () => {
    const [tag] = await db().insert(tags).values({ name: "rust", slug: "rust" }).returning();
    await db()
      .insert(tagFollows)
      .values([
        { userId: bia.id, tagId: tag!.id },
        { userId: ana.id, tagId: tag!.id },
      ]);
    for (const id of [10, 11, 12]) {
      await notifyTagFollowers(db(), {
        actorId: ana.id,
        questionId: id,
        questionTitle: `Pergunta ${id}`,
        tags: [tag!],
      });
    }
    const forBia = await db().select().from(notifications).where(eq(notifications.userId, bia.id));
    const grouped = forBia.filter((n) => n.kind === "tag_question");
    expect(grouped).toHaveLength(1);
    expect(grouped[0]).toMatchObject({ count: 3, title: "3 novas perguntas em rust", url: "/questions/12" });
    const forAna = await db().select().from(notifications).where(eq(notifications.userId, ana.id));
    expect(forAna.filter((n) => n.kind === "tag_question")).toHaveLength(0);
  });

  it("e-mails only the kinds a member chose, and sends the weekly digest", async () => {
    await rm(outboxDir(), { recursive: true, force: true });
    const prefs = await getPreferences(bia);
    expect(prefs.byEmail.follower).toBe(false);
    await savePreferences(bia, { byEmail: { ...prefs.byEmail, follower: true }, weeklyDigest: true });
    expect((await getPreferences(bia)).weeklyDigest).toBe(true);
    await notify(db(), {
      userId: bia.id,
      kind: "follower",
      actorId: caio.id,
      title: "Caio começou a seguir você",
      url: "/u/caio",
    });
    await notify(db(), {
      userId: bia.id,
      kind: "answer",
      actorId: caio.id,
      title: "Caio respondeu",
      url: "/questions/2",
    });
    // E-mails leave after the work (and its rate-limit counters): wait for the one expected.
    await expect.poll(async () => (await mailsTo(bia.email)).length).toBe(1);
    const mails = await mailsTo(bia.email);
    expect(mails.map((m) => m.subject)).toEqual(["Suporte de Domingo: Caio começou a seguir você"]);
    expect(await sendWeeklyDigests()).toBe(1);
    const digest = (await mailsTo(bia.email)).find((m) => m.subject.startsWith("Sua semana"));
    expect(digest?.text).toContain("Caio respondeu");
  });

  it("e-mails once a day per cause however often it repeats, and caps each recipient's hour", async () => {
    await rm(outboxDir(), { recursive: true, force: true });
    const dora = await createMember(db(), { name: "Dora" });
    const prefs = await getPreferences(dora);
    await savePreferences(dora, {
      byEmail: { ...prefs.byEmail, follower: true, like: true },
      weeklyDigest: false,
    });
    const followed = () =>
      notify(db(), {
        userId: dora.id,
        kind: "follower",
        actorId: caio.id,
        title: "Caio começou a seguir você",
        url: "/u/caio",
        groupKey: "follower",
      });
    // Follow, unfollow, follow… (each follow writes the notification again).
    for (let i = 0; i < 5; i++) await followed();
    await expect.poll(async () => (await mailsTo(dora.email)).length).toBe(1);
    // Likes on many posts by many people: past the recipient's hourly cap, no more e-mails.
    const likers = await Promise.all(Array.from({ length: 3 }, () => createMember(db())));
    for (let post = 0; post < 15; post++) {
      for (const liker of likers) {
        await notify(db(), {
          userId: dora.id,
          kind: "like",
          actorId: liker.id,
          title: `${liker.name} curtiu seu post "Post ${post}"`,
          url: `/blog/post-${post}`,
          groupKey: `like:post:${post}`,
        });
      }
    }
    await expect.poll(async () => (await mailsTo(dora.email)).length).toBe(30);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(dora.email)).toHaveLength(30);
  });

  it("counts a mail on the recipient's hour only when the actor's own limit lets it leave", async () => {
    const flor = await createMember(db(), { name: "Flor" });
    const noisy = await createMember(db(), { name: "Gil" });
    const prefs = await getPreferences(flor);
    await savePreferences(flor, { byEmail: { ...prefs.byEmail, like: true }, weeklyDigest: false });
    // Gil has already used his hour of e-mails on others.
    for (let i = 0; i < RATE_LIMITS.notificationMailPerActor.limit; i++) {
      await hitRateLimit(RATE_LIMITS.notificationMailPerActor, String(noisy.id));
    }
    const liked = (by: Viewer, post: number) =>
      notify(db(), {
        userId: flor.id,
        kind: "like",
        actorId: by.id,
        title: `${by.name} curtiu seu post "Post ${post}"`,
        url: `/blog/post-${post}`,
        groupKey: `like:post:${post}`,
      });
    for (let post = 0; post < 5; post++) await liked(noisy, post);
    // Someone else's like still reaches her, and it is the only mail her hour has counted.
    await liked(caio, 99);
    await expect.poll(async () => (await mailsTo(flor.email)).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [counter] = await db()
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, `${RATE_LIMITS.notificationMailPerRecipient.name}:${flor.id}`));
    expect(counter?.count).toBe(1);
    expect(await mailsTo(flor.email)).toHaveLength(1);
  });

  it("streams the unread count as it changes", async () => {
    const seen: number[] = [];
    const unsubscribe = await subscribeToUnreadCount(ana.id, (n) => seen.push(n));
    const before = seen[0]!;
    await db().transaction(async (tx) => {
      await notify(tx, {
        userId: ana.id,
        kind: "follower",
        actorId: caio.id,
        title: "Caio seguiu você",
        url: "/u/x",
      });
    });
    await expect.poll(() => seen.at(-1), { timeout: 5000 }).toBe(before + 1);
    await markAllRead(ana);
    await expect.poll(() => seen.at(-1), { timeout: 5000 }).toBe(0);
    unsubscribe();
  });
});
