// What every handler of /questions/{id} receives, and the page's reply (the table of intents is in
// `../question-detail-action.server.ts`).
import { data, type RouterContextProvider } from "react-router";
import type { FormActionData } from "#app/features/questions/schemas.ts";
import type { Viewer } from "#app/lib/viewer.ts";

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
