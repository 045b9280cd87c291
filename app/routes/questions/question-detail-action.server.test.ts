// The question page's action dispatches on its typed intents: an intent no form posts answers 400, for a member
// and for a visitor alike.
import { beforeAll, describe, expect, test } from "vitest";
import { askAs, cast } from "#tests/support/questions.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { actionArgs, statusOf } from "#tests/support/route-calls.ts";
import { questionPageIntents } from "./question-detail-action.server.ts";
import { action } from "./question-detail.tsx";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
let question: number;
beforeAll(async () => {
  people = await cast(db());
  question = await askAs(people.author);
});

describe("question page intents", () => {
  test("an unknown or missing intent answers 400", async () => {
    for (const viewer of [people.other, people.visitor]) {
      for (const fields of [{ intent: "drop-table" }, { intent: "" }, {}] as Record<string, string>[]) {
        const status = await statusOf(() =>
          action(actionArgs(`/questions/${question}`, viewer, fields, { id: String(question) })),
        );
        expect(status, JSON.stringify(fields)).toBe(400);
      }
    }
  });

  test("the twenty-two intents of the page's forms (flags post to /sinalizar)", () => {
    expect([...questionPageIntents.intents].sort()).toEqual([
      "accept",
      "answer",
      "award-bounty",
      "close-vote",
      "comment",
      "delete-answer",
      "delete-comment",
      "delete-question",
      "edit-comment",
      "favorite",
      "lock",
      "mark-outdated",
      "offer-bounty",
      "reopen-vote",
      "restore-answer",
      "restore-question",
      "retract-outdated",
      "unlock",
      "vote",
      "vote-comment",
      "watch",
      "withdraw-close-vote",
    ]);
  });
});

describe("deleting a question", () => {
  const deleteAs = async (viewer: typeof people.author, id: number) => {
    const reply = await action(
      actionArgs(`/questions/${id}`, viewer, { intent: "delete-question" }, { id: String(id) }),
    );
    return reply instanceof Response ? reply.headers.get("location") : null;
  };

  test("its author goes back to the list, which says it was deleted; the moderation stays on the question", async () => {
    const own = await askAs(people.author);
    expect(await deleteAs(people.author, own)).toBe("/questions?feito=pergunta-excluida");
    const other = await askAs(people.author);
    expect(await deleteAs(people.moderator, other)).toBe(`/questions/${other}`);
  });
});
