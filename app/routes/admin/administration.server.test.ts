// The admin area (/administracao) through its real route loader and action: who may use it, the site notice
// every page shows, the curated lists (featured posts, pinned picks, recommended topics) reaching the pages
// that read them at once, roles, and every change in the moderation log.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { moderationLog, postLikes, tags, users } from "#db/schema.ts";
import { listFeaturedCards } from "#app/features/landing/landing.server.ts";
import { listCommunityPicks } from "#app/features/posts/lists.server.ts";
import { recommendedTags } from "#app/features/tags/tags.server.ts";
import { CURATION_MESSAGES } from "#app/features/curation/rules.ts";
import { currentSiteNotice, setSiteNotice } from "#app/features/curation/site-notice.server.ts";
import {
  announceCurationChange,
  forgetWhenCurationChanges,
  listenForCurationChanges,
} from "#app/lib/curation.server.ts";
import { getDb } from "#app/lib/db.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { publish } from "#tests/support/posts.ts";
import { actionArgs, loaderArgs, statusOf } from "#tests/support/route-calls.ts";
import { loader as layoutLoader } from "../layouts/site-layout.tsx";
import { action, loader } from "./administration.tsx";

const db = setupTestDatabase();

type Reply = {
  data: { ok: boolean; message: string; field?: string; section: string };
  init?: { status?: number };
};

async function post(viewer: Viewer | null, fields: Record<string, string>): Promise<Reply> {
  return (await action(actionArgs("/administracao", viewer, fields))) as unknown as Reply;
}

const statusOfReply = (reply: Reply) => reply.init?.status ?? 200;

async function shownNotice() {
  const page = (await layoutLoader(loaderArgs("/"))) as { notice: { text: string } | null };
  return page.notice;
}

const logOf = (action: string) =>
  db()
    .select({
      actorId: moderationLog.actorId,
      reason: moderationLog.reason,
      targetId: moderationLog.targetId,
    })
    .from(moderationLog)
    .where(eq(moderationLog.action, action))
    .orderBy(moderationLog.id);

describe("who may administer", () => {
  test("visitors are sent to sign in; members and moderators are refused the page and every change", async () => {
    const [member, moderator] = await Promise.all([
      createMember(db()),
      createMember(db(), { role: "moderator" }),
    ]);
    expect(await statusOf(() => loader(loaderArgs("/administracao")))).toBe(302);
    for (const viewer of [member, moderator]) {
      expect(await statusOf(() => loader(loaderArgs("/administracao", {}, viewer)))).toBe(403);
      const reply = await post(viewer, { intent: "notice", text: "Tomei o site", tone: "info" });
      expect(statusOfReply(reply)).toBe(403);
      const promote = await post(viewer, { intent: "role", handle: viewer.handle, role: "admin" });
      expect(statusOfReply(promote)).toBe(403);
    }
    expect(await shownNotice()).toBeNull();
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, member.id));
    expect(row?.role).toBe("member");
  });

  test("an administrator without two-factor sign-in acts as a member until they turn it on", async () => {
    const unverified = await createMember(db(), { role: "admin", totpSecret: null });
    expect(await statusOf(() => loader(loaderArgs("/administracao", {}, unverified)))).toBe(403);
  });
});

