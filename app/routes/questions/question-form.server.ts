// The server side of the question form (ask and edit): parse, sanitise, and turn refusals into Conform replies
// that put every value back.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import {
  questionEditSchema,
  questionSchema,
  type FormActionData,
  type QuestionEditInput,
} from "#app/features/questions/schemas.ts";
import { isAppError } from "#app/lib/errors.ts";
import { errorReply } from "#app/lib/form-replies.server.ts";
import { richTextFromForm } from "#app/lib/sanitize.server.ts";

function richField(form: FormData, name: string): { html: string; error?: string } {
  try {
    return { html: richTextFromForm(form, name) };
  } catch (error) {
    if (isAppError(error)) return { html: "", error: error.message };
    throw error;
  }
}

/**
 * Runs `save` with the parsed and sanitised form, or returns the refusal to show. `save` returns the response
 * for a success (a redirect, or a message when the question waits for review) and may throw AppErrors, whose
 * field tells where the message goes. `edit` also reads the optional "resumo da edição".
 */
export async function handleQuestionForm(
  form: FormData,
  save: (input: QuestionEditInput) => Promise<Response | ReturnType<typeof data<FormActionData>>>,
  options: { edit?: boolean } = {},
): Promise<Response | ReturnType<typeof data<FormActionData>>> {
  const submission = parseWithZod(form, { schema: options.edit ? questionEditSchema : questionSchema });
  const description = richField(form, "description");
  const details = richField(form, "details");
  const values = { description: description.html, details: details.html };
  const richErrors: Record<string, string[]> = {};
  if (description.error) richErrors.description = [description.error];
  if (details.error) richErrors.details = [details.error];
  if (submission.status !== "success" || Object.keys(richErrors).length) {
    return data<FormActionData>(
      { result: submission.reply({ fieldErrors: richErrors }), values },
      { status: 400 },
    );
  }
  try {
    return await save({ ...submission.value, description: description.html, details: details.html });
  } catch (error) {
    if (isAppError(error) && error.code === "unauthenticated") throw error;
    return errorReply<FormActionData>(submission, error, { values });
  }
}
