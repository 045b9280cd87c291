// Closing, reopening, duplicates and locking: vote counting, the binding moderator vote, the privilege's
// message, the original of a duplicate, and what a closed or locked question refuses.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { closeVotes, moderationLog, notifications, questions, users } from "#db/schema.ts";
import { PRIVILEGES, VOTES_TO_CLOSE, privilegeMessage } from "#app/features/moderation/rules.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { acceptAnswer, createAnswer, updateAnswer } from "./answers.server.ts";
import { BOUNTY_MESSAGES, offerBounty } from "./bounties.server.ts";
import {
  CLOSING_MESSAGES,
  closeVoteSummary,
  lockQuestion,
  parseQuestionReference,
  unlockQuestion,
  voteToClose,
  voteToReopen,
  withdrawCloseVote,
} from "./closing.server.ts";
import { addComment } from "./comments.server.ts";
import { DEFAULT_LIST_QUERY } from "./list-query.ts";
import { listQuestions } from "./question-list.server.ts";
import { sharedQuestionPage } from "./question-page-cache.server.ts";
import { loadQuestionPage } from "./question-page.server.ts";
import { updateQuestion } from "./question-writes.server.ts";
import { askAs, cast, questionInput } from "#tests/support/questions.ts";
import { castVote } from "./votes.server.ts";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
let voters: Viewer[];
beforeAll(async () => {
  people = await cast(db());
  voters = await Promise.all(
    Array.from({ length: VOTES_TO_CLOSE + 1 }, (_, i) =>
      createMember(db(), { name: `Votante ${i + 1}`, reputation: PRIVILEGES.closeVote.reputation }),
    ),
  );
});

async function stateOf(id: number) {
  const [row] = await db()
    .select({
      closedAt: questions.closedAt,
      closeReason: questions.closeReason,
      duplicateOfId: questions.duplicateOfId,
      closedBy: questions.closedBy,
      lockedAt: questions.lockedAt,
    })
    .from(questions)
    .where(eq(questions.id, id));
  return row!;
}

async function votesOn(id: number) {
  return db().select().from(closeVotes).where(eq(closeVotes.questionId, id));
}

describe("the original's reference", () => {
  test("a number, #number or an address of a question page", () => {
    expect(parseQuestionReference("123")).toBe(123);
    expect(parseQuestionReference(" #45 ")).toBe(45);
    expect(parseQuestionReference("/questions/7")).toBe(7);
    expect(parseQuestionReference("https://suporte.exemplo/questions/89#resposta-3")).toBe(89);
    expect(parseQuestionReference("/questions/12/historico")).toBe(12);
    for (const bad of ["", "abc", "/u/ana", "-3", "0", "99999999999", "/questions/x"]) {
      expect(parseQuestionReference(bad), bad).toBeNull();
    }
  });
});

describe("voting to close", () => {
  test("a fresh member is refused with how much reputation is missing", async () => {
    const id = await askAs(people.author);
    const missing = PRIVILEGES.closeVote.reputation - people.other.reputation;
    await expect(voteToClose(people.other, id, { reason: "off_topic" })).rejects.toMatchObject({
      status: 403,
      message: privilegeMessage("closeVote", missing),
    });
    await expect(voteToClose(null, id, { reason: "off_topic" })).rejects.toMatchObject({
      code: "unauthenticated",
    });
    expect(await votesOn(id)).toHaveLength(0);
  });

  test(`${VOTES_TO_CLOSE} votes close it with the most voted reason; the votes are cleared`, async () => {
    const id = await askAs(people.author);
    const [a, b, c] = voters as [Viewer, Viewer, Viewer];
    expect(await voteToClose(a, id, { reason: "needs_details" })).toMatchObject({ changed: false, votes: 1 });
    await expect(voteToClose(a, id, { reason: "off_topic" })).rejects.toMatchObject({
      status: 409,
      message: CLOSING_MESSAGES.alreadyVotedClose,
    });
    expect(await voteToClose(b, id, { reason: "off_topic" })).toMatchObject({ changed: false, votes: 2 });
    expect((await closeVoteSummary(b, id)).votedClose).toBe(true);
    expect(await voteToClose(c, id, { reason: "off_topic" })).toMatchObject({ changed: true });
    const state = await stateOf(id);
    expect(state.closedAt).not.toBeNull();
    expect(state.closeReason).toBe("off_topic");
    expect(state.closedBy).toEqual([a.id, b.id, c.id]);
    expect(await votesOn(id)).toHaveLength(0);
    await expect(voteToClose(voters[3]!, id, { reason: "off_topic" })).rejects.toMatchObject({
      status: 409,
      message: CLOSING_MESSAGES.alreadyClosed,
    });
    const logged = await db()
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.action, "close"), eq(moderationLog.targetId, id)));
    expect(logged).toMatchObject([{ actorId: c.id, targetKind: "question", subjectId: people.author.id }]);
  });

  test("a moderator's vote is binding", async () => {
    const id = await askAs(people.author);
    await voteToClose(voters[0]!, id, { reason: "opinion_based" });
    expect(await voteToClose(people.moderator, id, { reason: "opinion_based" })).toMatchObject({
      changed: true,
    });
    expect(await stateOf(id)).toMatchObject({
      closeReason: "opinion_based",
      closedBy: [voters[0]!.id, people.moderator.id],
    });
  });

  test("a reason is required", async () => {
    const id = await askAs(people.author);
    await expect(voteToClose(voters[0]!, id, { reason: "porque sim" })).rejects.toMatchObject({
      status: 400,
      field: "reason",
      message: CLOSING_MESSAGES.reason,
    });
  });
});