describe("the site notice", () => {
  test("is shown on every page once published, refused with a message by its field, ends by itself and is taken down", async () => {
    const admin = await createMember(db(), { role: "admin" });
    const empty = await post(admin, { intent: "notice", text: "   ", tone: "info" });
    expect(statusOfReply(empty)).toBe(400);
    expect(empty.data).toMatchObject({ field: "text", message: CURATION_MESSAGES.noticeRequired });
    const script = await post(admin, { intent: "notice", text: "Oi", link: "javascript:alert(1)" });
    expect(statusOfReply(script)).toBe(400);
    expect(script.data).toMatchObject({ field: "link", message: CURATION_MESSAGES.noticeLinkInvalid });
    for (const link of ["//evil.example", "/\\evil.example", "http://plain.example"]) {
      const refused = await post(admin, { intent: "notice", text: "Oi", link });
      expect(refused.data).toMatchObject({ field: "link", message: CURATION_MESSAGES.noticeLinkInvalid });
    }
    const past = await post(admin, { intent: "notice", text: "Oi", endsAt: "2020-01-01T10:00" });
    expect(past.data).toMatchObject({ field: "endsAt", message: CURATION_MESSAGES.noticeEndPast });
    const long = await post(admin, { intent: "notice", text: "a".repeat(201) });
    expect(long.data).toMatchObject({ field: "text", message: CURATION_MESSAGES.noticeTooLong });
    expect(await shownNotice()).toBeNull();

    const published = await post(admin, {
      intent: "notice",
      text: "Manutenção  no sábado <b>às 22h</b>",
      tone: "warning",
      link: "/blog/manutencao",
    });
    expect(published.data.ok).toBe(true);
    // Kept as plain text (React escapes it where it is shown), spaces folded.
    expect(await shownNotice()).toMatchObject({
      text: "Manutenção no sábado <b>às 22h</b>",
      tone: "warning",
      link: "/blog/manutencao",
    });

    // A notice with an end is gone once it passes, without anyone taking it down.
    const now = new Date();
    await setSiteNotice(
      admin,
      { text: "Evento hoje", tone: "info", link: "", endsAt: "2999-01-01T10:00" },
      now,
    );
    expect(await currentSiteNotice(now)).toMatchObject({ text: "Evento hoje" });
    expect(await currentSiteNotice(new Date("2999-01-01T13:00:01Z"))).toBeNull();

    const cleared = await post(admin, { intent: "notice-clear" });
    expect(cleared.data.ok).toBe(true);
    expect(await shownNotice()).toBeNull();
    const again = await post(admin, { intent: "notice-clear" });
    expect(statusOfReply(again)).toBe(404);

    const lines = await logOf("site_notice");
    expect(lines.map((line) => line.reason)).toEqual([
      "Publicou: Manutenção no sábado <b>às 22h</b>",
      "Publicou: Evento hoje",
      "Retirou: Evento hoje",
    ]);
    expect(lines.every((line) => line.actorId === admin.id)).toBe(true);
  });

  test("a change announced by another app server makes this one forget what it remembered", async () => {
    const forgot = vi.fn();
    forgetWhenCurationChanges(forgot);
    const stop = await listenForCurationChanges();
    try {
      await (await getDb()).transaction(async (tx) => announceCurationChange(tx));
      await vi.waitFor(() => expect(forgot).toHaveBeenCalled());
    } finally {
      await stop();
    }
  });
});

