// The flag page's and the review queue's actions over HTTP-shaped calls: statuses and messages a form shows,
// and an approved suggested edit written through the questions feature as the suggesting editor's revision.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { revisions, suggestedEdits } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { actionArgs, statusOf } from "#tests/support/route-calls.ts";
import { FLAG_MESSAGES } from "#app/features/moderation/flags.server.ts";
import { REVIEW_MESSAGES } from "#app/features/moderation/review-queue.server.ts";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";
import { createAnswer } from "#app/features/questions/answers.server.ts";
import { getQuestion } from "#app/features/questions/question-detail.server.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { action as flagAction, loader as flagLoader } from "./flag.tsx";
import { action as reviewAction, loader as reviewLoader } from "./review-queue.tsx";
import { RouterContextProvider } from "react-router";
import { viewerContext } from "#app/lib/context.ts";
import type { Viewer } from "#app/lib/viewer.ts";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
let reviewer: Viewer;
let secondReviewer: Viewer;
beforeAll(async () => {
  people = await cast(db());
  reviewer = await createMember(db(), { reputation: PRIVILEGES.review.reputation });
  secondReviewer = await createMember(db(), { reputation: PRIVILEGES.review.reputation });
});

async function answerOf(value: unknown) {
  const reply = value as {
    data: { ok: boolean; message: string; field?: string };
    init?: { status?: number };
  };
  return { status: reply.init?.status ?? 200, ...reply.data };
}

function getArgs(path: string, viewer: Viewer | null) {
  const context = new RouterContextProvider();
  context.set(viewerContext, viewer);
  return { request: new Request(`http://localhost:3000${path}`), context, params: {} } as never;
}

describe("/sinalizar", () => {
  test("a flag, then the same member's second flag: 409 with the message; bad fields: 400 by the field", async () => {
    const question = await askAs(people.author);
    const fields = { kind: "question", id: String(question), reason: "spam" };
    const first = await answerOf(await flagAction(actionArgs("/sinalizar", people.other, fields)));
    expect(first).toMatchObject({ status: 200, ok: true, message: FLAG_MESSAGES.sent });
    const second = await answerOf(await flagAction(actionArgs("/sinalizar", people.other, fields)));
    expect(second).toMatchObject({ status: 409, ok: false, message: "Você já sinalizou este conteúdo." });
    const other = await answerOf(
      await flagAction(actionArgs("/sinalizar", people.rich, { ...fields, reason: "other", note: "" })),
    );
    expect(other).toMatchObject({ status: 400, field: "note", message: FLAG_MESSAGES.note });
  });

  test("malformed ids answer 404, on the page and in the action", async () => {
    for (const bad of ["abc", "1.5", "99999999999", "2147483648", ""]) {
      const reply = await answerOf(
        await flagAction(actionArgs("/sinalizar", people.other, { kind: "answer", id: bad, reason: "spam" })),
      );
      expect(reply.status, bad).toBe(404);
      expect(
        await statusOf(() => flagLoader(getArgs(`/sinalizar?tipo=answer&id=${bad}`, people.other))),
      ).toBe(404);
    }
  });

  test("a visitor is sent to sign in", async () => {
    expect(await statusOf(() => flagLoader(getArgs("/sinalizar?tipo=question&id=1", null)))).toBe(302);
    expect(
      await statusOf(() => flagAction(actionArgs("/sinalizar", null, { kind: "question", id: "1" }))),
    ).toBe(302);
  });
});

