// The password form: the current one, then the new one twice; other devices' sessions end.
import { parseWithZod } from "@conform-to/zod/v4";
import { readDeviceToken } from "#app/features/accounts/known-devices.server.ts";
import { passwordChangeSchema, type AccountActionData } from "#app/features/accounts/schemas.ts";
import { readSessionToken } from "#app/features/accounts/sessions.server.ts";
import { changePassword } from "#app/features/accounts/settings.server.ts";
import { errorReply, invalidReply } from "#app/lib/form-replies.server.ts";
import { done, type SettingsActionArgs } from "./intents.server.ts";

export async function passwordAction({ request, viewer, formData }: SettingsActionArgs) {
  const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
  const submission = parseWithZod(formData, { schema: passwordChangeSchema });
  if (submission.status !== "success") {
    return invalidReply<AccountActionData>(submission, { intent: "password" }, { hideFields });
  }
  try {
    await changePassword(viewer, submission.value, readSessionToken(request), readDeviceToken(request));
  } catch (error) {
    return errorReply<AccountActionData>(submission, error, { intent: "password" }, { hideFields });
  }
  return done(
    "password",
    "Senha alterada. As sessões em outros aparelhos foram encerradas.",
    submission.reply({ resetForm: true }),
  );
}
