// "Não funciona mais na versão…" through the question page's action: visitors are sent to sign in, a
// suspended member is refused before the action runs, members mark and take their mark back.
import { beforeAll, describe, expect, test } from "vitest";
import { createAnswer } from "#app/features/questions/answers.server.ts";
import { listAnswers } from "#app/features/questions/answer-list.server.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { suspendedWriteRefusal } from "#app/features/moderation/suspension-guard.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { actionArgs, statusOf } from "#tests/support/route-calls.ts";
import { action } from "../question-detail.tsx";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
let question: number;
let answer: number;
beforeAll(async () => {
  people = await cast(db());
  question = await askAs(people.author, { tags: ["node"] });
  answer = (
    await createAnswer(people.other, question, "<p>Resposta. (com texto o bastante para uma resposta)</p>", {
      versions: [{ tag: "node", version: "24" }],
    })
  ).id;
});

const post = (viewer: Parameters<typeof actionArgs>[1], fields: Record<string, string>) =>
  statusOf(() =>
    action(
      actionArgs(
        `/questions/${question}`,
        viewer,
        { answerId: String(answer), ...fields },
        { id: String(question) },
      ),
    ),
  );

describe("marking an answer outdated from the question page", () => {
  test("a visitor is sent to sign in; nothing is marked", async () => {
    expect(await post(null, { intent: "mark-outdated", tag: "node", version: "26" })).toBe(302);
    expect(await post(null, { intent: "retract-outdated" })).toBe(302);
  });

  test("a suspended member's mark is refused before the action runs", async () => {
    const suspended = {
      ...people.rich,
      suspension: { until: new Date(Date.now() + 86_400_000), reason: "spam" },
    };
    const request = new Request(`http://localhost:3000/questions/${question}`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "mark-outdated",
        answerId: String(answer),
        tag: "node",
        version: "26",
      }),
    });
    expect(await suspendedWriteRefusal(request, suspended)).toEqual(expect.any(String));
  });

  test("a member marks (400 for a bad version, 404 for a missing answer) and takes it back", async () => {
    expect(await post(people.rich, { intent: "mark-outdated", tag: "node", version: "abc" })).toBe(400);
    expect(
      await statusOf(() =>
        action(
          actionArgs(
            `/questions/${question}`,
            people.rich,
            { intent: "mark-outdated", answerId: "999999", tag: "node", version: "26" },
            { id: String(question) },
          ),
        ),
      ),
    ).toBe(404);
    expect(await post(people.other, { intent: "mark-outdated", tag: "node", version: "26" })).toBe(200);
    expect((await listAnswers(null, question))[0]?.outdatedSince).toEqual({ tag: "node", version: "26" });
    expect(await post(people.other, { intent: "retract-outdated" })).toBe(200);
    expect((await listAnswers(null, question))[0]?.outdatedSince).toBeNull();
  });
});
