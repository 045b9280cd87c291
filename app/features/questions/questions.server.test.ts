import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { questions, questionTags, revisions, tags } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { isFavorite, toggleFavorite } from "./favorites.server.ts";
import { getQuestion, questionPermissions } from "./question-detail.server.ts";
import { findSimilarQuestions, listQuestionsForSitemap } from "./question-list.server.ts";
import {
  createQuestion,
  deleteQuestion,
  getQuestionForEdit,
  restoreQuestion,
  updateQuestion,
} from "./question-writes.server.ts";
import { createAnswer } from "./answers.server.ts";
import { MESSAGES } from "./schemas.ts";
import { askAs, cast, questionInput } from "#tests/support/questions.ts";

const db = setupTestDatabase();

async function tagCount(name: string): Promise<number> {
  const [row] = await db().select({ n: tags.questionCount }).from(tags).where(eq(tags.name, name));
  return row?.n ?? 0;
}

let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

describe("asking", () => {
  test("a visitor cannot ask", async () => {
    await expect(createQuestion(null, questionInput())).rejects.toMatchObject({ code: "unauthenticated" });
  });

  test("a member asks: sequential ids, sanitised HTML, tags linked in order, the first revision kept", async () => {
    // New tags ("Python", "ordenação"): asked by a member who may create them (PRIVILEGES.createTag).
    const asker = await createMember(db(), { reputation: PRIVILEGES.createTag.reputation });
    const first = await askAs(asker);
    const { id } = await createQuestion(
      asker,
      questionInput({
        title: "  Como   ordenar uma lista em Python sem perder a ordem original?  ",
        description:
          '<p>Texto com <strong>negrito</strong> e um <img src=x onerror="alert(1)"> ataque.</p><p></p><p> </p>',
        tags: ["Python", "ordenação", "python"],
      }),
    );
    expect(id).toBe(first + 1);
    const question = await getQuestion(null, id);
    expect(question?.title).toBe("Como ordenar uma lista em Python sem perder a ordem original?");
    expect(question?.description).not.toContain("onerror");
    expect(question?.description).not.toContain("<p></p>");
    expect(question?.tags.map((t) => t.name)).toEqual(["Python", "ordenação"]);
    const history = await db()
      .select()
      .from(revisions)
      .where(and(eq(revisions.targetKind, "question"), eq(revisions.targetId, id)));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ editorId: asker.id, tags: ["Python", "ordenação"] });
    expect(await tagCount("Python")).toBe(1);
  });

  test.each([
    ["title", { title: "Curto demais" }, MESSAGES.titleShort],
    ["title", { title: "x".repeat(151) }, MESSAGES.titleLong],
    ["description", { description: "<p>pouco texto</p><p><br></p>" }, MESSAGES.descriptionShort],
    ["details", { details: "<p>  <strong> </strong></p>" }, MESSAGES.detailsShort],
    ["tags", { tags: ["a", "b", "c", "d", "e", "f"] }, MESSAGES.tagsMax],
    ["tags", { tags: [] }, MESSAGES.tagsMin],
  ])("refuses a bad %s with its message by the field", async (field, overrides, message) => {
    await expect(createQuestion(people.author, questionInput(overrides))).rejects.toMatchObject({
      code: "validation",
      field,
      message,
    });
  });

  test("the 20-character minimum counts text, not markup", async () => {
    const twenty = "<p><strong>12345678901234567890</strong></p>";
    await expect(
      createQuestion(people.author, questionInput({ description: twenty, details: twenty })),
    ).resolves.toHaveProperty("id");
    await expect(
      createQuestion(people.author, questionInput({ description: "<p><em>1234567890123456789</em></p>" })),
    ).rejects.toMatchObject({ field: "description" });
  });
});

