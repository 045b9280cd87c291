// Configurações → "Entrar com GitHub e Google": unlink a provider (never the last way in), and "Definir uma
// senha" for accounts a provider created (the reset link, sent to the account's own address).
import { requestPasswordReset } from "#app/features/accounts/accounts.server.ts";
import { unlinkProvider } from "#app/features/accounts/provider-accounts.server.ts";
import { requestMeta } from "#app/features/accounts/request-meta.server.ts";
import type { AccountActionData } from "#app/features/accounts/schemas.ts";
import { isSignInProvider } from "#app/features/accounts/sign-in-providers.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { fieldErrorReply } from "#app/lib/form-replies.server.ts";
import { done, type SettingsActionArgs } from "./intents.server.ts";

const UNLINKED_MESSAGE = "Provedor desvinculado.";
const SET_PASSWORD_MESSAGE =
  "Enviamos para o seu e-mail um link para definir uma senha. Abra-o em até uma hora.";

export async function unlinkProviderAction({ viewer, formData }: SettingsActionArgs) {
  const provider = formData.get("provider");
  try {
    if (!isSignInProvider(provider)) throw new AppError("validation", "Provedor desconhecido.");
    await unlinkProvider(viewer, provider);
    return done("unlink-provider", UNLINKED_MESSAGE);
  } catch (error) {
    return fieldErrorReply<AccountActionData>("", error, { intent: "unlink-provider" });
  }
}

export async function setPasswordAction({ request, context, viewer }: SettingsActionArgs) {
  try {
    await requestPasswordReset(viewer.email, requestMeta(request, context));
    return done("unlink-provider", SET_PASSWORD_MESSAGE);
  } catch (error) {
    return fieldErrorReply<AccountActionData>("", error, { intent: "unlink-provider" });
  }
}