describe("the curated lists", () => {
  test("featured posts follow the administrator's order on the landing page at once, and each change is logged", async () => {
    const [admin, author] = await Promise.all([createMember(db(), { role: "admin" }), createMember(db())]);
    const before = (await listFeaturedCards()).map((card) => card.slug);
    const first = await publish(author, { title: "Primeiro destaque da administração" });
    const second = await publish(author, { title: "Segundo destaque da administração" });
    // Any featured posts already there (none in a fresh database) are kept ahead of the new ones.
    for (const slug of before) expect(slug).not.toBe(first.slug);

    expect(
      (await post(admin, { intent: "add", list: "featured", reference: `/blog/${first.slug}` })).data.ok,
    ).toBe(true);
    const byUrl = await post(admin, {
      intent: "add",
      list: "featured",
      reference: `https://suportededomingo.com.br/blog/${second.slug}/`,
    });
    expect(byUrl.data).toMatchObject({ ok: true, message: "Adicionado: Segundo destaque da administração." });
    const twice = await post(admin, { intent: "add", list: "featured", reference: second.slug });
    expect(statusOfReply(twice)).toBe(409);
    expect(twice.data).toMatchObject({ field: "reference", message: CURATION_MESSAGES.alreadyListed });
    const unknown = await post(admin, { intent: "add", list: "featured", reference: "/blog/nao-existe" });
    expect(statusOfReply(unknown)).toBe(404);
    expect(unknown.data).toMatchObject({ field: "reference", message: CURATION_MESSAGES.postNotFound });

    const slugs = async () => (await listFeaturedCards(10)).map((card) => card.slug);
    expect(await slugs()).toEqual([...before, first.slug, second.slug]);
    await post(admin, { intent: "up", list: "featured", id: String(second.id) });
    expect(await slugs()).toEqual(
      before.length
        ? [...before.slice(0, -1), second.slug, before.at(-1), first.slug]
        : [second.slug, first.slug],
    );
    await post(admin, { intent: "remove", list: "featured", id: String(second.id) });
    expect(await slugs()).toEqual([...before, first.slug]);
    const gone = await post(admin, { intent: "remove", list: "featured", id: String(second.id) });
    expect(statusOfReply(gone)).toBe(404);

    const lines = await logOf("feature");
    expect(lines.map((line) => line.reason)).toEqual([
      "Adicionou: Primeiro destaque da administração",
      "Adicionou: Segundo destaque da administração",
      expect.stringMatching(/^Moveu para a posição \d+: Segundo destaque da administração$/),
      "Retirou: Segundo destaque da administração",
    ]);
  });

  test("a pinned post leads 'Escolhas da Comunidade' at once, ahead of the most liked", async () => {
    const [admin, author, reader] = await Promise.all([
      createMember(db(), { role: "admin" }),
      createMember(db()),
      createMember(db()),
    ]);
    const liked = await publish(author, { title: "Post muito curtido" });
    const pinned = await publish(author, { title: "Post fixado pela equipe" });
    await db().insert(postLikes).values({ postId: liked.id, userId: reader.id });
    await db().execute(sql`update posts set like_count = 1 where id = ${liked.id}`);
    // Read once: the ranking is remembered for a minute…
    const first = await listCommunityPicks(null, { perPage: 50, maxAgeMs: 0 });
    expect(first.items[0]?.id).toBe(liked.id);
    expect(first.items.some((item) => item.id === pinned.id)).toBe(false);
    await listCommunityPicks(null);

    const reply = await post(admin, { intent: "add", list: "picks", reference: pinned.slug });
    expect(reply.data.ok).toBe(true);
    // …but a pin is seen on the next read.
    const after = await listCommunityPicks(null);
    expect(after.items.map((item) => [item.id, item.pinned])).toEqual([
      [pinned.id, true],
      [liked.id, false],
      ...after.items.slice(2).map((item) => [item.id, false]),
    ]);
    expect((await logOf("pick")).at(-1)).toMatchObject({
      actorId: admin.id,
      targetId: pinned.id,
      reason: "Adicionou: Post fixado pela equipe",
    });
  });

  test("the recommended topics change on the next list page, by tag name", async () => {
    const admin = await createMember(db(), { role: "admin" });
    await db().insert(tags).values({ name: "Kotlin", slug: "kotlin" }).onConflictDoNothing();
    const before = (await recommendedTags()).map((tag) => tag.name);
    expect(before).not.toContain("Kotlin");
    const reply = await post(admin, { intent: "add", list: "recommended", reference: "kotlin" });
    expect(reply.data).toMatchObject({ ok: true, message: "Adicionado: Kotlin." });
    expect((await recommendedTags()).map((tag) => tag.name)).toEqual([...before, "Kotlin"]);
    const unknown = await post(admin, { intent: "add", list: "recommended", reference: "cobol-on-cogs" });
    expect(unknown.data).toMatchObject({ field: "reference", message: CURATION_MESSAGES.tagNotFound });
    const [kotlin] = await db().select({ id: tags.id }).from(tags).where(eq(tags.slug, "kotlin"));
    await post(admin, { intent: "remove", list: "recommended", id: String(kotlin?.id) });
    expect((await recommendedTags()).map((tag) => tag.name)).toEqual(before);
  });
});

describe("roles", () => {
  test("an administrator makes a member a moderator by handle, never changes their own role, and it is logged", async () => {
    const [admin, ana] = await Promise.all([createMember(db(), { role: "admin" }), createMember(db())]);
    const reply = await post(admin, { intent: "role", handle: `@${ana.handle}`, role: "moderator" });
    expect(reply.data).toMatchObject({ ok: true, message: `${ana.name} agora é moderador.` });
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, ana.id));
    expect(row?.role).toBe("moderator");
    const self = await post(admin, { intent: "role", handle: admin.handle, role: "member" });
    expect(statusOfReply(self)).toBe(403);
    const unknown = await post(admin, { intent: "role", handle: "ninguem-aqui", role: "moderator" });
    expect(unknown.data).toMatchObject({ field: "handle", message: "Nenhum membro com essa arroba." });
    const page = (await loader(loaderArgs("/administracao", {}, admin))) as {
      staff: { handle: string; role: string }[];
    };
    expect(page.staff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ handle: ana.handle, role: "moderator" }),
        expect.objectContaining({ handle: admin.handle, role: "admin" }),
      ]),
    );
    const [line] = await db()
      .select({ reason: moderationLog.reason })
      .from(moderationLog)
      .where(and(eq(moderationLog.action, "role"), eq(moderationLog.subjectId, ana.id)));
    expect(line?.reason).toBe("Moderador");
  });
});
