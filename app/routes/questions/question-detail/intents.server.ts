// The forms of /questions/{id}: the `intent` each one posts and what every handler receives. Adding an intent to
// the tuple without its handler (or a handler without its intent) fails to type-check in
// `../question-detail-action.server.ts`; an intent not in the tuple answers 400.
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { FormActionData } from "#app/features/questions/schemas.ts";
import type { Viewer } from "#app/lib/viewer.ts";

export const QUESTION_PAGE_INTENTS = [
  "vote",
  "favorite",
  "answer",
  "comment",
  "delete-comment",
  "accept",
  "delete-question",
  "restore-question",
  "delete-answer",
  "restore-answer",
  "offer-bounty",
  "award-bounty",
  "close-vote",
  "reopen-vote",
  "withdraw-close-vote",
  "lock",
  "unlock",
  "mark-outdated",
  "retract-outdated",
] as const;

/** What a form of the question page posts as `intent`. */
export type QuestionPageIntent = (typeof QUESTION_PAGE_INTENTS)[number];

export const questionPageIntentSchema = z.enum(QUESTION_PAGE_INTENTS);

export type QuestionActionArgs = {
  viewer: Viewer | null;
  /** The question of the page. */
  questionId: number;
  /** The page's path, where signing in comes back to. */
  here: string;
  form: FormData;
  /** The post a small form is about (`kind` and `id` fields): the question unless they name an answer. */
  post: { kind: "question" | "answer"; id: number };
  /** Which post's form the reply belongs to ("question-3", "answer-7"), so its message shows by it. */
  target: string;
  /** The `answerId` field of the answers' own forms (0 when it cannot be an id: not found). */
  answerId: number;
  /** The request's context (a write that changes another page names its topic there). */
  context: Readonly<RouterContextProvider>;
};

/** The page's reply to one of its forms. */
export function reply(body: FormActionData, status = 200) {
  return data<FormActionData>(body, { status });
}
