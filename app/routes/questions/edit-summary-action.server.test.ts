// The edit forms' "resumo da edição" through the routes' actions: too long is a 400 with the message by the
// field (never a 500), and nothing is saved; within the limit the edit goes through.
import { beforeAll, describe, expect, test } from "vitest";
import { createAnswer } from "#app/features/questions/answers.server.ts";
import { answerHistory, questionHistory } from "#app/features/questions/revision-page.server.ts";
import { MESSAGES, REVISION_SUMMARY_MAX } from "#app/features/questions/rules.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { actionArgs, statusOf } from "#tests/support/route-calls.ts";
import { action as editAnswer } from "./answer-edit.tsx";
import { action as editQuestion } from "./question-edit.tsx";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

const questionFields = {
  title: "Como faço para ordenar datas em JavaScript corretamente?",
  description: "Minha lista de eventos sai fora de ordem quando ordeno por data.",
  details: "Tentei usar sort sem função e esperava a ordem cronológica.",
  tags: "javascript",
};

type Reply = { data?: { result?: { error?: Record<string, string[]> } } };

describe("editing a question", () => {
  test("a summary too long: 400, the message by the field, nothing saved", async () => {
    const id = await askAs(people.author);
    const args = actionArgs(
      `/questions/${id}/editar`,
      people.author,
      { ...questionFields, summary: "x".repeat(REVISION_SUMMARY_MAX + 1) },
      { id: String(id) },
    );
    const reply = (await editQuestion(args)) as Reply;
    expect(await statusOf(async () => reply)).toBe(400);
    expect(reply.data?.result?.error?.summary).toEqual([MESSAGES.summaryLong]);
    expect((await questionHistory(null, id))?.revisions).toHaveLength(1);
  });

  test("with a summary: the edit is saved with it", async () => {
    const id = await askAs(people.author);
    const status = await statusOf(() =>
      editQuestion(
        actionArgs(
          `/questions/${id}/editar`,
          people.author,
          { ...questionFields, summary: "Expliquei melhor o problema" },
          { id: String(id) },
        ),
      ),
    );
    expect(status).toBe(302);
    expect((await questionHistory(null, id))?.revisions.at(-1)?.summary).toBe("Expliquei melhor o problema");
  });
});

describe("editing an answer", () => {
  test("a summary too long: 400 by the field; within the limit the edit is saved with it", async () => {
    const id = await askAs(people.author);
    const { id: answerId } = await createAnswer(
      people.other,
      id,
      "<p>Use sort. (com texto o bastante para uma resposta)</p>",
    );
    const path = `/questions/${id}/respostas/${answerId}/editar`;
    const params = { id: String(id), answerId: String(answerId) };
    const reply = (await editAnswer(
      actionArgs(
        path,
        people.other,
        { body: "Use sort com uma função de comparação.", summary: "y".repeat(301) },
        params,
      ),
    )) as Reply;
    expect(await statusOf(async () => reply)).toBe(400);
    expect(reply.data?.result?.error?.summary).toEqual([MESSAGES.summaryLong]);

    const status = await statusOf(() =>
      editAnswer(
        actionArgs(
          path,
          people.other,
          { body: "Use sort com uma função de comparação.", summary: "Completei" },
          params,
        ),
      ),
    );
    expect(status).toBe(302);
    expect((await answerHistory(null, id, answerId))?.revisions.map((r) => r.summary)).toEqual([
      null,
      "Completei",
    ]);
  });
});
