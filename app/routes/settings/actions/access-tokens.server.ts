// The personal access tokens' forms: create one — the answer carries the token, the one time it is ever
// shown, in a reply no cache may keep — and revoke one (someone else's, or none, is a 404).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import {
  CREATE_ACCESS_TOKEN_INTENT,
  createAccessTokenSchema,
  revokeAccessTokenSchema,
} from "#app/features/accounts/access-token-schemas.ts";
import {
  createMyAccessToken,
  revokeMyAccessToken,
} from "#app/features/accounts/access-token-settings.server.ts";
import type { AccountActionData } from "#app/features/accounts/schemas.ts";
import { isAppError } from "#app/lib/errors.ts";
import { errorReply, invalidReply } from "#app/lib/form-replies.server.ts";
import { done, type SettingsActionArgs } from "./intents.server.ts";

/** The token just created: shown once, in the answer to the form that created it. */
export type CreatedAccessToken = { token: string; name: string; prefix: string };

export type AccessTokenActionData = AccountActionData & { created?: CreatedAccessToken };

/** The fields the form shows messages beside; anything else (the cap, the rate limit) goes above it. */
const FIELDS = new Set(["name", "access"]);

export async function createAccessTokenAction({ viewer, formData }: SettingsActionArgs) {
  const intent = CREATE_ACCESS_TOKEN_INTENT;
  const submission = parseWithZod(formData, { schema: createAccessTokenSchema });
  if (submission.status !== "success") return invalidReply<AccessTokenActionData>(submission, { intent });
  try {
    const { token, summary } = await createMyAccessToken(viewer, submission.value);
    return data<AccessTokenActionData>(
      {
        intent,
        result: submission.reply({ resetForm: true }),
        message: `Token "${summary.name}" criado. Copie-o agora: ele não será mostrado de novo.`,
        created: { token, name: summary.name, prefix: summary.prefix },
      },
      // The one answer that carries the token: no browser, proxy or back button may keep it.
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return errorReply<AccessTokenActionData>(
      submission,
      error,
      { intent },
      // The feature's "scopes" is this form's "access".
      { fields: FIELDS, fallbackField: isAppError(error) && error.field === "scopes" ? "access" : undefined },
    );
  }
}

export async function revokeAccessTokenAction({ viewer, formData }: SettingsActionArgs) {
  const parsed = revokeAccessTokenSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw data(null, { status: 400 });
  try {
    await revokeMyAccessToken(viewer, parsed.data.tokenId);
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
  return done(CREATE_ACCESS_TOKEN_INTENT, "Token revogado. Ele não dá mais acesso à sua conta.");
}
