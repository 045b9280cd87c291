import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { answerOutdatedMarks, follows, memberBlocks, questions, users } from "#db/schema.ts";
import { settleBackgroundWork } from "#app/lib/background-work.server.ts";
import { setupTestDatabase, statementsOf } from "#tests/support/database.ts";
import { acceptAnswer, createAnswer, deleteAnswer, updateAnswer } from "./answers.server.ts";
import { voteToClose } from "./closing.server.ts";
import { addComment, deleteComment } from "./comments.server.ts";
import { toggleFavorite } from "./favorites.server.ts";
import { sharedQuestionPage } from "./question-page-cache.server.ts";
import { loadQuestionPage } from "./question-page.server.ts";
import { updateQuestion } from "./question-writes.server.ts";
import { askAs, cast, questionInput } from "#tests/support/questions.ts";
import { castVote } from "./votes.server.ts";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

const COMMENT = "Um comentário com texto suficiente para passar.";

async function questionWithAnswer() {
  const id = await askAs(people.author);
  const { id: answerId } = await createAnswer(people.other, id, "<p>Uma resposta com texto suficiente.</p>");
  return { id, answerId };
}

describe("the shared question page", () => {
  test("is read once and kept while nothing changes", async () => {
    const { id } = await questionWithAnswer();
    const first = await sharedQuestionPage(id, "votes", false);
    expect(first).not.toBeNull();
    expect(await sharedQuestionPage(id, "votes", false)).toBe(first);
    // Other orders and the moderators' reading are kept apart.
    expect(await sharedQuestionPage(id, "newest", false)).not.toBe(first);
    expect(await sharedQuestionPage(id, "votes", true)).not.toBe(first);
  });

  test.each<[string, (ids: { id: number; answerId: number }) => Promise<unknown>]>([
    ["a vote on an answer", ({ answerId }) => castVote(people.rich, { kind: "answer", id: answerId }, 1)],
    ["a vote on the question", ({ id }) => castVote(people.moderator, { kind: "question", id }, -1)],
    ["a comment", ({ answerId }) => addComment(people.rich, { kind: "answer", id: answerId }, COMMENT)],
    [
      "a new answer",
      ({ id }) =>
        createAnswer(
          people.rich,
          id,
          "<p>Outra resposta, também longa. (com texto o bastante para uma resposta)</p>",
        ),
    ],
    [
      "an edited answer",
      ({ answerId }) =>
        updateAnswer(
          people.other,
          answerId,
          "<p>Resposta editada agora. (com texto o bastante para uma resposta)</p>",
        ),
    ],
    [
      "an edited question",
      ({ id }) =>
        updateQuestion(people.author, id, questionInput({ title: "Um título novo para a pergunta?" })),
    ],
    ["an accepted answer", ({ answerId }) => acceptAnswer(people.author, answerId)],
    ["a deleted answer", ({ answerId }) => deleteAnswer(people.moderator, answerId)],
    ["a favourite", ({ id }) => toggleFavorite(people.rich, id)],
    // Authors' names and reputation are shown on the page and change elsewhere.
    [
      "an author's new name",
      () => db().update(users).set({ name: "Outra Pessoa Renomeada" }).where(eq(users.id, people.other.id)),
    ],
  ])("is read again after %s", async (_label, write) => {
    const ids = await questionWithAnswer();
    const before = await sharedQuestionPage(ids.id, "votes", false);
    await write(ids);
    const after = await sharedQuestionPage(ids.id, "votes", false);
    expect(after).not.toBe(before);
    expect(after?.version === before?.version && after?.membersVersion === before?.membersVersion).toBe(
      false,
    );
  });

  test("after a write to the question's own row only, keeps its answers and reads the question again", async () => {
    const { id, answerId } = await questionWithAnswer();
    await addComment(people.rich, { kind: "answer", id: answerId }, COMMENT);
    const before = await sharedQuestionPage(id, "votes", false);
    await toggleFavorite(people.other, id);
    const favourited = await sharedQuestionPage(id, "votes", false);
    expect(favourited?.question.favoriteCount).toBe(1);
    expect(favourited?.answers).toBe(before?.answers);
    expect(favourited?.memo).not.toBe(before?.memo);

    // A comment on the question by a member the page already shows, and an edit of the question's text.
    await addComment(people.rich, { kind: "question", id }, COMMENT);
    await updateQuestion(
      people.author,
      id,
      questionInput({
        title: "Um título novo para a pergunta?",
        description: "<p>Texto novo da pergunta, com detalhes suficientes<script>x</script></p>",
      }),
    );
    const edited = await sharedQuestionPage(id, "votes", false);
    expect(edited?.answers).toBe(before?.answers);
    expect(edited?.question).toMatchObject({ title: "Um título novo para a pergunta?", commentCount: 1 });
    expect(edited?.question.description).toContain("Texto novo");
    expect(edited?.question.description).not.toContain("script");
    expect(edited?.question.plainText).toContain("Texto novo");
    expect(edited?.question.comments.map((c) => [c.body, c.author.id])).toEqual([[COMMENT, people.rich.id]]);
    // Kept again under the new version.
    expect(await sharedQuestionPage(id, "votes", false)).toBe(edited);
  });

  test("after a vote on the question, which moves its author's reputation too, reads no answer again", async () => {
    const { id, answerId } = await questionWithAnswer();
    // A second answer whose comment is by the question's author: the only answer that shows them.
    const { id: secondId } = await createAnswer(
      people.rich,
      id,
      "<p>Uma segunda resposta, com texto suficiente para valer.</p>",
    );
    await addComment(people.author, { kind: "answer", id: secondId }, COMMENT);
    const before = await sharedQuestionPage(id, "votes", false);
    await castVote(people.rich, { kind: "question", id }, 1);
    const after = await sharedQuestionPage(id, "votes", false);
    expect(after?.question.score).toBe(1);
    const [author] = await db().select().from(users).where(eq(users.id, people.author.id));
    expect(after?.question.author.reputation).toBe(author?.reputation);
    expect(after?.question.author.reputation).not.toBe(before?.question.author.reputation);
    expect(after?.membersVersion).not.toBe(before?.membersVersion);
    // The answer that shows no moved member is the kept object itself: nothing was read again for it.
    const kept = (page: typeof after, answer: number) => page?.answers.find((a) => a.id === answer);
    expect(kept(after, answerId)).toBe(kept(before, answerId));
    // The other names the author as they are now.
    expect(kept(after, secondId)).not.toBe(kept(before, secondId));
    expect(kept(after, secondId)?.comments[0]?.author).toEqual({
      id: people.author.id,
      handle: author?.handle,
      name: author?.name,
    });
    expect(await sharedQuestionPage(id, "votes", false)).toBe(after);
  });

  test.each<[string, (ids: { id: number; answerId: number }) => Promise<unknown>]>([
    ["an accepted answer", ({ answerId }) => acceptAnswer(people.author, answerId)],
    // A moderator's vote closes at once; only the question's row moves, in a field the answers do not show.
    ["a closing", ({ id }) => voteToClose(people.moderator, id, { reason: "off_topic" })],
    [
      "a comment on the question by a member it does not show",
      ({ id }) => addComment(people.moderator, { kind: "question", id }, COMMENT),
    ],
  ])("reads the whole page again after %s", async (_label, write) => {
    const ids = await questionWithAnswer();
    const before = await sharedQuestionPage(ids.id, "votes", false);
    await write(ids);
    const after = await sharedQuestionPage(ids.id, "votes", false);
    // Read again: even the answer nothing touched is a new object, and the question is as it is now.
    const [row] = await db().select().from(questions).where(eq(questions.id, ids.id));
    expect(after?.question.closedAt?.getTime()).toBe(row?.closedAt?.getTime());
    expect(after?.answers[0]?.id).toBe(ids.answerId);
    expect(after?.answers[0]).not.toBe(before?.answers[0]);
    expect(after?.question.commentCount === 1 ? after.question.comments.length : 1).toBe(1);
  });

  test("shows the write at once: scores, comments, names", async () => {
    const { id, answerId } = await questionWithAnswer();
    await sharedQuestionPage(id, "votes", false);
    await castVote(people.rich, { kind: "answer", id: answerId }, 1);
    await addComment(people.rich, { kind: "answer", id: answerId }, COMMENT);
    const page = await sharedQuestionPage(id, "votes", false);
    expect(page?.answers[0]).toMatchObject({ id: answerId, score: 1, commentCount: 1 });
    expect(page?.answers[0]?.comments.map((c) => c.body)).toEqual([COMMENT]);
    const { id: commentId } = page!.answers[0]!.comments[0]!;
    await deleteComment(people.rich, commentId);
    expect((await sharedQuestionPage(id, "votes", false))?.answers[0]?.comments).toEqual([]);
  });

  test("holds nothing of a viewer; each member gets their own marks on top", async () => {
    const { id, answerId } = await questionWithAnswer();
    await castVote(people.rich, { kind: "answer", id: answerId }, 1);
    await toggleFavorite(people.rich, id);
    await addComment(people.rich, { kind: "question", id }, COMMENT);
    const asRich = await loadQuestionPage(people.rich, id, "votes");
    const asOther = await loadQuestionPage(people.other, id, "votes");
    const shared = await sharedQuestionPage(id, "votes", false);
    const kept = JSON.stringify(shared);
    for (const mark of ["myVote", "favorited", "canDelete", "canEdit", "canAccept", "isAuthor"]) {
      expect(kept).not.toContain(mark);
    }
    // Another member's edit is a suggestion; the author's is direct.
    expect(asRich?.answers[0]).toMatchObject({ myVote: 1, canEdit: true, suggestsEdit: true });
    expect(asRich?.question).toMatchObject({ favorited: true });
    expect(asRich?.question.comments[0]?.canDelete).toBe(true);
    expect(asOther?.answers[0]).toMatchObject({ myVote: 0, canEdit: true, suggestsEdit: false });
    expect(asOther?.question).toMatchObject({ favorited: false });
    expect(asOther?.question.comments[0]?.canDelete).toBe(false);
  });

  test("a deleted question reaches moderators only; deleted answers only their reading", async () => {
    const { id, answerId } = await questionWithAnswer();
    await deleteAnswer(people.moderator, answerId);
    expect((await loadQuestionPage(people.other, id, "votes"))?.answers).toEqual([]);
    expect((await loadQuestionPage(people.moderator, id, "votes"))?.answers.map((a) => a.id)).toEqual([
      answerId,
    ]);
    expect((await loadQuestionPage(people.other, id, "votes"))?.answers).toEqual([]);
  });

  test("requests that find a new version together wait for one read of it", async () => {
    const { id } = await questionWithAnswer();
    await sharedQuestionPage(id, "votes", false);
    await createAnswer(people.rich, id, "<p>Uma resposta nova, que muda o que a página mostra.</p>");
    // What an answer sets off afterwards (notifications, indexing) is done: the version stays put meanwhile.
    await settleBackgroundWork();
    let pages: Awaited<ReturnType<typeof sharedQuestionPage>>[] = [];
    const together = await statementsOf(async () => {
      pages = await Promise.all(Array.from({ length: 5 }, () => sharedQuestionPage(id, "votes", false)));
    });
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]?.answers).toHaveLength(2);
    // One read alone: its version and then the page's own statements.
    await createAnswer(people.other, id, "<p>Mais uma resposta, para mudar a versão outra vez.</p>");
    await settleBackgroundWork();
    const alone = await statementsOf(() => sharedQuestionPage(id, "votes", false));
    // Five requests: five versions and one read, not five.
    expect(together).toBe(alone + 4);
    expect(await sharedQuestionPage(id, "votes", false)).toBe(await sharedQuestionPage(id, "votes", false));
  });

  test("no such question", async () => {
    expect(await sharedQuestionPage(999_999, "votes", false)).toBeNull();
    expect(await sharedQuestionPage(-1, "votes", false)).toBeNull();
  });
});

