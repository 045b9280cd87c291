// Personal access tokens as the member manages them in Configurações: the list, creating one (the token is
// returned once, to be shown once) and revoking one. The tokens themselves (hashing, scopes, the API's
// authentication) are in access-tokens.server.ts.
import { getDb } from "#app/lib/db.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import {
  createAccessToken,
  listAccessTokens,
  revokeAccessToken,
  type AccessTokenSummary,
} from "./access-tokens.server.ts";
import { scopesOf, type CreateAccessTokenInput } from "./access-token-schemas.ts";
import { assertRateLimit, type RateLimitRule } from "#app/lib/rate-limits.server.ts";
import { requireMember } from "#app/lib/permissions.ts";

/**
 * Tokens a member may create an hour. A person makes one now and then; a script (or a stolen session) making
 * them in a loop is held back long before the per-member cap of active tokens has to say no.
 */
export const ACCESS_TOKEN_CREATION_LIMIT: RateLimitRule = {
  name: "access-token:create",
  limit: 10,
  windowSeconds: 3600,
};

/** What the settings page lists: every token of the member's, newest first, revoked ones marked. */
export async function myAccessTokens(viewer: Viewer | null): Promise<AccessTokenSummary[]> {
  return listAccessTokens(await getDb(), requireMember(viewer));
}

/** Creates a token for the member; the returned `token` is shown once and is never readable again. */
export async function createMyAccessToken(viewer: Viewer | null, input: CreateAccessTokenInput) {
  const member = requireMember(viewer);
  await assertRateLimit(ACCESS_TOKEN_CREATION_LIMIT, String(member.id));
  return createAccessToken(await getDb(), member, { name: input.name, scopes: scopesOf(input.access) });
}

/** Revokes one of the member's tokens; someone else's (or none) is "not found" (404). */
export async function revokeMyAccessToken(viewer: Viewer | null, tokenId: number): Promise<void> {
  await revokeAccessToken(await getDb(), requireMember(viewer), tokenId);
}
