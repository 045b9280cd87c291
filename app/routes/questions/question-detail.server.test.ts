// Ids in the question page's and the question list's forms that cannot be ids (a word, a fraction, a number
// past the integer range) answer "not found", never a failed query (they used to answer 500).
import { beforeAll, describe, expect, test } from "vitest";
import { createAnswer } from "#app/features/questions/answers.server.ts";
import { addComment } from "#app/features/questions/comments.server.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { actionArgs, statusOf } from "#tests/support/route-calls.ts";
import { action as questionAction } from "./question-detail.tsx";
import { action as listAction } from "./question-list.tsx";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
let question: number;
beforeAll(async () => {
  people = await cast(db());
  question = await askAs(people.author);
  const answer = await createAnswer(
    people.other,
    question,
    "<p>Uma resposta qualquer. (com texto o bastante para uma resposta)</p>",
  );
  await addComment(people.author, { kind: "answer", id: answer.id }, "Um comentário qualquer.");
});

const BAD_IDS = ["abc", "1.5", "1e3", "99999999999", "2147483648"];

describe("malformed ids in forms", () => {
  test("every intent of the question page that takes an id answers 404", async () => {
    const forms = (bad: string): Record<string, string>[] => [
      { intent: "vote", kind: "answer", id: bad, value: "1" },
      { intent: "vote", kind: "question", id: bad, value: "1" },
      { intent: "comment", kind: "answer", id: bad, body: "Comentário de teste." },
      { intent: "delete-comment", commentId: bad },
      { intent: "accept", answerId: bad },
      { intent: "delete-answer", answerId: bad },
      { intent: "award-bounty", answerId: bad },
    ];
    for (const bad of BAD_IDS) {
      for (const fields of forms(bad)) {
        const status = await statusOf(() =>
          questionAction(
            actionArgs(`/questions/${question}`, people.other, fields, { id: String(question) }),
          ),
        );
        expect(status, `${fields.intent} com ${bad}`).toBe(404);
      }
      const restore = { intent: "restore-answer", answerId: bad };
      const status = await statusOf(() =>
        questionAction(
          actionArgs(`/questions/${question}`, people.moderator, restore, { id: String(question) }),
        ),
      );
      expect(status, `restore-answer com ${bad}`).toBe(404);
    }
  });

  test("deleting a saved filter answers 404", async () => {
    for (const bad of BAD_IDS) {
      const fields = { intent: "delete-filter", filterId: bad };
      expect(await statusOf(() => listAction(actionArgs("/questions", people.author, fields, {}))), bad).toBe(
        404,
      );
    }
  });
});
