// The action of /configuracoes: one plain form per section, each posting its `intent`, each handled by its own
// module in `actions/`. The table below must name a handler for every intent of `SETTINGS_INTENTS` and nothing
// else; any other intent is a 400.
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
import {
  settingsIntentSchema,
  type SettingsActionArgs,
  type SettingsIntent,
} from "./actions/intents.server.ts";
import { notificationsAction } from "./actions/notifications.server.ts";
import { passwordAction } from "./actions/password.server.ts";
import { profileAction } from "./actions/profile.server.ts";
import { sessionsAction } from "./actions/sessions.server.ts";
import { setPasswordAction, unlinkProviderAction } from "./actions/sign-in-providers.server.ts";

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
  const intent = settingsIntentSchema.safeParse(formData.get("intent"));
  if (!intent.success) throw data(null, { status: 400 });
  // A name, picture or removal shows wherever the member wrote: everything (the root middleware's default).
  if (PRIVATE_INTENTS.has(intent.data)) writeChangesNothingVisitorsSee(context);
  return handlers[intent.data]({ request, context, viewer, formData });
}
