// The moderation's security review: each test fails on the code before its fix.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { questions, suggestedEdits } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { updateAnswer } from "#app/features/questions/answers.server.ts";
import { applyQuestionEdit, updateQuestion } from "#app/features/questions/question-writes.server.ts";
import { flagContent, flagFormTarget } from "#app/features/moderation/flags.server.ts";
import {
  decideFlags,
  decideSuggestedEdit,
  listReviewQueue,
  REVIEW_MESSAGES,
} from "#app/features/moderation/review-queue.server.ts";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";
import { addBlockedTerm, SPAM_MESSAGES } from "#app/features/moderation/spam-defences.server.ts";
import { answerBy, questionBy } from "#tests/support/moderation.ts";
import { hideTarget } from "#app/features/moderation/visibility.server.ts";

const db = setupTestDatabase();
let author: Viewer;
let reviewer: Viewer;
let flagger: Viewer;
let admin: Viewer;
beforeAll(async () => {
  author = await createMember(db());
  reviewer = await createMember(db(), { reputation: PRIVILEGES.review.reputation });
  flagger = await createMember(db(), { reputation: PRIVILEGES.voteUp.reputation });
  admin = await createMember(db(), { role: "admin" });
});

const words = (n: number, seed: string) =>
  Array.from({ length: n }, (_, i) => `${seed}${(i * 7919) % 100_003}`).join(" ");

describe("reviewers never judge their own work", () => {
  test("a reviewer's own suggested edit is neither listed to them nor approvable by them", async () => {
    const question = await questionBy(author);
    const [edit] = await db()
      .insert(suggestedEdits)
      .values({
        targetKind: "question",
        targetId: question.id,
        editorId: reviewer.id,
        body: "<p>Uma descrição reescrita por quem revisa, para passar sem revisão.</p>",
      })
      .returning();
    const queue = await listReviewQueue(reviewer, "edicoes", 1);
    expect(queue.cards.map((c) => c.key)).not.toContain(`edit-${edit!.id}`);
    await expect(decideSuggestedEdit(reviewer, edit!.id, "approve", async () => {})).rejects.toMatchObject({
      status: 403,
      message: REVIEW_MESSAGES.ownItem,
    });
    const [row] = await db().select().from(suggestedEdits).where(eq(suggestedEdits.id, edit!.id));
    expect(row!.status).toBe("pending");
  });

  test("flags on a reviewer's own answer are neither listed to them nor dismissable by them", async () => {
    const question = await questionBy(author);
    const answerId = await answerBy(reviewer, question.id);
    await flagContent(flagger, { kind: "answer", id: answerId, reason: "needs_improvement" });
    const queue = await listReviewQueue(reviewer, "sinalizacoes", 1);
    expect(queue.cards.map((c) => c.key)).not.toContain(`answer-${answerId}`);
    await expect(decideFlags(reviewer, { kind: "answer", id: answerId }, "dismiss")).rejects.toMatchObject({
      status: 403,
      message: REVIEW_MESSAGES.ownItem,
    });
  });
});

test("a huge suggestion's diff is bounded: the queue answers in seconds, not minutes", async () => {
  const question = await questionBy(author);
  await db()
    .update(questions)
    .set({ description: `<p>${words(12_000, "antes")}</p>` })
    .where(eq(questions.id, question.id));
  await db()
    .insert(suggestedEdits)
    .values({
      targetKind: "question",
      targetId: question.id,
      editorId: flagger.id,
      body: `<p>${words(12_000, "depois")}</p>`,
    });
  const started = performance.now();
  await listReviewQueue(admin, "edicoes", 1);
  // Unbounded, diffing 12 000 words against 12 000 others takes minutes.
  expect(performance.now() - started).toBeLessThan(15_000);
}, 60_000);

test("an edit that brings in a blocked word is refused, the published text unchanged", async () => {
  await addBlockedTerm(admin, { kind: "word", value: "cassinoxyz" });
  const question = await questionBy(author);
  await expect(
    updateQuestion(author, question.id, {
      title: question.title,
      description: "<p>Agora com link para o cassinoxyz, o melhor de todos os tempos.</p>",
      details: "<p>Tentei de tudo, nada funcionou ainda.</p>",
      tags: ["javascript"],
    }),
  ).rejects.toMatchObject({ status: 400, message: SPAM_MESSAGES.editRefused });
  const answerId = await answerBy(author, question.id);
  await expect(
    updateAnswer(author, answerId, "<p>Resposta editada com cassinoxyz no meio do texto.</p>"),
  ).rejects.toMatchObject({ status: 400, message: SPAM_MESSAGES.editRefused });
  const [row] = await db().select().from(questions).where(eq(questions.id, question.id));
  expect(row!.description).not.toContain("cassinoxyz");
});

test("a suggestion approved after the question was locked does not edit it", async () => {
  const question = await questionBy(author);
  await db().update(questions).set({ lockedAt: new Date() }).where(eq(questions.id, question.id));
  await expect(
    db().transaction((tx) =>
      applyQuestionEdit(tx, question.id, flagger.id, {
        title: null,
        description: "<p>Uma descrição trocada depois do bloqueio da pergunta.</p>",
        details: null,
        tags: null,
      }),
    ),
  ).rejects.toMatchObject({ status: 409 });
});

test("an answer on a hidden question cannot be flagged, and its page does not name the question", async () => {
  const question = await questionBy(author);
  const answerId = await answerBy(reviewer, question.id);
  await db().transaction((tx) => hideTarget(tx, { kind: "question", id: question.id }, null));
  expect(await flagFormTarget("answer", answerId)).toBeNull();
  await expect(flagContent(flagger, { kind: "answer", id: answerId, reason: "spam" })).rejects.toMatchObject({
    status: 404,
  });
});
