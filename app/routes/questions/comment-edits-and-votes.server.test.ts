// Editing and up-voting comments, on the one comment stack (app/features/comments), under questions and posts:
// who may edit and for how long, what the moderators keep, what a vote counts, and that the question page kept
// per version (ADR 053) shows an edit and a vote at once.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { comments, moderationLog, notifications } from "#db/schema.ts";
import { commentHistory } from "#app/features/comments/comments.server.ts";
import {
  addPostComment,
  changePostComment,
  listPostComments,
  votePostComment,
} from "#app/features/posts/comments.server.ts";
import { addComment, changeComment, voteComment } from "#app/features/questions/comments.server.ts";
import { loadQuestionPage } from "#app/features/questions/question-page.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { publish } from "#tests/support/posts.ts";
import { askAs, cast } from "#tests/support/questions.ts";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

const TEXT = "Você já tentou limpar o cache do navegador antes?";

async function age(commentId: number, minutes: number) {
  await db()
    .update(comments)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(comments.id, commentId));
}

describe("editing a comment", () => {
  test("its author edits it in the first five minutes, the page shows it at once, and the moderators keep the old text", async () => {
    const questionId = await askAs(people.author);
    const { id } = await addComment(people.other, { kind: "question", id: questionId }, TEXT);
    // The page is kept per version: read it once, so the edit must move that version.
    const before = await loadQuestionPage(people.other, questionId, "votes");
    expect(before?.question.comments[0]).toMatchObject({ body: TEXT, canEdit: true, editedAt: null });
    expect((await loadQuestionPage(people.author, questionId, "votes"))?.question.comments[0]?.canEdit).toBe(
      false,
    );

    await changeComment(people.other, id, "Você já tentou limpar o cache e os cookies?");
    const after = await loadQuestionPage(people.author, questionId, "votes");
    expect(after?.question.comments[0]).toMatchObject({
      body: "Você já tentou limpar o cache e os cookies?",
    });
    expect(after?.question.comments[0]?.editedAt).toBeInstanceOf(Date);

    // Others, visitors and the author after the window are refused; the rules of a new comment hold.
    await expect(changeComment(people.author, id, TEXT)).rejects.toMatchObject({ code: "forbidden" });
    await expect(changeComment(null, id, TEXT)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(changeComment(people.other, id, "curto")).rejects.toMatchObject({ field: "body" });
    await age(id, 6);
    await expect(changeComment(people.other, id, TEXT)).rejects.toMatchObject({
      code: "forbidden",
      message: "Um comentário só pode ser editado nos primeiros 5 minutos.",
    });

    // A moderator edits any time; it is logged, and the history is theirs alone.
    await changeComment(people.moderator, id, "Limpe o cache e os cookies, e tente de novo.");
    const log = await db().select().from(moderationLog).where(eq(moderationLog.targetId, id));
    expect(log.filter((l) => l.action === "edit" && l.targetKind === "comment")).toHaveLength(1);
    await expect(commentHistory(people.other, id)).rejects.toMatchObject({ code: "forbidden" });
    const history = await commentHistory(people.moderator, id);
    expect(history?.url).toBe(`/questions/${questionId}#comentario-${id}`);
    expect(history?.versions.map((v) => [v.body, v.editor?.name ?? null])).toEqual([
      ["Limpe o cache e os cookies, e tente de novo.", "Moderação"],
      ["Você já tentou limpar o cache e os cookies?", "Outra Pessoa"],
      [TEXT, null],
    ]);
  });

  test("a member an edit mentions is told, once", async () => {
    const questionId = await askAs(people.author);
    const mentioned = await createMember(db(), { handle: `citada${Date.now() % 100000}` });
    const { id } = await addComment(people.other, { kind: "question", id: questionId }, TEXT);
    const told = async () =>
      (await db().select().from(notifications).where(eq(notifications.userId, mentioned.id))).filter(
        (n) => n.kind === "mention",
      );
    await changeComment(people.other, id, `${TEXT} @${mentioned.handle}`);
    await changeComment(people.other, id, `Pergunta: @${mentioned.handle}, limpou o cache?`);
    expect(await told()).toHaveLength(1);
    expect((await told())[0]?.url).toBe(`/questions/${questionId}#comentario-${id}`);
  });

  test("a post comment is edited the same way, its line breaks kept", async () => {
    const post = await publish(people.author);
    const { id } = await addPostComment(people.other, post.id, { body: "Ótimo post!" });
    await changePostComment(people.other, id, "Ótimo post!\nVou testar.");
    const [thread] = await listPostComments(people.author, post.id);
    expect(thread).toMatchObject({
      body: "Ótimo post!\nVou testar.",
      canEdit: false,
      mayVote: true,
      mayFlag: true,
    });
    // Its author is offered no Sinalizar on it.
    expect((await listPostComments(people.other, post.id))[0]).toMatchObject({ mayFlag: false });
    expect(thread?.editedAt).toBeInstanceOf(Date);
    await expect(changePostComment(people.author, id, "Outro texto")).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});

describe("up-votes on comments", () => {
  test("members with the up-vote privilege vote once, take it back, never on their own; the page shows it", async () => {
    const questionId = await askAs(people.author);
    const { id } = await addComment(people.author, { kind: "question", id: questionId }, TEXT);
    await loadQuestionPage(people.rich, questionId, "votes");
    expect(await voteComment(people.rich, id, true)).toBe(1);
    expect(await voteComment(people.rich, id, true)).toBe(1);
    expect(await voteComment(people.other, id, true)).toBe(2);
    const page = await loadQuestionPage(people.rich, questionId, "votes");
    expect(page?.question.comments[0]).toMatchObject({ score: 2, voted: true, mayVote: true, mayFlag: true });
    expect((await loadQuestionPage(people.author, questionId, "votes"))?.question.comments[0]).toMatchObject({
      voted: false,
      mayVote: false,
      mayFlag: false,
    });
    expect(await voteComment(people.rich, id, false)).toBe(1);
    await expect(voteComment(people.author, id, true)).rejects.toMatchObject({ code: "forbidden" });
    const newcomer = await createMember(db());
    await expect(voteComment(newcomer, id, true)).rejects.toMatchObject({ code: "forbidden" });
    await expect(voteComment(null, id, true)).rejects.toMatchObject({ code: "unauthenticated" });
  });

  test("post comments are voted the same way", async () => {
    const post = await publish(people.author);
    const { id } = await addPostComment(people.author, post.id, { body: "Obrigada por lerem!" });
    expect(await votePostComment(people.rich, id, true)).toBe(1);
    const [thread] = await listPostComments(people.rich, post.id);
    expect(thread).toMatchObject({ score: 1, voted: true });
    // A question's comment is not voted through the post's door, nor the reverse.
    await expect(voteComment(people.rich, id, true)).rejects.toMatchObject({ code: "not_found" });
  });
});
