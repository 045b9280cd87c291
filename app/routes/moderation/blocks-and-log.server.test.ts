// Blocking (no notification from a blocked member, their content marked for collapsing) and the moderation
// log (every moderator action written, read and filtered by moderators only), through the real feature
// functions and the routes' loaders.
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { notifications, tagFollows, tags, users } from "#db/schema.ts";
import { setRole } from "#app/features/accounts/accounts.server.ts";
import {
  blockMember,
  blockedAmong,
  BLOCK_MESSAGES,
  listBlockedMembers,
  unblockMember,
} from "#app/features/moderation/blocks.server.ts";
import { PRIVILEGES, VOTES_TO_CLOSE } from "#app/features/moderation/rules.ts";
import { suspendMember } from "#app/features/moderation/suspensions.server.ts";
import { voteToClose } from "#app/features/questions/closing.server.ts";
import { notify } from "#app/features/notifications/notify.server.ts";
import { createAnswer, deleteAnswer, restoreAnswer } from "#app/features/questions/answers.server.ts";
import { addComment } from "#app/features/questions/comments.server.ts";
import { deleteQuestion, restoreQuestion } from "#app/features/questions/question-writes.server.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { follow } from "#app/features/social/follows.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import type { Role, Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember, TEST_TOTP_SECRET } from "#tests/support/factories.ts";
import { actionArgs, statusOf } from "#tests/support/route-calls.ts";
import { action as profileAction } from "../profile/profile.tsx";
import { loader as questionLoader } from "../questions/question-detail.tsx";
import { loader as logLoader } from "./moderation-log.tsx";

const db = setupTestDatabase();

const notificationsOf = (userId: number) =>
  db().select().from(notifications).where(eq(notifications.userId, userId));

