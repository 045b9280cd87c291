import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { flags, suggestedEdits } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { flagContent } from "./flags.server.ts";
import { countOpenReviewItems, forgetReviewCount, reviewCountFor } from "./review-count.server.ts";
import {
  decideFlags,
  decideSuggestedEdit,
  listReviewQueue,
  REVIEW_MESSAGES,
  type ApplySuggestedEdit,
  type FlagCard,
  undoRemoval,
} from "./review-queue.server.ts";
import { PRIVILEGES, privilegeMessage, REVIEW_PAGE_SIZE } from "./rules.ts";
import {
  commentBy,
  flagsOn,
  logFor,
  moderationNotices,
  questionBy,
  questionRow,
  tagQuestionCount,
} from "#tests/support/moderation.ts";
import { hideTarget } from "./visibility.server.ts";

const db = setupTestDatabase();
let author: Viewer;
let flagger: Viewer;
let another: Viewer;
let reviewer: Viewer;
let secondReviewer: Viewer;
let moderator: Viewer;
let secondModerator: Viewer;
beforeAll(async () => {
  author = await createMember(db());
  flagger = await createMember(db(), { reputation: PRIVILEGES.voteUp.reputation });
  another = await createMember(db(), { reputation: PRIVILEGES.voteUp.reputation });
  reviewer = await createMember(db(), { reputation: PRIVILEGES.review.reputation });
  secondReviewer = await createMember(db(), { reputation: PRIVILEGES.review.reputation });
  moderator = await createMember(db(), { role: "moderator" });
  secondModerator = await createMember(db(), { role: "admin" });
});

const noApply: ApplySuggestedEdit = async () => {};

/** A question flagged as spam by the flagger and as needing improvement by another member. */
async function flaggedQuestion() {
  const question = await questionBy(author);
  await flagContent(flagger, { kind: "question", id: question.id, reason: "spam" });
  await flagContent(another, { kind: "question", id: question.id, reason: "needs_improvement" });
  return question;
}

/** A question the spam defences held (as GATES opens them: hidden, an open `held` flag with no reporter). */
async function heldQuestion() {
  const question = await questionBy(author);
  await db().transaction((tx) => hideTarget(tx, { kind: "question", id: question.id }, null));
  await db().insert(flags).values({
    targetKind: "question",
    targetId: question.id,
    authorId: author.id,
    reason: "held",
  });
  return question;
}

describe("who may review", () => {
  test("a member below the privilege is told how much is missing; visitors sign in", async () => {
    const member = await createMember(db(), { reputation: 200 });
    await expect(listReviewQueue(member, "todos", 1)).rejects.toMatchObject({
      status: 403,
      message: privilegeMessage("review", PRIVILEGES.review.reputation - 200),
    });
    await expect(listReviewQueue(null, "todos", 1)).rejects.toMatchObject({ code: "unauthenticated" });
    const question = await flaggedQuestion();
    await expect(decideFlags(member, { kind: "question", id: question.id }, "dismiss")).rejects.toMatchObject(
      {
        status: 403,
      },
    );
    expect(await reviewCountFor(member)).toBeNull();
    expect(await reviewCountFor(null)).toBeNull();
    expect(await reviewCountFor(reviewer)).toEqual(expect.any(Number));
    expect((await listReviewQueue(reviewer, "todos", 1)).total).toBeGreaterThan(0);
  });

  test("reviewers dismiss and mark helpful; only moderators delete and restore", async () => {
    const question = await flaggedQuestion();
    const target = { kind: "question" as const, id: question.id };
    for (const decision of ["delete", "restore"] as const) {
      await expect(decideFlags(reviewer, target, decision)).rejects.toMatchObject({
        status: 403,
        message: REVIEW_MESSAGES.moderatorsOnly,
      });
    }
    const held = await heldQuestion();
    for (const decision of ["dismiss", "helpful"] as const) {
      await expect(decideFlags(reviewer, { kind: "question", id: held.id }, decision)).rejects.toMatchObject({
        status: 403,
        message: REVIEW_MESSAGES.hiddenModeratorsOnly,
      });
    }
    expect((await questionRow(held.id)).deletedAt).not.toBeNull();
    await decideFlags(reviewer, target, "helpful");
    expect((await flagsOn("question", question.id)).map((f) => f.status)).toEqual(["helpful", "helpful"]);
  });
});