describe("taking a vote back", () => {
  test("a pending close or reopen vote is the voter's to withdraw; none left is a 409", async () => {
    const id = await askAs(people.author);
    await voteToClose(voters[0]!, id, { reason: "off_topic" });
    expect((await closeVoteSummary(voters[0]!, id))?.close).toBe(1);
    await withdrawCloseVote(voters[0]!, id);
    expect(await closeVoteSummary(voters[0]!, id)).toMatchObject({ close: 0, votedClose: false });
    await expect(withdrawCloseVote(voters[0]!, id)).rejects.toMatchObject({
      status: 409,
      message: CLOSING_MESSAGES.noVoteToWithdraw,
    });
    // Another voter's vote stays.
    await voteToClose(voters[1]!, id, { reason: "off_topic" });
    await expect(withdrawCloseVote(voters[0]!, id)).rejects.toMatchObject({ status: 409 });
    expect((await closeVoteSummary(voters[1]!, id))?.close).toBe(1);
    // On a closed question, the vote taken back is a reopen vote.
    await voteToClose(people.moderator, id, { reason: "off_topic" });
    await voteToReopen(voters[0]!, id);
    await withdrawCloseVote(voters[0]!, id);
    expect(await closeVoteSummary(voters[0]!, id)).toMatchObject({ reopen: 0, votedReopen: false });
  });
});

