// The e-mail's forms: ask to change it (confirmed through a link sent to the new address) and resend the
// confirmation of the current one.
import { parseWithZod } from "@conform-to/zod/v4";
import { resendVerification } from "#app/features/accounts/accounts.server.ts";
import { requestMeta } from "#app/features/accounts/request-meta.server.ts";
import { emailChangeSchema, type AccountActionData } from "#app/features/accounts/schemas.ts";
import { requestEmailChange } from "#app/features/accounts/settings.server.ts";
import { errorReply, fieldErrorReply, invalidReply } from "#app/lib/form-replies.server.ts";
import { done, type SettingsActionArgs } from "./intents.server.ts";

export async function emailAction({ request, context, viewer, formData }: SettingsActionArgs) {
  const hideFields = ["currentPassword"];
  const submission = parseWithZod(formData, { schema: emailChangeSchema });
  if (submission.status !== "success") {
    return invalidReply<AccountActionData>(submission, { intent: "email" }, { hideFields });
  }
  try {
    await requestEmailChange(viewer, submission.value, requestMeta(request, context));
  } catch (error) {
    return errorReply<AccountActionData>(submission, error, { intent: "email" }, { hideFields });
  }
  return done(
    "email",
    `Enviamos um link de confirmação para ${submission.value.newEmail}. A troca acontece quando você abri-lo e confirmar, com esta conta aberta.`,
    submission.reply({ resetForm: true }),
  );
}

export async function resendAction({ request, context, viewer }: SettingsActionArgs) {
  try {
    const sent = await resendVerification(viewer, requestMeta(request, context));
    return done("email", sent ? "Enviamos um novo link de confirmação." : "Seu e-mail já está confirmado.");
  } catch (error) {
    // "" is the whole form: the message shows above the e-mail form.
    return fieldErrorReply<AccountActionData>("", error, { intent: "email" });
  }
}
