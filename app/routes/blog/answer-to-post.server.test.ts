// Questions and posts that lead to each other (ADR 043): an answer turned into a draft post (by its author,
// or a moderator who tells the author), published with its link back and shown under the answer; a question
// asked about a post, listed under it.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { notifications, postDrafts, posts, questions } from "#db/schema.ts";
import { linksOfPost, turnAnswerIntoPost } from "#app/features/posts/answer-posts.server.ts";
import { createPost } from "#app/features/posts/posts.server.ts";
import { LONG_BODY, publish } from "#tests/support/posts.ts";
import { createAnswer, deleteAnswer } from "#app/features/questions/answers.server.ts";
import { loadQuestionPage } from "#app/features/questions/question-page.server.ts";
import { ABOUT_POST_MISSING, createQuestion } from "#app/features/questions/question-writes.server.ts";
import { askAs, cast, questionInput } from "#tests/support/questions.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { actionArgs, statusOf } from "#tests/support/route-calls.ts";
import { action as askAction } from "../questions/ask-question.tsx";
import { action as turnAction } from "./answer-to-post.tsx";
import { action as writeAction } from "./write-a-post.tsx";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;

const ANSWER_BODY =
  "<p>Use <code>Array.prototype.toSorted</code> com uma função de comparação: ela devolve um array novo.</p>";

beforeAll(async () => {
  people = await cast(db());
});

async function answered(tags: string[] = ["javascript", "arrays"]) {
  const questionId = await askAs(people.author, {
    title: "Como ordenar um array de objetos por data em JavaScript?",
    tags,
  });
  const { id: answerId } = await createAnswer(people.other, questionId, ANSWER_BODY);
  return { questionId, answerId };
}

function publishForm(draft: { title: string; body: string; tags: string[] }) {
  const form: Record<string, string> = {
    title: draft.title,
    description: "",
    category: "desenvolvimento",
    body: `${draft.body}<p>Mais um parágrafo para o post ficar completo.</p>`,
    "body-format": "html",
  };
  if (draft.tags.length) form.tags = draft.tags.join(",");
  return form;
}

async function draftRow(id: number) {
  const [row] = await db().select().from(postDrafts).where(eq(postDrafts.id, id));
  return row;
}

