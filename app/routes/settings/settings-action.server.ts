// The action of /configuracoes: one plain form per section, each posting its `intent`, each handled by its own
// module in `actions/`, in the one table of lib/intents.server.ts; any other intent is a 400. Each handler
// answers its own refusals beside its form's fields.
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import { data } from "react-router";
import { NOTIFICATIONS_INTENT } from "#app/features/notifications/components/notification-settings.tsx";
import {
  CREATE_ACCESS_TOKEN_INTENT,
  REVOKE_ACCESS_TOKEN_INTENT,
} from "#app/features/accounts/access-token-schemas.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { createAccessTokenAction, revokeAccessTokenAction } from "./actions/access-tokens.server.ts";
import { avatarAction, oversizedAvatarReply, removeAvatarAction } from "./actions/avatar.server.ts";
import { unblockAction } from "./actions/blocks.server.ts";
import { deleteAccountAction } from "./actions/delete-account.server.ts";
import { emailAction, resendAction } from "./actions/email.server.ts";
import type { SettingsActionArgs, SettingsIntent } from "./actions/intents.server.ts";
import { intentAction } from "#app/lib/intents.server.ts";
import { notificationsAction } from "./actions/notifications.server.ts";
import { passwordAction } from "./actions/password.server.ts";
import { profileAction } from "./actions/profile.server.ts";
import { sessionsAction } from "./actions/sessions.server.ts";
import { setPasswordAction, unlinkProviderAction } from "./actions/sign-in-providers.server.ts";

// The table names every intent of `SettingsIntent` and nothing else (checked by TypeScript).
const handlers = {
  profile: profileAction,
  avatar: avatarAction,
  "remove-avatar": removeAvatarAction,
  email: emailAction,
  resend: resendAction,
  password: passwordAction,
  sessions: sessionsAction,
  delete: deleteAccountAction,
  [NOTIFICATIONS_INTENT]: notificationsAction,
  "unblock-member": unblockAction,
  [CREATE_ACCESS_TOKEN_INTENT]: createAccessTokenAction,
  [REVOKE_ACCESS_TOKEN_INTENT]: revokeAccessTokenAction,
  "unlink-provider": unlinkProviderAction,
  "set-password": setPasswordAction,
} satisfies Record<SettingsIntent, (args: SettingsActionArgs) => Promise<unknown>>;

export const settingsIntents = intentAction(handlers, {
  unknown: () => {
    throw data(null, { status: 400 });
  },
});

/** Settings no visitor ever sees (ADR 028): saving them leaves visitors' cached pages alone. */
const PRIVATE_INTENTS = new Set<SettingsIntent>([
  "email",
  "resend",
  "password",
  "sessions",
  NOTIFICATIONS_INTENT,
  "unblock-member",
  CREATE_ACCESS_TOKEN_INTENT,
  REVOKE_ACCESS_TOKEN_INTENT,
  "unlink-provider",
  "set-password",
]);

export async function settingsAction({ request, context }: Omit<SettingsActionArgs, "viewer" | "formData">) {
  const viewer = requireViewer(request, context);
  // Refuse an oversized picture before reading it.
  const oversized = oversizedAvatarReply(request);
  if (oversized) return oversized;
  const formData = await request.formData();
  const intent = formData.get("intent");
  // A name, picture or removal shows wherever the member wrote: everything (the root middleware's default).
  if (PRIVATE_INTENTS.has(intent as SettingsIntent)) writeChangesNothingVisitorsSee(context);
  return settingsIntents(intent, { request, context, viewer, formData });
}