describe("/revisao", () => {
  test("members without the privilege get 403; reviewers and moderators see the queue", async () => {
    expect(await statusOf(() => reviewLoader(getArgs("/revisao", people.other)))).toBe(403);
    expect(await statusOf(() => reviewLoader(getArgs("/revisao", reviewer)))).toBe(200);
    expect(
      await statusOf(() => reviewLoader(getArgs("/revisao?tipo=edicoes&page=9", people.moderator))),
    ).toBe(200);
  });

  test("a reviewer's delete is refused with 403; a second decision on the same item is a 409", async () => {
    const question = await askAs(people.author);
    await flagAction(
      actionArgs("/sinalizar", people.other, { kind: "question", id: String(question), reason: "spam" }),
    );
    const target = { kind: "question", id: String(question), position: "0" };
    const refused = await answerOf(
      await reviewAction(actionArgs("/revisao", reviewer, { ...target, intent: "delete" })),
    );
    expect(refused.status).toBe(403);
    const done = await answerOf(
      await reviewAction(actionArgs("/revisao", people.moderator, { ...target, intent: "delete" })),
    );
    expect(done).toMatchObject({ status: 200, ok: true, message: "Conteúdo excluído." });
    const late = await answerOf(
      await reviewAction(actionArgs("/revisao", reviewer, { ...target, intent: "dismiss" })),
    );
    expect(late).toMatchObject({
      status: 409,
      message: "Outra pessoa já revisou este item. A fila foi atualizada.",
    });
    const unknown = await answerOf(
      await reviewAction(actionArgs("/revisao", reviewer, { ...target, intent: "explode" })),
    );
    expect(unknown.status).toBe(400);
  });

  test("a suggested edit approved twice becomes the question's text, as the suggesting editor's revision", async () => {
    const question = await askAs(people.author);
    const [edit] = await db()
      .insert(suggestedEdits)
      .values({
        targetKind: "question",
        targetId: question,
        editorId: people.other.id,
        title: "Um título melhor para esta pergunta de teste",
        body: "<p>Uma descrição reescrita, mais clara e com detalhes suficientes.</p><script>x</script>",
        summary: "Título mais claro",
      })
      .returning();
    const approve = (who: Viewer) =>
      reviewAction(
        actionArgs("/revisao", who, { intent: "approve-edit", editId: String(edit!.id), position: "0" }),
      );
    // The first approval waits for a second reviewer; the text is unchanged until then.
    expect(await answerOf(await approve(reviewer))).toMatchObject({
      status: 200,
      ok: true,
      message: REVIEW_MESSAGES.firstApproval,
    });
    expect((await getQuestion(people.author, question))?.title).not.toBe(
      "Um título melhor para esta pergunta de teste",
    );
    expect(await answerOf(await approve(reviewer))).toMatchObject({
      status: 409,
      message: REVIEW_MESSAGES.alreadyApproved,
    });
    expect(await answerOf(await approve(secondReviewer))).toMatchObject({ status: 200, ok: true });
    const updated = await getQuestion(people.author, question);
    expect(updated?.title).toBe("Um título melhor para esta pergunta de teste");
    expect(updated?.description).not.toContain("<script");
    expect(updated?.tags.map((t) => t.name)).toEqual(["javascript"]);
    const [revision] = await db()
      .select()
      .from(revisions)
      .where(and(eq(revisions.targetKind, "question"), eq(revisions.targetId, question)))
      .orderBy(revisions.id)
      .offset(1);
    expect(revision?.editorId).toBe(people.other.id);
  });

  test("an answer's suggested edit too; one that no longer passes the checks stays pending with the message", async () => {
    const question = await askAs(people.author);
    const answer = await createAnswer(
      people.author,
      question,
      "<p>Resposta original. (com texto o bastante para uma resposta)</p>",
    );
    const [good, empty] = await db()
      .insert(suggestedEdits)
      .values([
        {
          targetKind: "answer",
          targetId: answer.id,
          editorId: people.other.id,
          body: "<p>Resposta melhor, com o exemplo completo.</p>",
        },
        { targetKind: "answer", targetId: answer.id, editorId: people.rich.id, body: "<p> </p>" },
      ])
      .returning();
    // A moderator's approval publishes at once, so the checks run on it.
    const refused = await answerOf(
      await reviewAction(
        actionArgs("/revisao", people.moderator, { intent: "approve-edit", editId: String(empty!.id) }),
      ),
    );
    expect(refused.status).toBe(400);
    const [still] = await db().select().from(suggestedEdits).where(eq(suggestedEdits.id, empty!.id));
    expect(still?.status).toBe("pending");
    await reviewAction(
      actionArgs("/revisao", people.moderator, { intent: "approve-edit", editId: String(good!.id) }),
    );
    const all = await db()
      .select()
      .from(revisions)
      .where(and(eq(revisions.targetKind, "answer"), eq(revisions.targetId, answer.id)));
    expect(all.at(-1)).toMatchObject({
      editorId: people.other.id,
      body: "<p>Resposta melhor, com o exemplo completo.</p>",
    });
  });
});