describe("turning an answer into a post", () => {
  test("the author gets a draft with the body, the question's title and tags; a second time the same one", async () => {
    const { answerId } = await answered();
    const first = await turnAnswerIntoPost(people.other, answerId);
    expect(first.kind).toBe("draft");
    const draftId = first.kind === "draft" ? first.draftId : 0;
    const row = await draftRow(draftId);
    expect(row).toMatchObject({
      authorId: people.other.id,
      answerId,
      title: "Como ordenar um array de objetos por data em JavaScript?",
      tagNames: ["javascript", "arrays"],
      createdBy: people.other.id,
    });
    expect(row?.body).toContain("<code>Array.prototype.toSorted</code>");
    expect(await turnAnswerIntoPost(people.other, answerId)).toEqual(first);
  });

  test("the form post opens the writer on the draft", async () => {
    const { answerId } = await answered();
    const path = `/respostas/${answerId}/transformar-em-post`;
    let location = "";
    try {
      await turnAction(actionArgs(path, people.other, {}, { answerId: String(answerId) }));
    } catch (thrown) {
      location = (thrown as Response).headers.get("Location") ?? "";
    }
    expect(location).toMatch(/^\/write-a-post\?rascunho=\d+$/);
  });

  test("another member is refused (403), a visitor sent to sign in, an unknown answer is 404", async () => {
    const { answerId } = await answered();
    const path = `/respostas/${answerId}/transformar-em-post`;
    const params = { answerId: String(answerId) };
    expect(await statusOf(() => turnAction(actionArgs(path, people.rich, {}, params)))).toBe(403);
    expect(await statusOf(() => turnAction(actionArgs(path, null, {}, params)))).toBe(302);
    expect(
      await statusOf(() =>
        turnAction(actionArgs("/respostas/abc/transformar-em-post", people.other, {}, { answerId: "abc" })),
      ),
    ).toBe(404);
    await expect(turnAnswerIntoPost(people.author, answerId)).rejects.toMatchObject({ code: "forbidden" });
  });

  test("a moderator makes the draft for the answer's author, who is told", async () => {
    const { answerId } = await answered();
    const made = await turnAnswerIntoPost(people.moderator, answerId);
    const draftId = made.kind === "draft" ? made.draftId : 0;
    expect(await draftRow(draftId)).toMatchObject({
      authorId: people.other.id,
      createdBy: people.moderator.id,
    });
    const told = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, people.other.id),
          eq(notifications.url, `/write-a-post?rascunho=${draftId}`),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: "moderation", actorId: people.moderator.id });
    // Only the answer's author publishes it.
    await expect(
      createPost(
        people.moderator,
        { title: "x".repeat(10), category: "desenvolvimento", body: LONG_BODY, bodyFormat: "html" },
        { draftId },
      ),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  test("a deleted answer is refused", async () => {
    const { answerId } = await answered();
    await deleteAnswer(people.other, answerId);
    await expect(turnAnswerIntoPost(people.other, answerId)).rejects.toMatchObject({ code: "not_found" });
  });

  test("published, the post keeps the link back and shows under the answer; only then", async () => {
    const { questionId, answerId } = await answered(["javascript"]);
    const made = await turnAnswerIntoPost(people.other, answerId);
    const draftId = made.kind === "draft" ? made.draftId : 0;

    // The draft shows nowhere yet.
    const before = await loadQuestionPage(people.author, questionId, "votes");
    expect(before?.answers.find((a) => a.id === answerId)?.post).toBeNull();
    expect(before?.answers.find((a) => a.id === answerId)?.canTurnIntoPost).toBe(false);
    const asAuthor = await loadQuestionPage(people.other, questionId, "votes");
    expect(asAuthor?.answers.find((a) => a.id === answerId)?.canTurnIntoPost).toBe(true);

    const draft = await draftRow(draftId);
    const path = `/write-a-post?rascunho=${draftId}`;
    let location = "";
    try {
      const answer = await writeAction(
        actionArgs(
          path,
          people.other,
          publishForm({ title: draft!.title, body: draft!.body, tags: draft!.tagNames }),
        ),
      );
      location = (answer as Response).headers?.get("Location") ?? "";
    } catch (thrown) {
      location = (thrown as Response).headers.get("Location") ?? "";
    }
    expect(location).toMatch(/^\/blog\//);
    const [post] = await db().select().from(posts).where(eq(posts.fromAnswerId, answerId));
    expect(post).toBeDefined();
    expect(await draftRow(draftId)).toBeUndefined();

    // The member's kept question page sees it at once (its version covers the post's row).
    const after = await loadQuestionPage(people.author, questionId, "votes");
    expect(after?.answers.find((a) => a.id === answerId)?.post).toMatchObject({
      slug: post!.slug,
      title: post!.title,
    });
    const links = await linksOfPost(post!.id, post!.fromAnswerId);
    expect(links.from).toEqual({ questionId, questionTitle: draft!.title, answerId });

    // A second "Transformar em post" opens the post already made.
    expect(await turnAnswerIntoPost(people.other, answerId)).toEqual({ kind: "post", slug: post!.slug });
  });
});

describe("asking about a post", () => {
  let postId: number;
  let slug: string;
  beforeAll(async () => {
    ({ id: postId, slug } = await publish(people.author as Viewer, { title: "Ordenando datas sem dor" }));
  });

  test("a question about a published post is linked and listed under it", async () => {
    const id = await askAs(people.rich, { aboutPostId: postId });
    const [row] = await db()
      .select({ about: questions.aboutPostId })
      .from(questions)
      .where(eq(questions.id, id));
    expect(row?.about).toBe(postId);
    const links = await linksOfPost(postId, null);
    expect(links.questionsAbout.map((q) => q.id)).toContain(id);
    expect(links.questionsAbout.find((q) => q.id === id)?.answered).toBe(false);
    const page = await loadQuestionPage(null, id, "votes");
    expect(page?.question.aboutPost).toEqual({ id: postId, slug, title: "Ordenando datas sem dor" });
  });

  test("an unknown or deleted post is refused with a message next to the field", async () => {
    await expect(createQuestion(people.rich, questionInput({ aboutPostId: 999_999 }))).rejects.toMatchObject({
      code: "validation",
      field: "aboutPost",
      message: ABOUT_POST_MISSING,
    });
    const hidden = await publish(people.author as Viewer);
    await db().update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, hidden.id));
    const form = {
      title: "Uma pergunta sobre um post que saiu do ar?",
      description: "<p>Esta é a descrição da pergunta, com texto suficiente para passar.</p>",
      details: "<p>Tentei várias coisas e esperava que funcionasse de primeira.</p>",
      tags: "javascript",
      aboutPost: String(hidden.id),
    };
    const reply = (await askAction(actionArgs("/ask-a-question", people.rich, form))) as {
      data: { result: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(reply.init.status).toBe(400);
    expect(reply.data.result.error.aboutPost).toEqual([ABOUT_POST_MISSING]);
  });
});
