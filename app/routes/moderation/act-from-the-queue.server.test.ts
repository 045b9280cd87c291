// A moderator's busy day from the review queue (/revisao), through its action as the card's forms post it:
// suspending a card's author removes the card's item too (unless unticked), in one transaction; closing a
// question from its card (as the duplicate its flag named) settles its flags, so it leaves the queue; each
// answer says what happened, in the words the queue shows, on the same filter.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { flags, questions, users } from "#db/schema.ts";
import { flagContent } from "#app/features/moderation/flags.server.ts";
import { listReviewQueue, REVIEW_MESSAGES } from "#app/features/moderation/review-queue.server.ts";
import { SUSPEND_MESSAGES } from "#app/features/moderation/suspensions.server.ts";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";
import { visitorPageContext } from "#app/lib/context.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { actionArgs } from "#tests/support/route-calls.ts";
import { action as reviewAction } from "./review-queue.tsx";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
let voter: Viewer;
beforeAll(async () => {
  people = await cast(db());
  voter = await createMember(db(), { reputation: PRIVILEGES.closeVote.reputation });
});

const openFlagsOn = async (id: number) =>
  (await db().select().from(flags).where(eq(flags.targetId, id))).filter(
    (f) => f.targetKind === "question" && f.status === "open",
  );
const questionRow = async (id: number) =>
  (await db().select().from(questions).where(eq(questions.id, id)))[0]!;
const suspendedUntil = async (viewer: Viewer) =>
  (await db().select({ until: users.suspendedUntil }).from(users).where(eq(users.id, viewer.id)))[0]?.until ??
  null;
const inQueue = async (id: number) =>
  (await listReviewQueue(people.moderator, "todos", 1)).cards.some((c) => c.key === `question-${id}`);

/** The queue's action, posted as a card's form from `/revisao?tipo=sinalizacoes`: status, reply, visitor note. */
async function post(viewer: Viewer, fields: Record<string, string>) {
  const args = actionArgs("/revisao?tipo=sinalizacoes", viewer, { position: "0", ...fields }) as {
    context: { get: (key: unknown) => unknown };
  };
  const reply = (await reviewAction(args as never)) as unknown as {
    data: { ok: boolean; message: string; key: string; field?: string };
    init?: { status?: number };
  };
  const note = args.context.get(visitorPageContext) as { changes?: unknown };
  return { status: reply.init?.status ?? 200, ...reply.data, changes: note.changes };
}

describe("suspending from a card", () => {
  test("the author is suspended and the item removed in one go; the reply says both and the card is gone", async () => {
    const spam = await askAs(people.author, { title: "Cupom imperdível de cursos, clique já no link" });
    await flagContent(people.other, { kind: "question", id: spam, reason: "spam" });
    expect(await inQueue(spam)).toBe(true);
    const reply = await post(people.moderator, {
      intent: "suspend",
      kind: "question",
      id: String(spam),
      days: "7",
      reason: "Propaganda.",
      remove: "on",
    });
    expect(reply).toMatchObject({ status: 200, ok: true, key: `question-${spam}` });
    expect(reply.message).toMatch(
      /^Autora da Pergunta foi suspenso até \d\d\/\d\d\/\d{4}, \d\d:\d\d e a pergunta foi removida\.$/,
    );
    // Visitors' copies of the question's page go at once.
    expect(reply.changes).toEqual({ topics: [`question:${spam}`] });
    expect((await questionRow(spam)).deletedAt).not.toBeNull();
    expect(await openFlagsOn(spam)).toEqual([]);
    expect(await suspendedUntil(people.author)).not.toBeNull();
    expect(await inQueue(spam)).toBe(false);
  });

  test("unticked, the member is suspended and the item stays in the queue, as the reply says", async () => {
    const kept = await askAs(people.rich);
    await flagContent(people.other, { kind: "question", id: kept, reason: "offensive" });
    const reply = await post(people.moderator, {
      intent: "suspend",
      kind: "question",
      id: String(kept),
      days: "1",
      reason: "Aviso.",
    });
    expect(reply.message).toMatch(/^Pessoa Rica foi suspenso até .+; a pergunta continua na fila\.$/);
    expect(reply.changes).toBe("nothing");
    expect((await questionRow(kept)).deletedAt).toBeNull();
    expect((await openFlagsOn(kept)).map((f) => f.reason)).toContain("offensive");
    expect(await suspendedUntil(people.rich)).not.toBeNull();
  });

  test("a refusal of either part changes nothing: no removal without the suspension, and the other way round", async () => {
    // The author is an administrator: nobody suspends one, so the item is not removed either.
    const admin = await createMember(db(), { role: "admin" });
    const byAdmin = await askAs(admin);
    await flagContent(people.other, { kind: "question", id: byAdmin, reason: "spam" });
    const refused = await post(people.moderator, {
      intent: "suspend",
      kind: "question",
      id: String(byAdmin),
      days: "3",
      reason: "Propaganda.",
      remove: "on",
    });
    expect(refused).toMatchObject({ status: 403, ok: false, message: SUSPEND_MESSAGES.admin });
    expect((await questionRow(byAdmin)).deletedAt).toBeNull();
    expect(await openFlagsOn(byAdmin)).toHaveLength(1);

    // Another moderator settled the card meanwhile: the member is not suspended on a stale card.
    const member = await createMember(db());
    const decided = await askAs(member);
    await flagContent(people.other, { kind: "question", id: decided, reason: "spam" });
    const other = await createMember(db(), { role: "moderator" });
    await post(other, { intent: "dismiss", kind: "question", id: String(decided) });
    const stale = await post(people.moderator, {
      intent: "suspend",
      kind: "question",
      id: String(decided),
      days: "3",
      reason: "Propaganda.",
      remove: "on",
    });
    expect(stale).toMatchObject({ status: 409, ok: false, message: REVIEW_MESSAGES.alreadyDecided });
    expect(await suspendedUntil(member)).toBeNull();

    // Days out of bounds: refused by the field, before anything changes.
    const bad = await post(people.moderator, {
      intent: "suspend",
      kind: "question",
      id: String(byAdmin),
      days: "0",
      reason: "x",
    });
    expect(bad).toMatchObject({ status: 400, ok: false, field: "days" });
  });

  test("only moderators suspend from the queue", async () => {
    const reviewer = await createMember(db(), { reputation: PRIVILEGES.review.reputation });
    const asked = await askAs(people.author);
    await flagContent(people.other, { kind: "question", id: asked, reason: "spam" });
    const reply = await post(reviewer, {
      intent: "suspend",
      kind: "question",
      id: String(asked),
      days: "3",
      reason: "Propaganda.",
      remove: "on",
    });
    expect(reply).toMatchObject({ status: 403, ok: false, message: SUSPEND_MESSAGES.moderatorsOnly });
    expect((await questionRow(asked)).deletedAt).toBeNull();
  });
});

