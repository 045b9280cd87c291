import { beforeAll, describe, expect, test } from "vitest";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";
import { acceptAnswer, createAnswer } from "./answers.server.ts";
import { deleteQuestion } from "./question-writes.server.ts";
import { REPUTATION } from "./reputation.server.ts";
import { reputationByDay, topTagsOf } from "./reputation-history.server.ts";
import { castVote } from "./votes.server.ts";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

describe("a member's reputation, told by day", () => {
  test("each change says what caused it and on which question; a deleted question is not named", async () => {
    const answerer = await createMember(db(), { name: "Quem Responde" });
    const voter = await createMember(db(), { reputation: PRIVILEGES.voteUp.reputation + 10 });
    const title = "Como somar uma coluna no pandas sem perder os nulos?";
    const id = await askAs(people.author, { title, tags: ["python", "pandas"] });
    const { id: answerId } = await createAnswer(
      answerer,
      id,
      "<p>Use sum com min_count=1 para manter os nulos.</p>",
    );
    await castVote(voter, { kind: "answer", id: answerId }, 1);
    await acceptAnswer(people.author, answerId);

    const { days, totalDays } = await reputationByDay(answerer.id, 1);
    expect(totalDays).toBe(1);
    expect(days[0]?.total).toBe(REPUTATION.upvote + REPUTATION.accepted);
    expect(days[0]?.changes).toEqual([
      { delta: REPUTATION.accepted, label: "resposta aceita", question: { id, title, answerId } },
      { delta: REPUTATION.upvote, label: "voto positivo", question: { id, title, answerId } },
    ]);

    // Top tags: the answer's score in each of its question's tags.
    expect(await topTagsOf(answerer.id)).toEqual([
      { name: "pandas", slug: "pandas", score: 1, answers: 1 },
      { name: "python", slug: "python", score: 1, answers: 1 },
    ]);

    await deleteQuestion(people.moderator, id);
    const after = await reputationByDay(answerer.id, 1);
    expect(after.days[0]?.changes.map((change) => change.question)).toEqual([null, null]);
    expect(await topTagsOf(answerer.id)).toEqual([]);
  });

  test("a member with no changes has no days", async () => {
    expect(await reputationByDay(people.rich.id, 1)).toEqual({ days: [], totalDays: 0 });
  });
});
