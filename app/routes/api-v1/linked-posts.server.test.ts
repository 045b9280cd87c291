// The REST API exposes the links between questions and posts (ADR 043): a post's `from_answer` and
// `questions_about`, a question's `about_post` and each answer's `post`; `createQuestion` takes `about_post_id`.
import { beforeAll, describe, expect, test } from "vitest";
import { RouterContextProvider } from "react-router";
import { createAccessToken } from "#app/features/accounts/access-tokens.server.ts";
import * as s from "#app/features/api/schemas.ts";
import { turnAnswerIntoPost } from "#app/features/posts/answer-posts.server.ts";
import { createPost } from "#app/features/posts/posts.server.ts";
import { LONG_BODY, publish } from "#tests/support/posts.ts";
import { createAnswer } from "#app/features/questions/answers.server.ts";
import { askAs } from "#tests/support/questions.ts";
import { clientIpContext, visitorPageContext, type VisitorPageNote } from "#app/lib/context.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { dispatch } from "./dispatch.server.ts";
import { handlers } from "./handlers.server.ts";

const db = setupTestDatabase();

async function api(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const headers = new Headers();
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  const context = new RouterContextProvider();
  context.set(clientIpContext, "192.0.2.40");
  const note: VisitorPageNote = { cacheable: false, effects: [] };
  context.set(visitorPageContext, note);
  const response = await dispatch(
    new Request(`http://localhost:3000/api/v1${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
    context,
    handlers,
  );
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null, note };
}

let asker: Viewer;
let answerer: Viewer;
let token: string;

beforeAll(async () => {
  asker = await createMember(db(), { name: "Quem Pergunta" });
  answerer = await createMember(db(), { name: "Quem Responde" });
  token = (await createAccessToken(db(), asker, { name: "escrita", scopes: ["write"] })).token;
});

describe("links in the API", () => {
  test("a post made from an answer says where it came from; the answer says what it became", async () => {
    const questionId = await askAs(asker, { title: "Como comparar datas em JavaScript sem surpresas?" });
    const { id: answerId } = await createAnswer(
      answerer,
      questionId,
      `<p>Compare os timestamps. ${LONG_BODY}</p>`,
    );
    const made = await turnAnswerIntoPost(answerer, answerId);
    const draftId = made.kind === "draft" ? made.draftId : 0;
    const { slug, id: postId } = await createPost(
      answerer,
      { title: "Comparando datas", category: "desenvolvimento", body: LONG_BODY, bodyFormat: "html" },
      { draftId },
    );

    const post = s.postSchema.parse((await api("GET", `/posts/${slug}`)).json);
    expect(post.from_answer).toEqual({
      question_id: questionId,
      answer_id: answerId,
      url: expect.stringMatching(new RegExp(`/questions/${questionId}#resposta-${answerId}$`)),
    });
    expect(post.questions_about).toEqual([]);

    const question = s.questionSchema.parse((await api("GET", `/questions/${questionId}`)).json);
    expect(question.answers.find((a) => a.id === answerId)?.post).toMatchObject({ id: postId, slug });
    expect(question.about_post).toBeNull();
  });

  test("a question asked about a post through the API is linked both ways", async () => {
    const { id: postId, slug } = await publish(answerer, { title: "Um post para perguntar" });
    const created = await api("POST", "/questions", {
      token,
      body: {
        title: "Uma dúvida sobre o post de datas do blog?",
        description: "O post diz para comparar timestamps, mas e os fusos horários das datas?",
        details: "Tentei com `Date.parse` e esperava o mesmo valor nos dois fusos horários.",
        tags: ["javascript"],
        about_post_id: postId,
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = s.createdSchema.parse(created.json).id;
    expect(created.note.changes).toEqual({ topics: [`member:${asker.id}`, `post:${postId}`] });

    const question = s.questionSchema.parse((await api("GET", `/questions/${id}`)).json);
    expect(question.about_post).toMatchObject({ id: postId, slug, title: "Um post para perguntar" });
    const post = s.postSchema.parse((await api("GET", `/posts/${slug}`)).json);
    expect(post.questions_about.map((q) => q.id)).toEqual([id]);
    expect(post.questions_about_count).toBe(1);
    expect(post.from_answer).toBeNull();

    const refused = await api("POST", "/questions", {
      token,
      body: {
        title: "Uma dúvida sobre um post que não existe no blog?",
        description: "O post diz para comparar timestamps, mas e os fusos horários das datas?",
        details: "Tentei com `Date.parse` e esperava o mesmo valor nos dois fusos horários.",
        tags: ["javascript"],
        about_post_id: 987_654,
      },
    });
    expect(refused.status).toBe(422);
    expect(s.errorSchema.parse(refused.json).error.message).toMatch(/não existe ou não está publicado/);
  });
});
