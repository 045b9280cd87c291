// The profile form: name, role line and bio.
import { parseWithZod } from "@conform-to/zod/v4";
import { profileSchema, type AccountActionData } from "#app/features/accounts/schemas.ts";
import { updateProfile } from "#app/features/accounts/settings.server.ts";
import { invalidReply } from "#app/lib/form-replies.server.ts";
import { done, type SettingsActionArgs } from "./intents.server.ts";

export async function profileAction({ viewer, formData }: SettingsActionArgs) {
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success")
    return invalidReply<AccountActionData>(submission, { intent: "profile" });
  await updateProfile(viewer, submission.value);
  return done("profile", "Perfil atualizado.", submission.reply());
}