describe("duplicates", () => {
  test("the original must be given, exist, be live and not be the question itself", async () => {
    const id = await askAs(people.author);
    const deleted = await askAs(people.author);
    await db().update(questions).set({ deletedAt: new Date() }).where(eq(questions.id, deleted));
    const cases: [string, string][] = [
      ["", CLOSING_MESSAGES.duplicateRequired],
      ["não sei", CLOSING_MESSAGES.duplicateRequired],
      [String(id), CLOSING_MESSAGES.duplicateSelf],
      [`/questions/${id}`, CLOSING_MESSAGES.duplicateSelf],
      ["987654", CLOSING_MESSAGES.duplicateMissing],
      [String(deleted), CLOSING_MESSAGES.duplicateMissing],
    ];
    for (const [duplicateOf, message] of cases) {
      await expect(
        voteToClose(people.moderator, id, { reason: "duplicate", duplicateOf }),
        duplicateOf,
      ).rejects.toMatchObject({ status: 400, field: "duplicateOf", message });
    }
    expect(await stateOf(id)).toMatchObject({ closedAt: null });
  });

  test("a duplicate of a duplicate points at the root; a chain back to the question is refused", async () => {
    const root = await askAs(people.author);
    const middle = await askAs(people.author);
    const last = await askAs(people.other);
    await voteToClose(people.moderator, middle, { reason: "duplicate", duplicateOf: `/questions/${root}` });
    await voteToClose(people.moderator, last, { reason: "duplicate", duplicateOf: String(middle) });
    expect(await stateOf(last)).toMatchObject({ closeReason: "duplicate", duplicateOfId: root });
    // Reopened, the root could be called a duplicate of its own duplicates: refused.
    await expect(
      voteToClose(people.moderator, root, { reason: "duplicate", duplicateOf: String(last) }),
    ).rejects.toMatchObject({ field: "duplicateOf", message: CLOSING_MESSAGES.duplicateCycle });
  });

  test("the asker is told, and the original's page lists its duplicate", async () => {
    const original = await askAs(
      people.other,
      questionInput({ title: "Como ordenar um array em JavaScript?" }),
    );
    const id = await askAs(people.author);
    // Kept in memory before (ADR 031): the closing must change a version the kept page is checked against.
    expect((await sharedQuestionPage(original, "votes", false))?.question.closing.duplicates).toEqual([]);
    expect((await sharedQuestionPage(id, "votes", false))?.question.closedAt).toBeNull();
    await voteToClose(people.moderator, id, { reason: "duplicate", duplicateOf: String(original) });
    const told = await db().select().from(notifications).where(eq(notifications.userId, people.author.id));
    expect(told.some((n) => n.kind === "moderation" && n.url === `/questions/${id}`)).toBe(true);
    const originalPage = await sharedQuestionPage(original, "votes", false);
    expect(originalPage?.question.closing.duplicates.map((d) => d.id)).toContain(id);
    const duplicatePage = await sharedQuestionPage(id, "votes", false);
    expect(duplicatePage?.question.closing).toMatchObject({
      original: { id: original, title: "Como ordenar um array em JavaScript?" },
      closers: [{ id: people.moderator.id, name: people.moderator.name }],
    });
    // The original's new title reaches the duplicate's banner.
    await updateQuestion(people.other, original, questionInput({ title: "Como ordenar objetos por data?" }));
    expect((await sharedQuestionPage(id, "votes", false))?.question.closing.original?.title).toBe(
      "Como ordenar objetos por data?",
    );
  });

  test("the asker may close their own question as a duplicate at once, without the privilege", async () => {
    const original = await askAs(people.other);
    const id = await askAs(people.author);
    await expect(voteToClose(people.author, id, { reason: "off_topic" })).rejects.toMatchObject({
      status: 403,
    });
    expect(
      await voteToClose(people.author, id, { reason: "duplicate", duplicateOf: String(original) }),
    ).toMatchObject({ changed: true, duplicateOfId: original });
  });

  test("with votes, the most voted original wins", async () => {
    const first = await askAs(people.other);
    const second = await askAs(people.other);
    const id = await askAs(people.author);
    const [a, b, c] = voters as [Viewer, Viewer, Viewer];
    await voteToClose(a, id, { reason: "duplicate", duplicateOf: String(first) });
    await voteToClose(b, id, { reason: "duplicate", duplicateOf: String(second) });
    await voteToClose(c, id, { reason: "duplicate", duplicateOf: String(second) });
    expect(await stateOf(id)).toMatchObject({ closeReason: "duplicate", duplicateOfId: second });
  });
});

describe("reopening", () => {
  test(`${VOTES_TO_CLOSE} votes or a moderator's reopen it, clearing the closed state`, async () => {
    const original = await askAs(people.other);
    const id = await askAs(people.author);
    await voteToClose(people.moderator, id, { reason: "duplicate", duplicateOf: String(original) });
    await expect(voteToReopen(people.other, id)).rejects.toMatchObject({ status: 403 });
    const [a, b, c] = voters as [Viewer, Viewer, Viewer];
    expect(await voteToReopen(a, id)).toMatchObject({ changed: false, votes: 1 });
    await expect(voteToReopen(a, id)).rejects.toMatchObject({ message: CLOSING_MESSAGES.alreadyVotedReopen });
    await voteToReopen(b, id);
    expect(await voteToReopen(c, id)).toMatchObject({ changed: true, duplicateOfId: original });
    expect(await stateOf(id)).toMatchObject({
      closedAt: null,
      closeReason: null,
      duplicateOfId: null,
      closedBy: null,
    });
    expect(await votesOn(id)).toHaveLength(0);
    await expect(voteToReopen(c, id)).rejects.toMatchObject({
      status: 409,
      message: CLOSING_MESSAGES.notClosed,
    });

    await voteToClose(people.moderator, id, { reason: "off_topic" });
    expect(await voteToReopen(people.moderator, id)).toMatchObject({ changed: true });
    expect((await stateOf(id)).closedAt).toBeNull();
  });
});

