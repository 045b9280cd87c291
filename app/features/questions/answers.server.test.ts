import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { questions, revisions, users } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import {
  acceptAnswer,
  ANSWER_MESSAGES,
  createAnswer,
  deleteAnswer,
  getAnswerForEdit,
  restoreAnswer,
  updateAnswer,
} from "./answers.server.ts";
import { listAnswers } from "./answer-list.server.ts";
import { getQuestion } from "./question-detail.server.ts";
import { deleteQuestion } from "./question-writes.server.ts";
import { ledgerReputation } from "./reputation.server.ts";
import { ANSWER_MIN, MESSAGES } from "./schemas.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { castVote } from "./votes.server.ts";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

async function answerCount(id: number) {
  const [row] = await db().select({ n: questions.answerCount }).from(questions).where(eq(questions.id, id));
  return row?.n;
}
async function reputationOf(id: number) {
  const [row] = await db().select({ r: users.reputation }).from(users).where(eq(users.id, id));
  return row?.r;
}

describe("answering", () => {
  test("a visitor cannot answer; members can, their own question included", async () => {
    const id = await askAs(people.author);
    await expect(
      createAnswer(null, id, "<p>Oi (com texto o bastante para uma resposta)</p>"),
    ).rejects.toMatchObject({ code: "unauthenticated" });
    await createAnswer(
      people.other,
      id,
      "<p>Resposta de outra pessoa. (com texto o bastante para uma resposta)</p>",
    );
    await createAnswer(
      people.author,
      id,
      "<p>Eu mesma achei a solução. (com texto o bastante para uma resposta)</p>",
    );
    expect(await answerCount(id)).toBe(2);
  });

  test("an empty answer is refused with a message", async () => {
    const id = await askAs(people.author);
    for (const html of ["", "<p></p>", "<p>   </p><p><br></p>"]) {
      await expect(createAnswer(people.other, id, html)).rejects.toMatchObject({
        code: "validation",
        field: "body",
        message: MESSAGES.answerEmpty,
      });
    }
    expect(await answerCount(id)).toBe(0);
  });

  test("an answer shorter than 30 characters of text is refused: markup and spaces do not count", async () => {
    const id = await askAs(people.author);
    for (const html of ["<p>Valeu</p>", `<p><strong>${"a".repeat(ANSWER_MIN - 1)}</strong>   </p>`]) {
      await expect(createAnswer(people.other, id, html)).rejects.toMatchObject({
        code: "validation",
        field: "body",
        message: MESSAGES.answerShort,
      });
    }
    expect(await answerCount(id)).toBe(0);
    await createAnswer(people.other, id, `<p>${"a".repeat(ANSWER_MIN)}</p>`);
    expect(await answerCount(id)).toBe(1);
  });

  test("no answers on a missing or deleted question", async () => {
    const id = await askAs(people.author);
    await deleteQuestion(people.author, id);
    await expect(
      createAnswer(people.other, id, "<p>Tarde demais. (com texto o bastante para uma resposta)</p>"),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });

  test("two members answering at the same moment both count", async () => {
    const id = await askAs(people.author);
    const answerers = await Promise.all(Array.from({ length: 6 }, () => createMember(db())));
    await Promise.all(
      answerers.map((a, i) =>
        createAnswer(a, id, `<p>Resposta simultânea número ${i}, escrita ao mesmo tempo.</p>`),
      ),
    );
    expect(await answerCount(id)).toBe(6);
    expect(await listAnswers(null, id)).toHaveLength(6);
  });
});

describe("order and acceptance", () => {
  test("newest, oldest and most voted, with the accepted one always first", async () => {
    const id = await askAs(people.author);
    const a1 = (
      await createAnswer(people.other, id, "<p>Primeira (com texto o bastante para uma resposta)</p>")
    ).id;
    const a2 = (
      await createAnswer(people.moderator, id, "<p>Segunda (com texto o bastante para uma resposta)</p>")
    ).id;
    const a3 = (
      await createAnswer(people.rich, id, "<p>Terceira (com texto o bastante para uma resposta)</p>")
    ).id;
    await castVote(people.rich, { kind: "answer", id: a2 }, 1);
    const order = async (o: "newest" | "oldest" | "votes") =>
      (await listAnswers(null, id, o)).map((a) => a.id);
    expect(await order("newest")).toEqual([a3, a2, a1]);
    expect(await order("oldest")).toEqual([a1, a2, a3]);
    expect(await order("votes")).toEqual([a2, a1, a3]);
    await acceptAnswer(people.author, a3);
    expect(await order("oldest")).toEqual([a3, a1, a2]);
    expect((await listAnswers(null, id, "oldest"))[0]?.accepted).toBe(true);
  });

  test("permission matrix for accepting: only the asker", async () => {
    const id = await askAs(people.author);
    const { id: answerId } = await createAnswer(
      people.other,
      id,
      "<p>Uma resposta (com texto o bastante para uma resposta)</p>",
    );
    await expect(acceptAnswer(null, answerId)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(acceptAnswer(people.other, answerId)).rejects.toMatchObject({
      code: "forbidden",
      message: ANSWER_MESSAGES.acceptOnlyAsker,
    });
    await expect(acceptAnswer(people.moderator, answerId)).rejects.toMatchObject({ code: "forbidden" });
    await expect(acceptAnswer(people.author, answerId)).resolves.toMatchObject({ accepted: true });
  });

  test("+15 to the answerer; moving or removing the mark moves the reputation back", async () => {
    const asker = await createMember(db());
    const [ana, bia] = [await createMember(db()), await createMember(db())];
    const id = await askAs(asker);
    const a = (await createAnswer(ana, id, "<p>Resposta da Ana (com texto o bastante para uma resposta)</p>"))
      .id;
    const b = (await createAnswer(bia, id, "<p>Resposta da Bia (com texto o bastante para uma resposta)</p>"))
      .id;
    await acceptAnswer(asker, a);
    expect(await reputationOf(ana.id)).toBe(16);
    await acceptAnswer(asker, b);
    expect([await reputationOf(ana.id), await reputationOf(bia.id)]).toEqual([1, 16]);
    expect((await getQuestion(null, id))?.acceptedAnswerId).toBe(b);
    await expect(acceptAnswer(asker, b)).resolves.toMatchObject({ accepted: false });
    expect(await reputationOf(bia.id)).toBe(1);
    expect((await getQuestion(null, id))?.acceptedAnswerId).toBeNull();
    expect(await ledgerReputation(ana.id)).toBe(1);
    expect(await ledgerReputation(bia.id)).toBe(1);
  });

  test("accepting one's own answer earns nothing", async () => {
    const asker = await createMember(db());
    const id = await askAs(asker);
    const { id: mine } = await createAnswer(
      asker,
      id,
      "<p>Resolvi sozinha (com texto o bastante para uma resposta)</p>",
    );
    await acceptAnswer(asker, mine);
    expect(await reputationOf(asker.id)).toBe(1);
  });
});

describe("editing, deleting and restoring answers", () => {
  test("permission matrix for editing, with revisions", async () => {
    const id = await askAs(people.author);
    const { id: answerId } = await createAnswer(
      people.other,
      id,
      "<p>Versão um (com texto o bastante para uma resposta)</p>",
    );
    await expect(
      updateAnswer(null, answerId, "<p>x y z (com texto o bastante para uma resposta)</p>"),
    ).rejects.toMatchObject({
      code: "unauthenticated",
    });
    // Below the editDirectly privilege an edit of someone else's answer waits for review.
    await expect(
      updateAnswer(people.author, answerId, "<p>Versão alheia (com texto o bastante para uma resposta)</p>"),
    ).resolves.toMatchObject({
      changed: false,
      suggested: true,
    });
    await updateAnswer(people.other, answerId, "<p>Versão dois (com texto o bastante para uma resposta)</p>");
    await updateAnswer(
      people.moderator,
      answerId,
      "<p>Versão três (com texto o bastante para uma resposta)</p>",
    );
    await expect(updateAnswer(people.other, answerId, "<p></p>")).rejects.toMatchObject({ field: "body" });
    const history = await db().select().from(revisions).where(eq(revisions.targetId, answerId));
    expect(history.filter((r) => r.targetKind === "answer").map((r) => [r.editorId, r.body])).toEqual([
      [people.other.id, "<p>Versão um (com texto o bastante para uma resposta)</p>"],
      [people.other.id, "<p>Versão dois (com texto o bastante para uma resposta)</p>"],
      [people.moderator.id, "<p>Versão três (com texto o bastante para uma resposta)</p>"],
    ]);
    expect(await getAnswerForEdit(null, answerId)).toBeNull();
    expect(await getAnswerForEdit(people.author, answerId)).toMatchObject({ mode: "suggest" });
    expect(await getAnswerForEdit(people.moderator, answerId)).toMatchObject({
      body: "<p>Versão três (com texto o bastante para uma resposta)</p>",
    });
  });

  test("permission matrix for deleting; moderators restore; counts stay exact", async () => {
    const id = await askAs(people.author);
    const { id: answerId } = await createAnswer(
      people.other,
      id,
      "<p>Vou apagar (com texto o bastante para uma resposta)</p>",
    );
    await expect(deleteAnswer(null, answerId)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(deleteAnswer(people.author, answerId)).rejects.toMatchObject({ code: "forbidden" });
    await deleteAnswer(people.other, answerId);
    expect(await answerCount(id)).toBe(0);
    expect(await listAnswers(null, id)).toHaveLength(0);
    expect(await listAnswers(people.moderator, id)).toHaveLength(1);
    await expect(deleteAnswer(people.other, answerId)).rejects.toMatchObject({ code: "not_found" });
    await expect(restoreAnswer(people.other, answerId)).rejects.toMatchObject({ code: "forbidden" });
    await restoreAnswer(people.moderator, answerId);
    expect(await answerCount(id)).toBe(1);
    const { id: second } = await createAnswer(
      people.rich,
      id,
      "<p>Outra (com texto o bastante para uma resposta)</p>",
    );
    await deleteAnswer(people.moderator, second);
    expect(await answerCount(id)).toBe(1);
  });

  test("the accepted answer: its author cannot delete it; a moderator can, taking the +15 back", async () => {
    const answerer = await createMember(db());
    const id = await askAs(people.author);
    const { id: answerId } = await createAnswer(
      answerer,
      id,
      "<p>A aceita (com texto o bastante para uma resposta)</p>",
    );
    await acceptAnswer(people.author, answerId);
    await expect(deleteAnswer(answerer, answerId)).rejects.toMatchObject({
      message: ANSWER_MESSAGES.acceptedNotDeletable,
    });
    await deleteAnswer(people.moderator, answerId);
    expect((await getQuestion(null, id))?.acceptedAnswerId).toBeNull();
    expect(await reputationOf(answerer.id)).toBe(1);
  });
});