describe("the queue", () => {
  test("one card per item with all its flags, oldest first, filtered by kind, paginated", async () => {
    const first = await flaggedQuestion();
    const held = await heldQuestion();
    const queue = await listReviewQueue(moderator, "todos", 1);
    const cards = queue.cards.filter((c): c is FlagCard => c.type === "flags");
    const card = cards.find((c) => c.key === `question-${first.id}`);
    expect(card).toMatchObject({
      title: first.title,
      url: `/questions/${first.id}`,
      state: "visible",
      author: expect.objectContaining({ id: author.id, reputation: 1 }),
      editUrl: `/questions/${first.id}/editar`,
    });
    expect(card?.flags.map((f) => [f.reason, f.reporter?.handle])).toEqual([
      ["spam", flagger.handle],
      ["needs_improvement", another.handle],
    ]);
    const positions = queue.cards.map((c) => c.key);
    expect(positions.indexOf(`question-${first.id}`)).toBeLessThan(positions.indexOf(`question-${held.id}`));

    const heldOnly = await listReviewQueue(moderator, "retidos", 1);
    expect(heldOnly.cards.map((c) => c.key)).toContain(`question-${held.id}`);
    expect(heldOnly.cards.map((c) => c.key)).not.toContain(`question-${first.id}`);
    const heldCard = heldOnly.cards.find((c) => c.key === `question-${held.id}`) as FlagCard;
    expect(heldCard).toMatchObject({ state: "hidden", flags: [expect.objectContaining({ reporter: null })] });
    expect((await listReviewQueue(moderator, "sinalizacoes", 1)).cards.map((c) => c.key)).not.toContain(
      `question-${held.id}`,
    );

    // Enough items for a second page.
    const busy = await createMember(db(), { reputation: PRIVILEGES.voteUp.reputation });
    for (let i = 0; i < REVIEW_PAGE_SIZE; i++) {
      const comment = await commentBy(author, first.id);
      await flagContent(busy, { kind: "comment", id: comment, reason: "needs_improvement" });
    }
    const page1 = await listReviewQueue(moderator, "sinalizacoes", 1);
    const page2 = await listReviewQueue(moderator, "sinalizacoes", 2);
    expect(page1.cards).toHaveLength(REVIEW_PAGE_SIZE);
    expect(page2.totalPages).toBe(page1.totalPages);
    expect(page2.cards.length).toBe(page1.total - REVIEW_PAGE_SIZE);
    expect(new Set([...page1.cards, ...page2.cards].map((c) => c.key)).size).toBe(page1.total);
    forgetReviewCount();
    expect(await reviewCountFor(moderator)).toBe(await countOpenReviewItems());
  });
});