describe("closing from a card", () => {
  test("closed as the duplicate its flag named: flags settled, the card leaves, the reply says so", async () => {
    const original = await askAs(people.rich);
    const asked = await askAs(people.other);
    await flagContent(people.rich, {
      kind: "question",
      id: asked,
      reason: "duplicate",
      duplicateOf: `#${original}`,
    });
    expect(await inQueue(asked)).toBe(true);
    const reply = await post(people.moderator, {
      intent: "close",
      kind: "question",
      id: String(asked),
      reason: "duplicate",
      duplicateOf: String(original),
    });
    expect(reply).toMatchObject({
      status: 200,
      ok: true,
      message: `Pergunta fechada como duplicada de #${original}: as sinalizações foram resolvidas e ela saiu da fila.`,
    });
    // The duplicate's page and the original's (it lists its duplicates) change for visitors.
    expect(reply.changes).toEqual({ topics: [`question:${asked}`, `question:${original}`] });
    const row = await questionRow(asked);
    expect(row.closedAt).not.toBeNull();
    expect(row.duplicateOfId).toBe(original);
    expect(await openFlagsOn(asked)).toEqual([]);
    expect(await inQueue(asked)).toBe(false);
  });

  test("a member's vote to close leaves the card in the queue and says how many votes stand", async () => {
    const asked = await askAs(people.author);
    await flagContent(people.other, { kind: "question", id: asked, reason: "needs_improvement" });
    const reply = await post(voter, {
      intent: "close",
      kind: "question",
      id: String(asked),
      reason: "needs_details",
    });
    expect(reply).toMatchObject({ ok: true, message: "Seu voto para fechar foi registrado: 1 de 3." });
    expect(reply.changes).toBe("nothing");
    expect((await questionRow(asked)).closedAt).toBeNull();
    expect(await openFlagsOn(asked)).toHaveLength(1);
  });

  test("a wrong original is refused by its field; closing or locking another kind of card is not found", async () => {
    const asked = await askAs(people.author);
    await flagContent(people.other, { kind: "question", id: asked, reason: "needs_improvement" });
    const wrong = await post(people.moderator, {
      intent: "close",
      kind: "question",
      id: String(asked),
      reason: "duplicate",
      duplicateOf: String(asked),
    });
    expect(wrong).toMatchObject({ status: 400, ok: false, field: "duplicateOf" });
    expect(wrong.message).toBe("Uma pergunta não pode ser duplicada dela mesma.");
    for (const intent of ["close", "lock"]) {
      const reply = await post(people.moderator, {
        intent,
        kind: "answer",
        id: String(asked),
        reason: "duplicate",
      });
      expect(reply).toMatchObject({ status: 404, ok: false });
    }
  });

  test("locking from a card says so and keeps the card for its flags", async () => {
    const asked = await askAs(people.author);
    await flagContent(people.other, { kind: "question", id: asked, reason: "offensive" });
    const reply = await post(people.moderator, { intent: "lock", kind: "question", id: String(asked) });
    expect(reply).toMatchObject({ ok: true, message: expect.stringMatching(/^Pergunta bloqueada/) });
    expect((await questionRow(asked)).lockedAt).not.toBeNull();
    expect(await inQueue(asked)).toBe(true);
  });
});
