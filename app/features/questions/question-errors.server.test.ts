// ADR 041: a question or answer written with an error trace is found by another trace of the same error
// (other paths, other values); edits move it, deletes and hiding take it out, restoring brings it back.
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { errorSignatures, questions } from "#db/schema.ts";
import { backfillErrorSignatures, findSameError } from "#app/features/errors/error-index.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createAnswer, deleteAnswer, updateAnswer } from "./answers.server.ts";
import { deleteQuestion, restoreQuestion, updateQuestion } from "./question-writes.server.ts";
import { askAs, cast, questionInput } from "#tests/support/questions.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`../errors/fixtures/${name}.txt`, import.meta.url), "utf8");
const asCode = (text: string) =>
  `<pre><code>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</code></pre>`;
const foundIds = async (text: string) => (await findSameError(text)).matches.map((m) => m.id);

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

describe("questions and answers carry their errors", () => {
  test("a question with a trace is found by the same error from another machine, best match first", async () => {
    const weak = await askAs(people.author, {
      description: `<p>Meu servidor não sobe, aparece isto:</p>${asCode("Error: algo deu errado no servidor")}`,
    });
    const strong = await askAs(people.author, {
      title: "Cannot find package ao rodar o servidor com ESM",
      description: `<p>Ao rodar <code>node src/server.js</code> aparece:</p>${asCode(fixture("node-module-not-found-a"))}`,
    });
    const other = await askAs(people.author, {
      description: `<p>Erro no React:</p>${asCode(fixture("node-typeerror-a"))}`,
    });
    const { matches, signatures } = await findSameError(fixture("node-module-not-found-b"));
    expect(signatures.map((s) => s.signature)).toContain("code:ERR_MODULE_NOT_FOUND");
    expect(matches.map((m) => m.id)).toEqual([strong]);
    expect(matches[0]).toMatchObject({
      title: "Cannot find package ao rodar o servidor com ESM",
      hasAcceptedAnswer: false,
      url: `/questions/${strong}`,
    });
    expect(matches[0]?.line).toContain("Cannot find package 'express'");
    expect(await foundIds(fixture("node-typeerror-b"))).toEqual([other]);
    expect(await foundIds("Error: outra coisa qualquer")).not.toContain(weak);
  });

  test("an answer's trace names its question; deleting the answer takes it out", async () => {
    const question = await askAs(people.author, {
      description: "<p>Meu script Go para de funcionar quando a fila fica vazia, sem mensagem clara.</p>",
    });
    expect(await foundIds(fixture("go-index-out-of-range-b"))).not.toContain(question);
    const { id: answer } = await createAnswer(
      people.other,
      question,
      `<p>Você verá isto no log:</p>${asCode(fixture("go-index-out-of-range-a"))}<p>Confira o tamanho antes de indexar.</p>`,
    );
    const [match] = (await findSameError(fixture("go-index-out-of-range-b"))).matches;
    expect(match?.id).toBe(question);
    expect(match?.line).toContain("panic: runtime error: index out of range [5] with length 3");
    await updateAnswer(
      people.other,
      answer,
      "<p>Na verdade era outra coisa: confira o tamanho do slice antes.</p>",
    );
    expect(await foundIds(fixture("go-index-out-of-range-b"))).not.toContain(question);
    await updateAnswer(people.other, answer, `<p>De novo:</p>${asCode(fixture("go-index-out-of-range-a"))}`);
    expect(await foundIds(fixture("go-index-out-of-range-b"))).toContain(question);
    await deleteAnswer(people.other, answer);
    expect(await foundIds(fixture("go-index-out-of-range-b"))).not.toContain(question);
  });

  test("an edit replaces the question's errors", async () => {
    const id = await askAs(people.author, {
      description: `<p>Python reclama:</p>${asCode(fixture("python-module-not-found"))}`,
    });
    expect(await foundIds("ModuleNotFoundError: No module named 'pandas'")).toContain(id);
    await updateQuestion(people.author, id, {
      ...questionInput(),
      description: `<p>Era outro erro, na verdade:</p>${asCode(fixture("typescript-ts2345-a"))}`,
    });
    expect(await foundIds("ModuleNotFoundError: No module named 'pandas'")).not.toContain(id);
    expect(await foundIds(fixture("typescript-ts2345-b"))).toContain(id);
  });

  test("deleted and hidden questions are not matched; restored ones are; closed ones are, marked", async () => {
    const id = await askAs(people.author, {
      description: `<p>No Oracle:</p>${asCode(fixture("oracle-ora-00942"))}`,
    });
    const trace = "ORA-00942: table or view does not exist";
    expect(await foundIds(trace)).toContain(id);
    await deleteQuestion(people.author, id);
    expect(await foundIds(trace)).not.toContain(id);
    await restoreQuestion(people.moderator, id);
    expect(await foundIds(trace)).toContain(id);
    // Hidden (held or hidden by moderation) is deleted_at without deleted_by.
    await db().update(questions).set({ deletedAt: new Date() }).where(eq(questions.id, id));
    expect(await foundIds(trace)).not.toContain(id);
    await db()
      .update(questions)
      .set({ deletedAt: null, closedAt: new Date(), closeReason: "duplicate" })
      .where(eq(questions.id, id));
    const [match] = (await findSameError(trace)).matches.filter((m) => m.id === id);
    expect(match?.closed).toBe("duplicate");
  });

  test("the backfill indexes content written before the index, and can run again", async () => {
    const id = await askAs(people.author, {
      description: `<p>No .NET:</p>${asCode(fixture("dotnet-nullreference"))}`,
    });
    await db().delete(errorSignatures);
    expect(await foundIds(fixture("dotnet-nullreference"))).toEqual([]);
    const first = await backfillErrorSignatures({ batch: 3 });
    expect(first.questions).toBeGreaterThan(3);
    await backfillErrorSignatures({ batch: 3 });
    expect(await foundIds(fixture("dotnet-nullreference"))).toEqual([id]);
  });
});
