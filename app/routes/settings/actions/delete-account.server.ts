// The removal form (LGPD): the password confirms it; the member leaves signed out, on /conta-removida.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, href } from "react-router";
import { deleteAccountSchema, type AccountActionData } from "#app/features/accounts/schemas.ts";
import { clearSessionCookie } from "#app/features/accounts/sessions.server.ts";
import { deleteAccount } from "#app/features/accounts/settings.server.ts";
import { errorReply, invalidReply } from "#app/lib/form-replies.server.ts";
import type { SettingsActionArgs } from "./intents.server.ts";

export async function deleteAccountAction({ request, viewer, formData }: SettingsActionArgs) {
  const hideFields = ["password"];
  const submission = parseWithZod(formData, { schema: deleteAccountSchema });
  if (submission.status !== "success") {
    return invalidReply<AccountActionData>(submission, { intent: "delete" }, { hideFields });
  }
  try {
    await deleteAccount(viewer, submission.value.password);
  } catch (error) {
    return errorReply<AccountActionData>(submission, error, { intent: "delete" }, { hideFields });
  }
  return redirect(href("/conta-removida"), { headers: { "Set-Cookie": clearSessionCookie(request) } });
}
