import { expect, test } from "vitest";
import { pendingFor, signInModalHref, type PendingAction } from "./sign-in-first.ts";

const vote: PendingAction = {
  key: "vote-question-7",
  page: "/questions/7",
  action: "/questions/7",
  fields: [
    ["intent", "vote"],
    ["value", "1"],
  ],
  at: 1_000_000,
};

test("a remembered action is carried out only by its own control, on its own page, while fresh", () => {
  expect(pendingFor(vote, "vote-question-7", "/questions/7", vote.at + 60_000)).toBe(vote);
  expect(pendingFor(vote, "vote-answer-7", "/questions/7", vote.at)).toBeNull();
  expect(pendingFor(vote, "vote-question-7", "/questions/8", vote.at)).toBeNull();
  expect(pendingFor(vote, "vote-question-7", "/questions/7", vote.at + 31 * 60_000)).toBeNull();
  expect(pendingFor(null, "vote-question-7", "/questions/7")).toBeNull();
});

test("the sign-in modal opens over the page, keeping its query but never a recovery token", () => {
  expect(signInModalHref({ pathname: "/questions", search: "?page=2" })).toBe(
    "/questions?page=2&auth=signIn",
  );
  expect(signInModalHref({ pathname: "/", search: "?auth=recovery&token=x" })).toBe("/?auth=signIn");
});