describe("blocking a member", () => {
  test("nobody blocks themself; blocking twice or unblocking someone not blocked changes nothing", async () => {
    const [ana, bia] = await Promise.all([createMember(db()), createMember(db())]);
    await expect(blockMember(ana, ana.id)).rejects.toMatchObject({
      status: 400,
      message: BLOCK_MESSAGES.self,
    });
    await expect(blockMember(null, bia.id)).rejects.toMatchObject({ status: 401 });
    await expect(blockMember(ana, 2_000_000_000)).rejects.toMatchObject({ status: 404 });
    await blockMember(ana, bia.id);
    await blockMember(ana, bia.id);
    expect((await listBlockedMembers(ana)).map((m) => m.id)).toEqual([bia.id]);
    expect(await blockedAmong(ana.id, [bia.id, ana.id])).toEqual(new Set([bia.id]));
    // Blocking is one way: Bia blocked nobody.
    expect(await blockedAmong(bia.id, [ana.id])).toEqual(new Set());
    await unblockMember(ana, bia.id);
    await unblockMember(ana, bia.id);
    expect(await listBlockedMembers(ana)).toEqual([]);
  });

  test("a blocked member's answers, comments, follows and questions in followed tags notify the blocker of nothing; others still do, and so does the moderation", async () => {
    const people = await cast(db());
    const { author: ana, other: bia, rich: caio, moderator } = people;
    const question = await askAs(ana);
    await blockMember(ana, bia.id);
    await blockMember(ana, moderator.id);

    await createAnswer(bia, question, "<p>Uma resposta de quem foi bloqueada.</p>");
    await addComment(bia, { kind: "question", id: question }, "Um comentário de quem foi bloqueada.");
    await follow(bia, ana.id);
    expect(await notificationsOf(ana.id)).toEqual([]);

    await createAnswer(caio, question, "<p>Uma resposta de outra pessoa qualquer.</p>");
    expect((await notificationsOf(ana.id)).map((n) => n.kind)).toEqual(["answer"]);

    // A moderator's decision reaches even a member who blocked them.
    await notify(db(), {
      userId: ana.id,
      kind: "moderation",
      actorId: moderator.id,
      title: "Aviso",
      url: "/",
    });
    expect((await notificationsOf(ana.id)).map((n) => n.kind).sort()).toEqual(["answer", "moderation"]);

    // A question in a tag Ana follows, asked by Bia, is not announced to her; by Caio, it is.
    const [tag] = await db().select({ id: tags.id }).from(tags).where(eq(tags.slug, "javascript"));
    await db().insert(tagFollows).values({ userId: ana.id, tagId: tag!.id });
    await askAs(bia, { tags: ["javascript"] });
    const tagNotices = () =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, ana.id), eq(notifications.kind, "tag_question")));
    expect(await tagNotices()).toEqual([]);
    await askAs(caio, { tags: ["javascript"] });
    expect(await tagNotices()).toHaveLength(1);
  });

  test("a community close by a blocked member does not reach the blocker; a moderator's does", async () => {
    const people = await cast(db());
    const ana = people.author;
    const closers = await Promise.all(
      Array.from({ length: VOTES_TO_CLOSE }, () =>
        createMember(db(), { reputation: PRIVILEGES.closeVote.reputation }),
      ),
    );
    for (const closer of closers) await blockMember(ana, closer.id);
    const original = await askAs(people.rich);
    const duplicate = await askAs(ana);
    for (const closer of closers) {
      await voteToClose(closer, duplicate, { reason: "duplicate", duplicateOf: String(original) });
    }
    expect(await notificationsOf(ana.id)).toEqual([]);
    // The same closing by a moderator Ana blocked still tells her.
    await blockMember(ana, people.moderator.id);
    const another = await askAs(ana);
    await voteToClose(people.moderator, another, { reason: "duplicate", duplicateOf: String(original) });
    expect((await notificationsOf(ana.id)).map((n) => n.kind)).toEqual(["moderation"]);
  });

  test("a moderator without two-factor sign-in is a member to the blocks: their notice does not pass one", async () => {
    const ana = await createMember(db());
    const staff = await createMember(db(), { role: "moderator", totpSecret: null });
    await blockMember(ana, staff.id);
    const notice = {
      userId: ana.id,
      kind: "moderation" as const,
      actorId: staff.id,
      title: "Aviso",
      url: "/",
    };
    await notify(db(), notice);
    expect(await notificationsOf(ana.id)).toEqual([]);
    await db()
      .update(users)
      .set({ totpSecret: TEST_TOTP_SECRET, totpEnabledAt: new Date() })
      .where(eq(users.id, staff.id));
    await notify(db(), notice);
    expect((await notificationsOf(ana.id)).map((n) => n.kind)).toEqual(["moderation"]);
  });

  test("the question page marks the blocked member's answers and comments for the blocker only", async () => {
    const { author: ana, other: bia, rich: caio } = await cast(db());
    const question = await askAs(ana);
    const answer = await createAnswer(bia, question, "<p>Resposta de quem vai ser bloqueada.</p>");
    await addComment(bia, { kind: "answer", id: answer.id }, "Comentário de quem vai ser bloqueada.");
    await addComment(caio, { kind: "answer", id: answer.id }, "Comentário de outra pessoa.");
    await blockMember(ana, bia.id);
    const pageFor = async (viewer: Viewer) => {
      const context = new RouterContextProvider();
      context.set(viewerContext, viewer);
      return questionLoader({
        request: new Request(`http://localhost:3000/questions/${question}`),
        context,
        params: { id: String(question) },
      } as never);
    };
    const seenByAna = await pageFor(ana);
    expect(seenByAna.blockedAuthors).toEqual([bia.id]);
    expect(seenByAna.answers[0]!.comments.map((c) => [c.author.id, c.authorBlocked])).toEqual([
      [bia.id, true],
      [caio.id, false],
    ]);
    // Caio blocked nobody: the same page, nothing marked (and the shared page kept per version is untouched).
    const seenByCaio = await pageFor(caio);
    expect(seenByCaio.blockedAuthors).toEqual([]);
    expect(seenByCaio.answers[0]!.comments.some((c) => "authorBlocked" in c && c.authorBlocked)).toBe(false);
  });
});

