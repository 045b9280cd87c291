// Ways in return a session, or the code page's attempt for an account with two-factor sign-in (ADR 049).
import type { SignedIn } from "#app/features/accounts/sessions.server.ts";
import type { SignInOutcome } from "#app/features/accounts/two-factor.server.ts";

/** The session of a way in that a test expects to sign in at once (no second step). */
export function signedIn(outcome: SignInOutcome): SignedIn {
  if (!("viewer" in outcome)) throw new Error("the sign-in stopped at the second step");
  return outcome;
}