describe("decisions", () => {
  test("dismissing declines every open flag, logs it and tells each flagger", async () => {
    const question = await flaggedQuestion();
    const result = await decideFlags(reviewer, { kind: "question", id: question.id }, "dismiss");
    expect(result.changedPage).toBeNull();
    const handled = await flagsOn("question", question.id);
    for (const flag of handled) {
      expect(flag).toMatchObject({ status: "declined", handledBy: reviewer.id });
      expect(flag.handledAt).not.toBeNull();
      expect(flag.outcome).toContain("recusada");
    }
    expect((await logFor("question", question.id)).at(-1)).toMatchObject({
      action: "flag_declined",
      actorId: reviewer.id,
      subjectId: author.id,
    });
    for (const person of [flagger, another]) {
      const [notice] = await moderationNotices(person.id);
      expect(notice?.title).toBe(
        `Sua sinalização em “${question.title}” foi recusada: o conteúdo continua publicado.`,
      );
    }
    // A new flag after the decision opens a new item.
    await flagContent(flagger, { kind: "question", id: question.id, reason: "offensive" });
    expect(await flagsOn("question", question.id)).toHaveLength(3);
  });

  test("a moderator's delete removes the item and tells flaggers and the author", async () => {
    const question = await flaggedQuestion();
    const result = await decideFlags(moderator, { kind: "question", id: question.id }, "delete");
    expect(result.changedPage).toEqual({ kind: "question", id: question.id });
    const row = await questionRow(question.id);
    expect(row.deletedBy).toBe(moderator.id);
    expect(await tagQuestionCount(question.tagId)).toBe(0);
    expect((await flagsOn("question", question.id)).every((f) => f.status === "helpful")).toBe(true);
    const [notice] = await moderationNotices(flagger.id);
    expect(notice?.title).toBe(
      `Sua sinalização em “${question.title}” foi considerada útil: o conteúdo foi removido.`,
    );
    const [toAuthor] = await moderationNotices(author.id);
    expect(toAuthor?.title).toBe(`Sua pergunta em “${question.title}” foi removida pela moderação.`);
    expect((await logFor("question", question.id)).at(-1)).toMatchObject({ action: "delete" });
  });

  test("a moderator takes a removal back: the item is on the site and in the queue again, logged", async () => {
    const question = await flaggedQuestion();
    const target = { kind: "question" as const, id: question.id };
    await expect(undoRemoval(moderator, target)).rejects.toMatchObject({ code: "conflict" });
    await decideFlags(moderator, target, "delete");
    await expect(undoRemoval(reviewer, target)).rejects.toMatchObject({ code: "forbidden" });
    const result = await undoRemoval(moderator, target);
    expect(result.changedPage).toEqual({ kind: "question", id: question.id });
    expect((await questionRow(question.id)).deletedAt).toBeNull();
    expect(await tagQuestionCount(question.tagId)).toBe(1);
    expect((await flagsOn("question", question.id)).every((f) => f.status === "open")).toBe(true);
    expect((await logFor("question", question.id)).at(-1)).toMatchObject({ action: "restore" });
    // Nothing left to take back.
    await expect(undoRemoval(moderator, target)).rejects.toMatchObject({ code: "conflict" });
  });

  test("publishing a held item restores it and its counters; deleting a hidden one keeps who did it", async () => {
    const held = await heldQuestion();
    expect(await tagQuestionCount(held.tagId)).toBe(0);
    await decideFlags(moderator, { kind: "question", id: held.id }, "restore");
    const row = await questionRow(held.id);
    expect(row.deletedAt).toBeNull();
    expect(await tagQuestionCount(held.tagId)).toBe(1);
    expect((await logFor("question", held.id)).at(-1)).toMatchObject({ action: "approve" });
    const [notice] = await moderationNotices(author.id);
    expect(notice?.title).toBe(`Sua pergunta em “${held.title}” foi revisada e publicada.`);

    const hidden = await questionBy(author);
    await flagContent(moderator, { kind: "question", id: hidden.id, reason: "spam" });
    expect(await tagQuestionCount(hidden.tagId)).toBe(0);
    await decideFlags(secondModerator, { kind: "question", id: hidden.id }, "delete");
    expect((await questionRow(hidden.id)).deletedBy).toBe(secondModerator.id);
    expect(await tagQuestionCount(hidden.tagId)).toBe(0);

    const again = await questionBy(author);
    await flagContent(moderator, { kind: "question", id: again.id, reason: "spam" });
    await decideFlags(secondModerator, { kind: "question", id: again.id }, "dismiss");
    expect((await questionRow(again.id)).deletedAt).toBeNull();
    expect(await tagQuestionCount(again.tagId)).toBe(1);
  });

  test("a first post approved by a reviewer is logged as approved and leaves the queue", async () => {
    const question = await questionBy(author);
    await db().insert(flags).values({
      targetKind: "question",
      targetId: question.id,
      authorId: author.id,
      reason: "first_post",
    });
    const listed = await listReviewQueue(reviewer, "primeiras", 1);
    expect(listed.cards.map((c) => c.key)).toContain(`question-${question.id}`);
    const result = await decideFlags(reviewer, { kind: "question", id: question.id }, "dismiss");
    expect(result.message).toBe("Publicação aprovada.");
    expect(await flagsOn("question", question.id)).toEqual([
      expect.objectContaining({
        status: "declined",
        outcome: "Revisada e aprovada.",
        handledBy: reviewer.id,
      }),
    ]);
    expect((await logFor("question", question.id)).at(-1)).toMatchObject({ action: "approve" });
    expect((await listReviewQueue(reviewer, "primeiras", 1)).cards.map((c) => c.key)).not.toContain(
      `question-${question.id}`,
    );
  });

  test("two moderators at once: one decides, the other is told, never a 500", async () => {
    const question = await flaggedQuestion();
    const target = { kind: "question" as const, id: question.id };
    const results = await Promise.allSettled([
      decideFlags(moderator, target, "delete"),
      decideFlags(secondModerator, target, "dismiss"),
      decideFlags(reviewer, target, "helpful"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((r) => r.status === "rejected")) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        status: 409,
        message: REVIEW_MESSAGES.alreadyDecided,
      });
    }
    const statuses = new Set((await flagsOn("question", question.id)).map((f) => f.status));
    expect(statuses.size).toBe(1);
    expect(
      (await moderationNotices(flagger.id)).filter((n) => n.title.includes(question.title)),
    ).toHaveLength(1);
  });
});

