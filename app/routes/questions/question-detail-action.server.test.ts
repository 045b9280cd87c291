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