describe("the moderation log", () => {
  async function logAs(viewer: Viewer | null, query = "") {
    const context = new RouterContextProvider();
    context.set(viewerContext, viewer);
    return logLoader({
      request: new Request(`http://localhost:3000/moderacao/registro${query}`),
      context,
      params: {},
    } as never);
  }

  test("records deletes and restores of others' content, role changes and suspensions, and moderators filter it", async () => {
    const { author, other, moderator } = await cast(db());
    const admin = await createMember(db(), { role: "admin" as Role, handle: `admin-${author.id}` });
    const question = await askAs(author);
    const answer = await createAnswer(other, question, "<p>Uma resposta para ser moderada.</p>");
    const own = await askAs(other);

    await deleteAnswer(moderator, answer.id);
    await restoreAnswer(moderator, answer.id);
    await deleteQuestion(moderator, question);
    await restoreQuestion(moderator, question);
    // An author deleting their own question is not moderation.
    await deleteQuestion(other, own);
    await setRole(admin, other.id, "moderator");
    await setRole(admin, other.id, "member");
    await suspendMember(moderator, author.id, { days: 2, reason: "Linguagem ofensiva." });

    const { lines } = await logAs(moderator);
    const summary = lines
      .slice(0, 7)
      .map((l) => [l.action, l.targetKind, l.actor?.handle, l.subject?.handle]);
    expect(summary).toEqual([
      ["suspend", "user", moderator.handle, author.handle],
      ["role", "user", admin.handle, other.handle],
      ["role", "user", admin.handle, other.handle],
      ["restore", "question", moderator.handle, author.handle],
      ["delete", "question", moderator.handle, author.handle],
      ["restore", "answer", moderator.handle, other.handle],
      ["delete", "answer", moderator.handle, other.handle],
    ]);
    expect(lines.some((l) => l.targetKind === "question" && l.targetId === own)).toBe(false);
    expect(lines[0]!.reason).toBe("2 dias: Linguagem ofensiva.");
    expect(lines[1]!.reason).toBe("Membro");
    expect(lines.find((l) => l.action === "delete" && l.targetKind === "answer")!.targetUrl).toBe(
      `/questions/${question}#resposta-${answer.id}`,
    );

    // Filters: by action, by moderator (with or without the @), by member.
    const byAction = await logAs(moderator, "?acao=role");
    expect(byAction.lines.every((l) => l.action === "role")).toBe(true);
    expect(byAction.lines.length).toBeGreaterThanOrEqual(2);
    const byModerator = await logAs(moderator, `?moderador=%40${admin.handle}`);
    expect(byModerator.lines.map((l) => l.action)).toEqual(["role", "role"]);
    const byMember = await logAs(moderator, `?membro=${author.handle}`);
    expect(new Set(byMember.lines.map((l) => l.subject?.handle))).toEqual(new Set([author.handle]));
    expect(byMember.lines.map((l) => l.action)).toEqual(["suspend", "restore", "delete"]);
    const nobody = await logAs(moderator, `?membro=ninguem-com-este-nome`);
    expect(nobody.lines).toEqual([]);
  });

  test("is for moderators only: a 404 for members and visitors", async () => {
    const member = await createMember(db());
    for (const viewer of [null, member]) {
      await expect(logAs(viewer)).rejects.toMatchObject({ init: { status: 404 } });
    }
  });
});

describe("the profile's moderation intents", () => {
  test("suspend, unsuspend, block and the role change (with or without an intent), coming back to a safe returnTo", async () => {
    const { other: member, moderator } = await cast(db());
    const admin = await createMember(db(), { role: "admin" as Role });
    const post = (viewer: Viewer, fields: Record<string, string>) =>
      profileAction(actionArgs(`/u/${member.handle}`, viewer, fields, { handle: member.handle }));

    const refused = await statusOf(() => post(moderator, { intent: "suspend", days: "0", reason: "Spam." }));
    expect(refused).toBe(400);
    const noReason = (await post(moderator, { intent: "suspend", days: "3", reason: " " })) as {
      data: { fieldErrors: { reason?: string } };
    };
    expect(noReason.data.fieldErrors.reason).toBe("Diga o motivo: o membro vai lê-lo.");

    const back = (await post(moderator, {
      intent: "suspend",
      days: "3",
      reason: "Spam.",
      returnTo: "/revisao",
    })) as Response;
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/revisao");
    // An address elsewhere is not followed: the page answers in place.
    const stays = await post(moderator, { intent: "unsuspend", returnTo: "//malicioso.example/" });
    expect(stays).toMatchObject({
      data: { intent: "unsuspend", message: expect.stringMatching(/encerrada/) },
    });

    expect(await statusOf(() => post(member, { intent: "suspend", days: "3", reason: "x" }))).toBe(403);
    expect(await statusOf(() => post(moderator, { intent: "block" }))).toBe(200);
    expect(await blockedAmong(moderator.id, [member.id])).toEqual(new Set([member.id]));
    expect(await statusOf(() => post(moderator, { intent: "qualquer" }))).toBe(400);

    // The role form of old: no intent at all still changes the role.
    expect(await statusOf(() => post(admin, { role: "moderator" }))).toBe(200);
    expect(await statusOf(() => post(admin, { intent: "role", role: "member" }))).toBe(200);
    const roles = await logLoader({
      request: new Request(`http://localhost:3000/moderacao/registro?acao=role&membro=${member.handle}`),
      context: (() => {
        const c = new RouterContextProvider();
        c.set(viewerContext, admin);
        return c;
      })(),
      params: {},
    } as never);
    expect(roles.lines.map((l) => l.reason)).toEqual(["Membro", "Moderador"]);
  });
});