describe("suggested edits", () => {
  async function suggestion() {
    const question = await questionBy(author);
    const [edit] = await db()
      .insert(suggestedEdits)
      .values({
        targetKind: "question",
        targetId: question.id,
        editorId: flagger.id,
        title: `${question.title} (corrigido)`,
        body: "<p>Uma descrição de pergunta com texto suficiente e mais claro.</p>",
        summary: "Deixei mais claro",
      })
      .returning();
    return { question, edit: edit! };
  }

  test("the queue shows the change; two approvals apply it, rejecting does not; the editor is told", async () => {
    const { question, edit } = await suggestion();
    const queue = await listReviewQueue(reviewer, "edicoes", 1);
    const card = queue.cards.find((c) => c.key === `edit-${edit.id}`);
    expect(card).toMatchObject({
      type: "edit",
      titleChange: { before: question.title, after: `${question.title} (corrigido)` },
      summary: "Deixei mais claro",
    });
    expect(
      card?.type === "edit" &&
        card.textDiff.segments.some((p) => p.kind === "added" && p.text.includes("mais claro")),
    ).toBe(true);
    const applied: number[] = [];
    const apply: ApplySuggestedEdit = async (_tx, e) => {
      applied.push(e.id);
    };
    // The first approval is recorded; the edit waits for another reviewer, and leaves the first one's queue.
    expect(await decideSuggestedEdit(reviewer, edit.id, "approve", apply)).toMatchObject({
      message: REVIEW_MESSAGES.firstApproval,
      changedPage: null,
    });
    expect(applied).toEqual([]);
    expect(
      (await listReviewQueue(reviewer, "edicoes", 1)).cards.some((c) => c.key === `edit-${edit.id}`),
    ).toBe(false);
    await expect(decideSuggestedEdit(reviewer, edit.id, "approve", apply)).rejects.toMatchObject({
      status: 409,
      message: REVIEW_MESSAGES.alreadyApproved,
    });
    expect(
      (await listReviewQueue(secondReviewer, "edicoes", 1)).cards.some((c) => c.key === `edit-${edit.id}`),
    ).toBe(true);
    await decideSuggestedEdit(secondReviewer, edit.id, "approve", apply);
    expect(applied).toEqual([edit.id]);
    const [row] = await db().select().from(suggestedEdits).where(eq(suggestedEdits.id, edit.id));
    expect(row).toMatchObject({
      status: "approved",
      reviewerId: secondReviewer.id,
      firstApproverId: reviewer.id,
    });
    const [notice] = await moderationNotices(flagger.id);
    expect(notice?.title).toBe(`Sua edição sugerida em “${question.title}” foi aprovada e publicada.`);
    expect((await logFor("question", question.id)).at(-1)).toMatchObject({ action: "approve_edit" });

    const other = await suggestion();
    await decideSuggestedEdit(reviewer, other.edit.id, "reject", async () => {
      throw new Error("a rejected edit is never applied");
    });
    const [rejected] = await moderationNotices(flagger.id);
    expect(rejected?.title).toBe(`Sua edição sugerida em “${other.question.title}” foi recusada.`);
  });

  test("a refused application leaves the edit pending; two reviewers at once: one decides", async () => {
    const { edit } = await suggestion();
    await expect(
      decideSuggestedEdit(moderator, edit.id, "approve", async () => {
        throw Object.assign(new Error("x"), {});
      }),
    ).rejects.toThrow();
    const [pending] = await db().select().from(suggestedEdits).where(eq(suggestedEdits.id, edit.id));
    expect(pending?.status).toBe("pending");
    // A moderator's approval publishes alone.
    const results = await Promise.allSettled([
      decideSuggestedEdit(secondModerator, edit.id, "approve", noApply),
      decideSuggestedEdit(moderator, edit.id, "reject", noApply),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({
      status: 409,
      message: REVIEW_MESSAGES.alreadyDecided,
    });
    await expect(decideSuggestedEdit(reviewer, 99_999_999, "approve", noApply)).rejects.toMatchObject({
      status: 404,
    });
  });
});
