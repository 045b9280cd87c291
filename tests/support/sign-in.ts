// Ways in return a session, or the code page's attempt for an account with two-factor sign-in (ADR 049); and what
// a session's row says.
import { eq } from "drizzle-orm";
import { sessions } from "#db/schema.ts";
import type { SignedIn } from "#app/features/accounts/sessions.server.ts";
import type { Database } from "#app/lib/db.server.ts";
import { hashToken } from "#app/lib/tokens.server.ts";
import type { SignInOutcome } from "#app/features/accounts/two-factor.server.ts";

/** The session of a way in that a test expects to sign in at once (no second step). */
export function signedIn(outcome: SignInOutcome): SignedIn {
  if (!("viewer" in outcome)) throw new Error("the sign-in stopped at the second step");
  return outcome;
}

/** When the session of a cookie's token expires now, as stored (undefined: no such session). */
export async function sessionExpiry(db: Database, token: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.idHash, hashToken(token)));
  return row?.expiresAt;
}
