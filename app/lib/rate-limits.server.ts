// Fixed-window counters in the `rate_limits` table, so every app server shares them. One statement per hit:
// insert the window's row or add one to it, and read the new count back.
import { and, eq, lt, sql } from "drizzle-orm";
import { rateLimits } from "#db/schema.ts";
import { getDb } from "./db.server.ts";
import { AppError } from "./errors.ts";

/** The message of a refused attempt (HTTP 429), with the wait in whole minutes. */
function rateLimitedMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds <= 60) return "Muitas tentativas seguidas. Espere um minuto e tente de novo.";
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Muitas tentativas em pouco tempo. Tente de novo em ${minutes} minutos.`;
}

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/** Numbers the spec does not give, chosen with the accounts (ADR 009): per IP and per account. */
export const RATE_LIMITS = {
  signInPerIp: { name: "sign-in:ip", limit: 10, windowSeconds: 60 },
  // Five attempts a minute hold back one address (an IPv6 /64) for one account, never the member elsewhere.
  // The account's own limit counts failed attempts only, from anywhere, and the devices the member signed in
  // from before are let past it (ADR 023): a back-off for a guesser spread over many addresses that cannot
  // lock the member out of their own devices.
  signInPerAccountAndIp: { name: "sign-in:account-ip", limit: 5, windowSeconds: 60 },
  signInFailuresPerAccount: { name: "sign-in:account-failures", limit: 20, windowSeconds: 60 },
  /** Settings' current-password checks: only the account's own sessions reach them, so sign-in guesses never count. */
  passwordCheckPerAccount: { name: "password-check:account", limit: 10, windowSeconds: 60 },
  /**
   * Wrong codes on the second step of sign-in (ADR 049), per account and from anywhere: each attempt also ends at
   * five, and a day's cap bounds a guesser who knows the password (50 wrong codes: ~1.5 in 10,000 to hit one).
   */
  secondStepFailuresPerAccount: { name: "second-step:account", limit: 10, windowSeconds: 300 },
  secondStepFailuresPerAccountDay: { name: "second-step:account-day", limit: 50, windowSeconds: 86_400 },
  /** Sign-in with GitHub or Google (ADR 044): the button and the provider's answer, per client address. */
  providerPerIp: { name: "provider:ip", limit: 20, windowSeconds: 60 },
  signUpPerIp: { name: "sign-up:ip", limit: 5, windowSeconds: 3600 },
  resetPerIp: { name: "reset:ip", limit: 5, windowSeconds: 3600 },
  // Mail that cannot be used as a weapon (ADR 024): confirmations per address and per client address,
  // notification e-mails per recipient, per acting member, and once per (recipient, cause) a day.
  newsletterPerAddress: { name: "newsletter:address", limit: 3, windowSeconds: 86_400 },
  newsletterPerIp: { name: "newsletter:ip", limit: 10, windowSeconds: 3600 },
  notificationMailPerRecipient: { name: "mail:recipient", limit: 30, windowSeconds: 3600 },
  notificationMailPerActor: { name: "mail:actor", limit: 30, windowSeconds: 3600 },
  notificationMailPerCause: { name: "mail:cause", limit: 1, windowSeconds: 86_400 },
  // Writing content, per member an hour (ADR 024): "new" is an account younger than a day or with less than
  // CONTENT_TRUSTED_REPUTATION; moderators and administrators are not limited (they clean up floods).
  questionsNewMember: { name: "write:question:new", limit: 15, windowSeconds: 3600 },
  questionsMember: { name: "write:question", limit: 30, windowSeconds: 3600 },
  answersNewMember: { name: "write:answer:new", limit: 30, windowSeconds: 3600 },
  answersMember: { name: "write:answer", limit: 120, windowSeconds: 3600 },
  commentsNewMember: { name: "write:comment:new", limit: 60, windowSeconds: 3600 },
  commentsMember: { name: "write:comment", limit: 300, windowSeconds: 3600 },
  postsNewMember: { name: "write:post:new", limit: 5, windowSeconds: 3600 },
  postsMember: { name: "write:post", limit: 20, windowSeconds: 3600 },
  // Edits (and suggested edits) of questions, answers and posts: each one may cost a word diff to read.
  editsNewMember: { name: "write:edit:new", limit: 20, windowSeconds: 3600 },
  editsMember: { name: "write:edit", limit: 60, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * A rule's limit, lowered for test servers by `TEST_RATE_LIMITS` ("write:comment:new=5,sign-up:ip=50"), so a
 * spec reaches a limit in a few requests instead of sixty. Ignored by a production server (`NODE_ENV=production`
 * without the end-to-end build's `E2E=1`).
 */
export function limitOf(rule: RateLimitRule, source: NodeJS.ProcessEnv = process.env): number {
  const testServer = source.NODE_ENV !== "production" || source.E2E === "1";
  if (!testServer || !source.TEST_RATE_LIMITS) return rule.limit;
  for (const pair of source.TEST_RATE_LIMITS.split(",")) {
    const [name, value] = pair.split("=");
    const limit = Number(value);
    if (name?.trim() === rule.name && Number.isInteger(limit) && limit > 0) return limit;
  }
  return rule.limit;
}

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/** The fixed window `now` falls in, and the seconds until it ends (at least one). */
function windowOf(rule: RateLimitRule, now: Date) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { windowStart, retryAfterSeconds };
}

/** Counts one attempt for `subject` under `rule` and says whether it is still within the limit. */
export async function hitRateLimit(
  rule: RateLimitRule,
  subject: string,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const db = await getDb();
  const { windowStart, retryAfterSeconds } = windowOf(rule, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${rule.name}:${subject}`, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  // Now and then, forget windows older than a day (the longest rule is a day).
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)));
  }
  return { allowed: count <= limitOf(rule), count, retryAfterSeconds };
}

/**
 * The count of `subject`'s current window without adding to it, for limits that count only some outcomes
 * (failed sign-ins): peek before the work, `hitRateLimit` after a failure. Attempts running at the same moment
 * may all pass the peek, so such a limit can be passed by the few that overlap; the other limits bound them.
 */
export async function peekRateLimit(
  rule: RateLimitRule,
  subject: string,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const db = await getDb();
  const { windowStart, retryAfterSeconds } = windowOf(rule, now);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, `${rule.name}:${subject}`), eq(rateLimits.windowStart, windowStart)));
  const count = row?.count ?? 0;
  return { allowed: count < limitOf(rule), count, retryAfterSeconds };
}

/** Throws the 429 of a refused `result`. */
export function assertAllowed(result: RateLimitResult): void {
  if (!result.allowed) {
    throw new RateLimitError(rateLimitedMessage(result.retryAfterSeconds), result.retryAfterSeconds);
  }
}

/** `hitRateLimit`, throwing a `rate_limited` AppError (HTTP 429) with a Portuguese message past the limit. */
export async function assertRateLimit(rule: RateLimitRule, subject: string, now?: Date): Promise<void> {
  assertAllowed(await hitRateLimit(rule, subject, now));
}

export class RateLimitError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super("rate_limited", message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
