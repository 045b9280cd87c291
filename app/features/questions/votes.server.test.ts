import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { answers, questions, users, votes } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { createAnswer } from "./answers.server.ts";
import { deleteQuestion } from "./question-writes.server.ts";
import { ledgerReputation, recomputeReputation } from "./reputation.server.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { castVote, myVotes, VOTE_MESSAGES } from "./votes.server.ts";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
  // The voter of these tests may vote down too (PRIVILEGES.voteDown; the gates have their own tests).
  people.other = await createMember(db(), {
    name: "Outra Pessoa",
    // Room for the point each answer down-vote costs.
    reputation: PRIVILEGES.voteDown.reputation + 10,
  });
});

async function reputationOf(id: number) {
  const [row] = await db().select({ r: users.reputation }).from(users).where(eq(users.id, id));
  return row?.r;
}
async function questionScore(id: number) {
  const [row] = await db().select({ s: questions.score }).from(questions).where(eq(questions.id, id));
  return row?.s;
}

describe("voting on a question", () => {
  test("permission matrix: visitor asked to sign in, the author refused, others vote", async () => {
    const id = await askAs(people.author);
    await expect(castVote(null, { kind: "question", id }, 1)).rejects.toMatchObject({
      code: "unauthenticated",
    });
    await expect(castVote(people.author, { kind: "question", id }, 1)).rejects.toMatchObject({
      code: "forbidden",
      message: VOTE_MESSAGES.ownQuestion,
    });
    await expect(castVote(people.other, { kind: "question", id }, 1)).resolves.toEqual({
      score: 1,
      myVote: 1,
    });
    await expect(castVote(people.moderator, { kind: "question", id }, -1)).resolves.toEqual({
      score: 0,
      myVote: -1,
    });
  });

  test("one vote per member: the same again removes it, the other way changes it; reputation follows", async () => {
    const author = await createMember(db());
    const id = await askAs(author);
    const target = { kind: "question" as const, id };
    expect(await castVote(people.other, target, 1)).toEqual({ score: 1, myVote: 1 });
    expect(await reputationOf(author.id)).toBe(11);
    expect(await castVote(people.other, target, -1)).toEqual({ score: -1, myVote: -1 });
    // −10 −2 from 11 stops at the floor.
    expect(await reputationOf(author.id)).toBe(1);
    expect(await castVote(people.other, target, -1)).toEqual({ score: 0, myVote: 0 });
    expect(await reputationOf(author.id)).toBe(1);
    expect(await castVote(people.other, target, 1)).toEqual({ score: 1, myVote: 1 });
    const rows = await db()
      .select()
      .from(votes)
      .where(and(eq(votes.targetKind, "question"), eq(votes.targetId, id)));
    expect(rows).toHaveLength(1);
    expect(await ledgerReputation(author.id)).toBe(await reputationOf(author.id));
    expect((await myVotes(people.other, "question", [id])).get(id)).toBe(1);
    expect((await myVotes(null, "question", [id])).size).toBe(0);
  });

  test("deleted or missing posts cannot be voted on", async () => {
    const id = await askAs(people.author);
    await deleteQuestion(people.author, id);
    await expect(castVote(people.other, { kind: "question", id }, 1)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(castVote(people.other, { kind: "answer", id: 987_654 }, 1)).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("voting on an answer", () => {
  test("the answerer gets +10 / −2; never on one's own answer", async () => {
    const answerer = await createMember(db());
    const questionId = await askAs(people.author);
    const { id } = await createAnswer(
      answerer,
      questionId,
      "<p>Minha resposta. (com texto o bastante para uma resposta)</p>",
    );
    await expect(castVote(answerer, { kind: "answer", id }, 1)).rejects.toMatchObject({
      message: VOTE_MESSAGES.ownAnswer,
    });
    await castVote(people.rich, { kind: "answer", id }, 1);
    await castVote(people.other, { kind: "answer", id }, -1);
    const [row] = await db().select({ s: answers.score }).from(answers).where(eq(answers.id, id));
    expect(row?.s).toBe(0);
    expect(await reputationOf(answerer.id)).toBe(1 + 10 - 2);
    expect(await recomputeReputation(answerer.id)).toBe(9);
  });

  test("voting an answer down costs the voter one point, given back with the vote; questions cost nothing", async () => {
    const voter = await createMember(db(), { reputation: PRIVILEGES.voteDown.reputation });
    const questionId = await askAs(people.author);
    const { id } = await createAnswer(
      people.author,
      questionId,
      "<p>Outra resposta. (com texto o bastante para uma resposta)</p>",
    );
    await castVote(voter, { kind: "answer", id }, -1);
    expect(await reputationOf(voter.id)).toBe(PRIVILEGES.voteDown.reputation - 1);
    await castVote(voter, { kind: "answer", id }, -1);
    expect(await reputationOf(voter.id)).toBe(PRIVILEGES.voteDown.reputation);
    await castVote(voter, { kind: "question", id: questionId }, -1);
    expect(await reputationOf(voter.id)).toBe(PRIVILEGES.voteDown.reputation);
  });

  test("losses stop at 1: a member's reputation never goes below it, and the ledger says what was taken", async () => {
    const answerer = await createMember(db());
    const questionId = await askAs(people.author);
    const { id } = await createAnswer(
      answerer,
      questionId,
      "<p>Uma resposta fraca. (com texto o bastante para uma resposta)</p>",
    );
    await castVote(people.other, { kind: "answer", id }, -1);
    expect(await reputationOf(answerer.id)).toBe(1);
    expect(await ledgerReputation(answerer.id)).toBe(1);
    // The vote changed to up gives back what the down-vote took (nothing) and adds 10…
    await castVote(people.other, { kind: "answer", id }, 1);
    expect(await reputationOf(answerer.id)).toBe(11);
    // …and back down: −10 −2 from 11 stops at 1.
    await castVote(people.other, { kind: "answer", id }, -1);
    expect(await reputationOf(answerer.id)).toBe(1);
    expect(await recomputeReputation(answerer.id)).toBe(1);
  });
});

describe("concurrency", () => {
  test("many members voting at the same moment all count, once each", async () => {
    const author = await createMember(db());
    const id = await askAs(author);
    const voters = await Promise.all(
      Array.from({ length: 8 }, () => createMember(db(), { reputation: PRIVILEGES.voteUp.reputation })),
    );
    await Promise.all(voters.map((v) => castVote(v, { kind: "question", id }, 1)));
    expect(await questionScore(id)).toBe(8);
    expect(await reputationOf(author.id)).toBe(81);
    expect(await ledgerReputation(author.id)).toBe(81);
  });

  test("a double click by one member counts as one vote then its removal, never two votes", async () => {
    const author = await createMember(db());
    const id = await askAs(author);
    const results = await Promise.all([
      castVote(people.other, { kind: "question", id }, 1),
      castVote(people.other, { kind: "question", id }, 1),
    ]);
    expect(results.map((r) => r.myVote).sort()).toEqual([0, 1]);
    expect(await questionScore(id)).toBe(0);
    expect(await reputationOf(author.id)).toBe(1);
  });
});
