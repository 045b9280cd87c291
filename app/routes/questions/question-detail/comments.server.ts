// The comment box under the question and under each answer, and editing, up-voting and removing a comment.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { SPAM_MESSAGES } from "#app/features/moderation/spam-defences.server.ts";
import {
  addComment,
  changeComment,
  deleteComment,
  voteComment,
} from "#app/features/questions/comments.server.ts";
import { commentSchema } from "#app/features/questions/schemas.ts";
import { signInUrl } from "#app/lib/auth-guard.server.ts";
import { formRowId } from "#app/lib/ids.ts";
import { reply, type QuestionActionArgs } from "./intents.server.ts";

export async function commentAction({ viewer, here, form, post, target }: QuestionActionArgs) {
  const submission = parseWithZod(form, { schema: commentSchema });
  if (!viewer) throw redirect(signInUrl(here));
  if (submission.status !== "success") {
    return reply({ intent: "comment", ok: false, target, message: submission.error?.body?.[0] }, 400);
  }
  const { held } = await addComment(viewer, post, submission.value.body);
  // A held comment is hidden until reviewed: its author reads why by the comment box.
  return reply({ intent: "comment", ok: true, target, ...(held ? { message: SPAM_MESSAGES.held } : {}) });
}

export async function deleteCommentAction({ viewer, form }: QuestionActionArgs) {
  await deleteComment(viewer, formRowId(form.get("commentId")));
  return reply({ intent: "delete-comment", ok: true });
}

/** A comment's author (in its first minutes) or a moderator changes what it says. */
export async function editCommentAction({ viewer, here, form }: QuestionActionArgs) {
  if (!viewer) throw redirect(signInUrl(here));
  const commentId = formRowId(form.get("commentId"));
  const target = `comment-${commentId}`;
  const submission = parseWithZod(form, { schema: commentSchema });
  if (submission.status !== "success") {
    return reply({ intent: "edit-comment", ok: false, target, message: submission.error?.body?.[0] }, 400);
  }
  await changeComment(viewer, commentId, submission.value.body);
  return reply({ intent: "edit-comment", ok: true, target });
}

/** An up-vote on a comment (`value` on) or its withdrawal. */
export async function voteCommentAction({ viewer, here, form }: QuestionActionArgs) {
  if (!viewer) throw redirect(signInUrl(here));
  const commentId = formRowId(form.get("commentId"));
  await voteComment(viewer, commentId, form.get("value") === "on");
  return reply({ intent: "vote-comment", ok: true, target: `comment-${commentId}` });
}
