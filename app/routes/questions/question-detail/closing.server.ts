// Closing, reopening and locking the question (closing.server.ts). Each honours a `returnTo` field (a form on
// another page of this site goes back there); without one, the question's page is shown again. The review
// queue closes and locks from its cards through its own action, which also settles the card's flags.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { z } from "zod";
import {
  lockQuestion,
  unlockQuestion,
  voteToClose,
  voteToReopen,
  withdrawCloseVote,
} from "#app/features/questions/closing.server.ts";
import type { FormActionData } from "#app/features/questions/schemas.ts";
import { safeRedirectPath } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import { errorReply } from "#app/lib/form-replies.server.ts";
import { topic, writeChanges } from "#app/lib/visitor-page-topics.server.ts";
import type { QuestionActionArgs } from "./intents.server.ts";

// Only a path on this site ("/revisao"), never another site's address ("//x", "https://x").
const backTo = (form: FormData, here: string) => redirect(safeRedirectPath(form.get("returnTo"), here));

const closeVoteSchema = z.object({
  reason: z.string().optional(),
  duplicateOf: z.string().max(500).optional(),
});

export async function closeVoteAction({ viewer, questionId, here, form, context }: QuestionActionArgs) {
  const submission = parseWithZod(form, { schema: closeVoteSchema });
  const values = {
    reason: String(form.get("reason") ?? ""),
    duplicateOf: String(form.get("duplicateOf") ?? "").slice(0, 500),
  };
  try {
    const outcome = await voteToClose(viewer, questionId, {
      reason: values.reason,
      duplicateOf: values.duplicateOf,
    });
    // The original's page lists its duplicates now.
    if (outcome.duplicateOfId !== null) writeChanges(context, topic.question(outcome.duplicateOfId));
  } catch (error) {
    // Refusals about a field are shown beside it; the others (privilege, state) above the page.
    if (!isAppError(error) || !error.field) throw error;
    return errorReply<FormActionData>(submission, error, { intent: "close-vote", ok: false, values });
  }
  return backTo(form, here);
}

export async function reopenVoteAction({ viewer, questionId, here, form, context }: QuestionActionArgs) {
  const outcome = await voteToReopen(viewer, questionId);
  if (outcome.duplicateOfId !== null) writeChanges(context, topic.question(outcome.duplicateOfId));
  return backTo(form, here);
}

/** A pending vote to close or reopen taken back: the question's state does not change, so no page does. */
export async function withdrawCloseVoteAction({ viewer, questionId, here, form }: QuestionActionArgs) {
  await withdrawCloseVote(viewer, questionId);
  return backTo(form, here);
}

export async function lockAction({ viewer, questionId, here, form }: QuestionActionArgs) {
  await lockQuestion(viewer, questionId, String(form.get("reason") ?? ""));
  return backTo(form, here);
}

export async function unlockAction({ viewer, questionId, here, form }: QuestionActionArgs) {
  await unlockQuestion(viewer, questionId);
  return backTo(form, here);
}