describe("the viewer's relations, read with the page's version", () => {
  test("name whom they follow and blocked on the page and their outdated marks, as they are now", async () => {
    const { id, answerId } = await questionWithAnswer();
    await addComment(people.rich, { kind: "answer", id: answerId }, COMMENT);
    const viewer = people.moderator;
    // The page was not kept yet: the caller reads the relations itself.
    expect((await loadQuestionPage(viewer, id, "votes"))?.viewerRelations).toBeNull();

    await db().insert(follows).values({ followerId: viewer.id, followeeId: people.other.id });
    await db().insert(memberBlocks).values({ blockerId: viewer.id, blockedId: people.rich.id });
    await db()
      .insert(answerOutdatedMarks)
      .values({ answerId, memberId: viewer.id, tag: "node", version: "24", versionKey: [24] });
    const kept = (await loadQuestionPage(viewer, id, "votes"))?.viewerRelations;
    expect(kept && [...kept.following]).toEqual([people.other.id]);
    expect(kept && [...kept.blocked]).toEqual([people.rich.id]);
    expect(kept && [...kept.outdatedMarks]).toEqual([[answerId, { tag: "node", version: "24" }]]);
    // Another member's relations are their own (a moderator reads deleted answers too: another kept page).
    await loadQuestionPage(people.author, id, "votes");
    const others = (await loadQuestionPage(people.author, id, "votes"))?.viewerRelations;
    expect(others && [others.following.size, others.blocked.size, others.outdatedMarks.size]).toEqual([
      0, 0, 0,
    ]);

    // Never kept with the page: an unfollow shows on the next read.
    await db()
      .delete(follows)
      .where(and(eq(follows.followerId, viewer.id), eq(follows.followeeId, people.other.id)));
    expect((await loadQuestionPage(viewer, id, "votes"))?.viewerRelations?.following.size).toBe(0);
  });
});