describe("what a closed or locked question refuses", () => {
  test("a closed question refuses answers but takes comments and votes", async () => {
    const id = await askAs(people.author);
    await voteToClose(people.moderator, id, { reason: "needs_details" });
    await expect(
      createAnswer(people.other, id, "<p>Uma resposta tardia. (com texto o bastante para uma resposta)</p>"),
    ).rejects.toMatchObject({
      status: 409,
      message: CLOSING_MESSAGES.closedToAnswers,
    });
    const [row] = await db().select({ n: questions.answerCount }).from(questions).where(eq(questions.id, id));
    expect(row?.n).toBe(0);
    await addComment(people.other, { kind: "question", id }, "Pode dar mais detalhes do erro?");
    // A closed question takes no new answers, so no bounty either.
    await db().update(users).set({ reputation: 500 }).where(eq(users.id, people.author.id));
    await expect(offerBounty(people.author, id, 50)).rejects.toMatchObject({
      status: 409,
      message: BOUNTY_MESSAGES.closed,
    });
    await voteToReopen(people.moderator, id);
    await createAnswer(
      people.other,
      id,
      "<p>Agora sim, uma resposta. (com texto o bastante para uma resposta)</p>",
    );
  });

  test("only moderators lock; a locked question refuses answers, comments, votes, edits and close votes", async () => {
    const id = await askAs(people.author);
    const answer = await createAnswer(
      people.other,
      id,
      "<p>Resposta antes do bloqueio. (com texto o bastante para uma resposta)</p>",
    );
    await expect(lockQuestion(voters[0]!, id)).rejects.toMatchObject({ status: 403 });
    await lockQuestion(people.moderator, id, "Discussão acalorada");
    await expect(lockQuestion(people.moderator, id)).rejects.toMatchObject({ status: 409 });
    const locked = { status: 409, message: CLOSING_MESSAGES.locked };
    await expect(
      createAnswer(people.rich, id, "<p>Mais uma. (com texto o bastante para uma resposta)</p>"),
    ).rejects.toMatchObject(locked);
    await expect(
      addComment(people.rich, { kind: "question", id }, "Um comentário que não deveria entrar aqui."),
    ).rejects.toMatchObject(locked);
    await expect(
      addComment(
        people.rich,
        { kind: "answer", id: answer.id },
        "Outro comentário que não deveria entrar aqui.",
      ),
    ).rejects.toMatchObject(locked);
    await expect(castVote(people.rich, { kind: "question", id }, 1)).rejects.toMatchObject(locked);
    await expect(castVote(people.rich, { kind: "answer", id: answer.id }, 1)).rejects.toMatchObject(locked);
    await expect(updateQuestion(people.author, id, questionInput())).rejects.toMatchObject(locked);
    await expect(
      updateAnswer(people.other, answer.id, "<p>Mudei. (com texto o bastante para uma resposta)</p>"),
    ).rejects.toMatchObject(locked);
    await expect(voteToClose(voters[0]!, id, { reason: "off_topic" })).rejects.toMatchObject(locked);
    // Nor is an answer accepted or a bounty offered on it (the asker has enough reputation for one).
    await expect(acceptAnswer(people.author, answer.id)).rejects.toMatchObject(locked);
    await db().update(users).set({ reputation: 500 }).where(eq(users.id, people.author.id));
    await expect(offerBounty(people.author, id, 50)).rejects.toMatchObject(locked);
    // The page offers no edit the server would refuse; moderators still edit.
    const asAuthor = await loadQuestionPage(people.author, id, "votes");
    expect(asAuthor?.permissions.canEdit).toBe(false);
    expect((await loadQuestionPage(people.other, id, "votes"))?.answers[0]?.canEdit).toBe(false);
    expect((await loadQuestionPage(people.moderator, id, "votes"))?.permissions.canEdit).toBe(true);
    const logged = await db()
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.action, "lock"), eq(moderationLog.targetId, id)));
    expect(logged).toMatchObject([{ actorId: people.moderator.id, reason: "Discussão acalorada" }]);

    await expect(unlockQuestion(voters[0]!, id)).rejects.toMatchObject({ status: 403 });
    await unlockQuestion(people.moderator, id);
    expect((await stateOf(id)).lockedAt).toBeNull();
    await addComment(people.rich, { kind: "question", id }, "Agora o comentário entra sem problemas.");
    await castVote(people.rich, { kind: "question", id }, 1);
  });
});

describe("lists", () => {
  test("closed questions are marked, and ?status=open|closed filters them in SQL", async () => {
    const tag = "fechamento-lista";
    const open = await askAs(people.author, { tags: [tag] });
    const closed = await askAs(people.author, { tags: [tag] });
    const duplicate = await askAs(people.author, { tags: [tag] });
    await voteToClose(people.moderator, closed, { reason: "off_topic" });
    await voteToClose(people.moderator, duplicate, { reason: "duplicate", duplicateOf: String(open) });
    const list = async (status: "all" | "open" | "closed") =>
      (await listQuestions(null, { ...DEFAULT_LIST_QUERY, tags: [tag], status })).items.map((q) => [
        q.id,
        q.closed,
      ]);
    expect(await list("all")).toEqual([
      [duplicate, "duplicate"],
      [closed, "closed"],
      [open, null],
    ]);
    expect(await list("open")).toEqual([[open, null]]);
    expect(await list("closed")).toEqual([
      [duplicate, "duplicate"],
      [closed, "closed"],
    ]);
  });
});
