// Editing with a "resumo da edição" and reading the history: the summary is kept with the revision (plain text,
// bounded) and each revision shows, word by word, what changed from the one before.
import { beforeAll, describe, expect, test } from "vitest";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createAnswer, updateAnswer } from "./answers.server.ts";
import { updateQuestion } from "./question-writes.server.ts";
import { answerHistory, questionHistory } from "./revision-page.server.ts";
import { MESSAGES, REVISION_SUMMARY_MAX } from "./rules.ts";
import { askAs, cast, questionInput } from "#tests/support/questions.ts";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

describe("editing a question with a summary", () => {
  test("the history shows who, the summary and the words that changed", async () => {
    const original = questionInput({
      title: "Como ordenar uma lista de objetos por data?",
      description: "<p>Minha lista de eventos sai fora de ordem quando ordeno.</p>",
      tags: ["javascript", "arrays"],
    });
    const id = await askAs(people.author, original);
    await updateQuestion(people.moderator, id, {
      ...original,
      title: "Como ordenar uma lista de objetos por data em JavaScript?",
      description: "<p>Minha lista de <strong>eventos</strong> sai embaralhada quando ordeno.</p>",
      tags: ["javascript", "datas"],
      summary: "  Deixei o título\nmais claro  ",
    });

    const history = await questionHistory(null, id);
    expect(history?.revisions).toHaveLength(2);
    const [first, second] = history!.revisions;
    expect(first!.summary).toBeNull();
    // The original is shown as it was written, not as all inserted.
    expect(first!.diff.title?.segments).toEqual([{ kind: "same", text: original.title }]);
    expect(second).toMatchObject({
      editor: { id: people.moderator.id },
      summary: "Deixei o título mais claro",
    });
    expect(second!.changes).toEqual(["título", "detalhes", "tags"]);
    expect(second!.diff.title?.segments).toEqual([
      { kind: "same", text: "Como ordenar uma lista de objetos por data" },
      { kind: "added", text: " em JavaScript" },
      { kind: "same", text: "?" },
    ]);
    // Markup is not compared (the bold word is the same word); the replaced phrase reads as one change.
    expect(second!.diff.body?.segments).toEqual([
      { kind: "same", text: "Minha lista de eventos sai " },
      { kind: "removed", text: "fora de ordem " },
      { kind: "added", text: "embaralhada " },
      { kind: "same", text: "quando ordeno." },
    ]);
    expect(second!.diff.tags).toEqual([
      { kind: "same", text: "javascript" },
      { kind: "removed", text: "arrays" },
      { kind: "added", text: "datas" },
    ]);
    // Unchanged fields are left out of the diff.
    expect(second!.diff.details).toBeNull();
  });

  test("a summary too long is refused on the server, by its field, and nothing is saved", async () => {
    const id = await askAs(people.author);
    await expect(
      updateQuestion(people.author, id, {
        ...questionInput(),
        summary: "x".repeat(REVISION_SUMMARY_MAX + 1),
      }),
    ).rejects.toMatchObject({
      code: "validation",
      status: 400,
      field: "summary",
      message: MESSAGES.summaryLong,
    });
    expect((await questionHistory(null, id))?.revisions).toHaveLength(1);
  });

  test("an edit without a summary (or a blank one) keeps none", async () => {
    const id = await askAs(people.author);
    await updateQuestion(people.author, id, { ...questionInput(), summary: "   " });
    expect((await questionHistory(null, id))?.revisions.map((r) => r.summary)).toEqual([null, null]);
  });
});

describe("editing an answer with a summary", () => {
  test("the answer's history shows the summary and the words that changed; a formatting-only edit says so", async () => {
    const id = await askAs(people.author);
    const { id: answerId } = await createAnswer(
      people.other,
      id,
      "<p>Use sort com uma função, em ordem crescente.</p>",
    );
    await updateAnswer(
      people.other,
      answerId,
      "<p>Use sort com uma função de comparação, em ordem crescente.</p>",
      {
        summary: "Completei a explicação",
      },
    );
    await updateAnswer(
      people.other,
      answerId,
      "<p>Use <code>sort</code> com uma função de comparação, em ordem crescente.</p>",
    );
    await expect(
      updateAnswer(people.other, answerId, "<p>Outra versão da resposta, longa o bastante.</p>", {
        summary: "y".repeat(REVISION_SUMMARY_MAX + 1),
      }),
    ).rejects.toMatchObject({ status: 400, field: "summary" });

    const history = await answerHistory(null, id, answerId);
    expect(history?.revisions.map((r) => r.summary)).toEqual([null, "Completei a explicação", null]);
    const [, second, third] = history!.revisions;
    expect(second!.diff.body?.segments).toEqual([
      { kind: "same", text: "Use sort com uma função" },
      { kind: "added", text: " de comparação" },
      { kind: "same", text: ", em ordem crescente." },
    ]);
    expect(third!.diff.body).toEqual({ segments: [], truncated: false, formattingOnly: true });
  });
});
