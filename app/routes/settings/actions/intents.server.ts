// The forms of /configuracoes: the section whose form answers, and what every handler receives (the table of
// intents is in `../settings-action.server.ts`).
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import {
  CREATE_ACCESS_TOKEN_INTENT,
  REVOKE_ACCESS_TOKEN_INTENT,
} from "#app/features/accounts/access-token-schemas.ts";
import type { AccountActionData } from "#app/features/accounts/schemas.ts";
import { NOTIFICATIONS_INTENT } from "#app/features/notifications/components/notification-settings.tsx";
import type { Viewer } from "#app/lib/viewer.ts";

/** What a settings form posts as `intent` (each has its handler in `../settings-action.server.ts`). */
export type SettingsIntent =
  | "profile"
  | "avatar"
  | "remove-avatar"
  | "email"
  | "resend"
  | "password"
  | "sessions"
  | "delete"
  | typeof NOTIFICATIONS_INTENT
  | "unblock-member"
  | typeof CREATE_ACCESS_TOKEN_INTENT
  | typeof REVOKE_ACCESS_TOKEN_INTENT
  | "unlink-provider"
  | "set-password";

/**
 * The section whose form answers (the `intent` of the reply): removing the picture answers in the picture's
 * section, resending the confirmation link in the e-mail's, revoking a token in the tokens' (the creation's).
 */
export type SettingsSection = Exclude<
  SettingsIntent,
  "remove-avatar" | "resend" | typeof REVOKE_ACCESS_TOKEN_INTENT | "set-password"
>;

export type SettingsActionArgs = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  viewer: Viewer;
  formData: FormData;
};

/** A form that did what it was asked: the confirmation to show in its section. */
export function done(
  section: SettingsSection,
  message: string,
  result: SubmissionResult<string[]> = { status: "success" },
) {
  return data<AccountActionData>({ intent: section, result, message });
}
