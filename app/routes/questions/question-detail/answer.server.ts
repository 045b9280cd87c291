// The answer form: a refused answer comes back in the editor with its message, with or without JavaScript.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { draftPublished } from "#app/features/drafts/drafts.server.ts";
import { answerDraftKey } from "#app/features/drafts/keys.ts";
import { SPAM_MESSAGES } from "#app/features/moderation/spam-defences.server.ts";
import { createAnswer } from "#app/features/questions/answers.server.ts";
import { versionsFromForm } from "#app/features/questions/answer-versions.server.ts";
import { answerSchema, type FormActionData } from "#app/features/questions/schemas.ts";
import { signInUrl } from "#app/lib/auth-guard.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import { errorReply } from "#app/lib/form-replies.server.ts";
import { richTextFromForm } from "#app/lib/sanitize.server.ts";
import { reply, type QuestionActionArgs } from "./intents.server.ts";

export async function answerAction({ viewer, questionId, here, form }: QuestionActionArgs) {
  if (!viewer) throw redirect(signInUrl(`${here}#responder`));
  const submission = parseWithZod(form, { schema: answerSchema });
  let body = "";
  try {
    body = richTextFromForm(form, "body");
  } catch {
    body = "";
  }
  const versions = versionsFromForm(form);
  const values = { body, ...Object.fromEntries(versions.map((v) => [`versao:${v.tag}`, v.version])) };
  if (submission.status !== "success") {
    return reply({ intent: "answer", ok: false, result: submission.reply(), values }, 400);
  }
  try {
    const created = await createAnswer(viewer, questionId, body, { versions });
    // Published (or held for review): the member's draft of it goes, on every device (ADR 062).
    await draftPublished(viewer, answerDraftKey(questionId), form.get("draftId"));
    // A held answer is hidden until reviewed: its author reads why by the form.
    if (created.held) return reply({ intent: "answer", ok: true, message: SPAM_MESSAGES.held });
    return reply({ intent: "answer", ok: true, answerId: created.id });
  } catch (error) {
    // An error about no field is the page's (shown above it), as for every other form of the page.
    if (!isAppError(error) || !error.field) throw error;
    return errorReply<FormActionData>(submission, error, { intent: "answer", ok: false, values });
  }
}