describe("editing", () => {
  test("permission matrix: visitor refused, another member suggests; author and moderator edit", async () => {
    const id = await askAs(people.author);
    const edit = questionInput({ title: "Um título editado com calma e bem claro" });
    await expect(updateQuestion(null, id, edit)).rejects.toMatchObject({ code: "unauthenticated" });
    // Below the editDirectly privilege an edit of someone else's question waits for review.
    await expect(updateQuestion(people.other, id, edit)).resolves.toMatchObject({
      changed: false,
      suggested: true,
    });
    await expect(updateQuestion(people.author, id, edit)).resolves.toMatchObject({ changed: true });
    await expect(
      updateQuestion(people.moderator, id, { ...edit, title: "Um título revisto pela moderação" }),
    ).resolves.toMatchObject({ changed: true });
    expect(await getQuestionForEdit(null, id)).toBeNull();
    expect(await getQuestionForEdit(people.other, id)).toMatchObject({ id, mode: "suggest" });
    expect(await getQuestionForEdit(people.author, id)).toMatchObject({ id, mode: "direct" });
  });

  test("an edit keeps a revision with who and what, and keeps tag counts exact", async () => {
    const id = await askAs(people.author, { tags: ["tag-a", "tag-b"] });
    expect([await tagCount("tag-a"), await tagCount("tag-b")]).toEqual([1, 1]);
    await updateQuestion(
      people.moderator,
      id,
      questionInput({ title: "Pergunta com as tags trocadas", tags: ["tag-b", "tag-c"] }),
    );
    expect([await tagCount("tag-a"), await tagCount("tag-b"), await tagCount("tag-c")]).toEqual([0, 1, 1]);
    const links = await db()
      .select({ tagId: questionTags.tagId, position: questionTags.position })
      .from(questionTags)
      .where(eq(questionTags.questionId, id));
    expect(links).toHaveLength(2);
    const history = await db()
      .select()
      .from(revisions)
      .where(and(eq(revisions.targetKind, "question"), eq(revisions.targetId, id)))
      .orderBy(revisions.id);
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({
      editorId: people.moderator.id,
      title: "Pergunta com as tags trocadas",
      tags: ["tag-b", "tag-c"],
    });
    expect((await getQuestion(null, id))?.edited).toBe(true);
  });

  test("saving without changes adds no revision", async () => {
    const input = questionInput();
    const { id } = await createQuestion(people.author, input);
    await expect(updateQuestion(people.author, id, input)).resolves.toMatchObject({ changed: false });
    const history = await db()
      .select()
      .from(revisions)
      .where(and(eq(revisions.targetKind, "question"), eq(revisions.targetId, id)));
    expect(history).toHaveLength(1);
  });
});

