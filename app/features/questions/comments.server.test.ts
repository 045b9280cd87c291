import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { answers, questions } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { createAnswer, deleteAnswer } from "./answers.server.ts";
import { addComment, deleteComment, listComments } from "./comments.server.ts";
import { MESSAGES } from "./schemas.ts";
import { askAs, cast } from "#tests/support/questions.ts";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

const TEXT = "Você já tentou limpar o cache? Veja https://exemplo.com.br/docs.";

async function questionComments(id: number) {
  const [row] = await db().select({ n: questions.commentCount }).from(questions).where(eq(questions.id, id));
  return row?.n;
}

describe("comments", () => {
  test("members comment on questions and answers; visitors cannot", async () => {
    const id = await askAs(people.author);
    const { id: answerId } = await createAnswer(
      people.other,
      id,
      "<p>Resposta (com texto o bastante para uma resposta)</p>",
    );
    await expect(addComment(null, { kind: "question", id }, TEXT)).rejects.toMatchObject({
      code: "unauthenticated",
    });
    await addComment(people.other, { kind: "question", id }, TEXT);
    await addComment(people.author, { kind: "answer", id: answerId }, "Obrigada, funcionou perfeitamente!");
    expect(await questionComments(id)).toBe(1);
    const [answer] = await db()
      .select({ n: answers.commentCount })
      .from(answers)
      .where(eq(answers.id, answerId));
    expect(answer?.n).toBe(1);
    const list = await listComments(people.other, id, [answerId]);
    expect(list.map((c) => [c.targetKind, c.canDelete])).toEqual([
      ["question", true],
      ["answer", false],
    ]);
  });

  test.each([
    ["curto demais", "x".repeat(14)],
    ["longo demais", "x".repeat(601)],
    ["só espaços", " ".repeat(40)],
  ])("refuses a comment %s", async (_label, text) => {
    const id = await askAs(people.author);
    await expect(addComment(people.other, { kind: "question", id }, text)).rejects.toMatchObject({
      code: "validation",
      field: "body",
      message: MESSAGES.commentLength,
    });
  });

  test("plain text is stored as typed (no HTML is interpreted), spaces collapsed", async () => {
    const id = await askAs(people.author);
    await addComment(
      people.other,
      { kind: "question", id },
      "  <script>alert(1)</script>   tem   algo aqui  ",
    );
    const [comment] = await listComments(null, id, []);
    expect(comment?.body).toBe("<script>alert(1)</script> tem algo aqui");
  });

  test("no comments on deleted answers or missing posts", async () => {
    const id = await askAs(people.author);
    const { id: answerId } = await createAnswer(
      people.other,
      id,
      "<p>Resposta (com texto o bastante para uma resposta)</p>",
    );
    await deleteAnswer(people.other, answerId);
    await expect(addComment(people.author, { kind: "answer", id: answerId }, TEXT)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(addComment(people.author, { kind: "question", id: 999_999 }, TEXT)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  test("permission matrix for deleting: author and moderators; counts stay exact", async () => {
    const id = await askAs(people.author);
    const { id: first } = await addComment(people.other, { kind: "question", id }, TEXT);
    const { id: second } = await addComment(people.other, { kind: "question", id }, TEXT);
    await expect(deleteComment(null, first)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(deleteComment(people.author, first)).rejects.toMatchObject({ code: "forbidden" });
    await deleteComment(people.other, first);
    await deleteComment(people.moderator, second);
    expect(await questionComments(id)).toBe(0);
    await expect(deleteComment(people.other, first)).rejects.toMatchObject({ code: "not_found" });
    expect(await listComments(null, id, [])).toHaveLength(0);
  });

  test("simultaneous comments all count", async () => {
    const id = await askAs(people.author);
    const members = await Promise.all(Array.from({ length: 5 }, () => createMember(db())));
    await Promise.all(members.map((m) => addComment(m, { kind: "question", id }, TEXT)));
    expect(await questionComments(id)).toBe(5);
  });
});