describe("deleting and restoring", () => {
  test("permission matrix for deleting", async () => {
    const id = await askAs(people.author, { tags: ["apagavel"] });
    await expect(deleteQuestion(null, id)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(deleteQuestion(people.other, id)).rejects.toMatchObject({ code: "forbidden" });
    await deleteQuestion(people.author, id);
    expect(await tagCount("apagavel")).toBe(0);
    // Gone for everyone but moderators.
    expect(await getQuestion(null, id)).toBeNull();
    expect(await getQuestion(people.author, id)).toBeNull();
    expect((await getQuestion(people.moderator, id))?.deletedAt).toBeInstanceOf(Date);
  });

  test("an author cannot delete an answered question; a moderator can, and restores it", async () => {
    const id = await askAs(people.author, { tags: ["restauravel"] });
    await createAnswer(
      people.other,
      id,
      "<p>Uma resposta qualquer. (com texto o bastante para uma resposta)</p>",
    );
    await expect(deleteQuestion(people.author, id)).rejects.toMatchObject({ code: "forbidden" });
    await deleteQuestion(people.moderator, id);
    expect(await tagCount("restauravel")).toBe(0);
    await expect(restoreQuestion(null, id)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(restoreQuestion(people.author, id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(restoreQuestion(people.other, id)).rejects.toMatchObject({ code: "forbidden" });
    await restoreQuestion(people.moderator, id);
    expect(await tagCount("restauravel")).toBe(1);
    expect((await getQuestion(null, id))?.deletedAt).toBeNull();
    await expect(restoreQuestion(people.moderator, id)).rejects.toMatchObject({ code: "not_found" });
  });

  test("permissions shown on the page follow the same rules", async () => {
    const id = await askAs(people.author);
    const question = await getQuestion(null, id);
    if (!question) throw new Error("missing");
    expect(questionPermissions(null, question)).toMatchObject({
      canEdit: false,
      canDelete: false,
      canVote: false,
    });
    // Another member may open the edit page to suggest an edit; the author edits directly.
    expect(questionPermissions(people.other, question)).toMatchObject({
      canEdit: true,
      suggestsEdit: true,
      canVote: true,
    });
    expect(questionPermissions(people.author, question)).toMatchObject({
      canEdit: true,
      suggestsEdit: false,
      canDelete: true,
      canVote: false,
    });
    expect(questionPermissions(people.moderator, question)).toMatchObject({
      canEdit: true,
      suggestsEdit: false,
      canDelete: true,
    });
  });
});

describe("reading", () => {
  test("unknown, non-numeric and deleted ids give null", async () => {
    expect(await getQuestion(null, 999_999)).toBeNull();
    expect(await getQuestion(null, Number.NaN)).toBeNull();
    expect(await getQuestion(null, -1)).toBeNull();
  });

  test("similar titles: trigram or full text, live questions only, at most five", async () => {
    const ids = [];
    for (let i = 0; i < 7; i++) {
      ids.push(await askAs(people.author, { title: `Erro de CORS ao chamar a API com fetch, caso ${i}` }));
    }
    await deleteQuestion(people.author, ids[0] as number);
    const similar = await findSimilarQuestions("erro cors fetch api");
    expect(similar.length).toBe(5);
    expect(similar.map((s) => s.id)).not.toContain(ids[0]);
    expect(await findSimilarQuestions("ab")).toEqual([]);
    expect(await findSimilarQuestions("zzzzqqqq xxyyww")).toEqual([]);
  });

  test("similar titles leave out the question being edited, and still offer five others", async () => {
    const ids = [];
    for (let i = 0; i < 7; i++) {
      ids.push(await askAs(people.author, { title: `Vazamento de memória no worker do Node, caso ${i}` }));
    }
    const editing = ids[3] as number;
    const similar = await findSimilarQuestions("Vazamento de memória no worker do Node, caso 3", 5, editing);
    expect(similar.length).toBe(5);
    expect(similar.map((s) => s.id)).not.toContain(editing);
  });

  test("the sitemap lists live questions with their last activity", async () => {
    const id = await askAs(people.author);
    const entries = await listQuestionsForSitemap(1000);
    expect(entries.find((e) => e.id === id)?.lastModified).toBeInstanceOf(Date);
    const deleted = await askAs(people.author);
    await deleteQuestion(people.author, deleted);
    expect((await listQuestionsForSitemap(1000)).map((e) => e.id)).not.toContain(deleted);
    expect(await listQuestionsForSitemap(1)).toHaveLength(1);
  });
});

describe("favourites", () => {
  test("toggle on and off, counted exactly even when clicked twice at once", async () => {
    const id = await askAs(people.author);
    await expect(toggleFavorite(null, id)).rejects.toMatchObject({ code: "unauthenticated" });
    expect(await toggleFavorite(people.other, id)).toBe(true);
    expect(await isFavorite(people.other, id)).toBe(true);
    const fan: Viewer = await createMember(db());
    await Promise.all([toggleFavorite(fan, id), toggleFavorite(people.moderator, id)]);
    let [row] = await db().select({ n: questions.favoriteCount }).from(questions).where(eq(questions.id, id));
    expect(row?.n).toBe(3);
    expect(await toggleFavorite(people.other, id)).toBe(false);
    [row] = await db().select({ n: questions.favoriteCount }).from(questions).where(eq(questions.id, id));
    expect(row?.n).toBe(2);
    expect(await isFavorite(null, id)).toBe(false);
  });
});

describe("similar titles", () => {
  test("words only in a description do not make a question similar", async () => {
    const id = await askAs(people.author, {
      title: "Quebra de linha some no PDF gerado",
      description: "<p>Uso a biblioteca de relatórios e o zeppelinfoo aparece em todo lugar do texto.</p>",
    });
    expect((await findSimilarQuestions("zeppelinfoo aparece sempre")).map((s) => s.id)).not.toContain(id);
    expect((await findSimilarQuestions("quebra de linha no PDF")).map((s) => s.id)).toContain(id);
  });
});
