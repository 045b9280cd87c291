// Fixed-window counters in the `rate_limits` table, so every app server shares them. One statement per hit:
// insert the window's row or add one to it, and read the new count back.
import { lt, sql } from "drizzle-orm";
import { rateLimits } from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { rateLimitedMessage } from "./schemas.ts";

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/** Spec-free numbers chosen in issue 3: per IP and per account. */
export const RATE_LIMITS = {
  signInPerIp: { name: "sign-in:ip", limit: 10, windowSeconds: 60 },
  // Issue 15: five guesses a minute hold back one address for one account, never the member elsewhere; the
  // account's own limit is generous and one minute long, a back-off for a guesser spread over many addresses
  // rather than a lock anyone can set off.
  signInPerAccountAndIp: { name: "sign-in:account-ip", limit: 5, windowSeconds: 60 },
  signInPerAccount: { name: "sign-in:account", limit: 20, windowSeconds: 60 },
  /** Settings' current-password checks: only the account's own sessions reach them, so sign-in guesses never count. */
  passwordCheckPerAccount: { name: "password-check:account", limit: 10, windowSeconds: 60 },
  signUpPerIp: { name: "sign-up:ip", limit: 5, windowSeconds: 3600 },
  resetPerIp: { name: "reset:ip", limit: 5, windowSeconds: 3600 },
  // Mail that cannot be used as a weapon (issue 15, ADR 024): confirmations per address and per client address,
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
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/** Counts one attempt for `subject` under `rule` and says whether it is still within the limit. */
export async function hitRateLimit(
  rule: RateLimitRule,
  subject: string,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const db = await getDb();
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
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
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: count <= rule.limit, count, retryAfterSeconds };
}

/** `hitRateLimit`, throwing a `rate_limited` AppError (HTTP 429) with a Portuguese message past the limit. */
export async function assertRateLimit(rule: RateLimitRule, subject: string, now?: Date): Promise<void> {
  const result = await hitRateLimit(rule, subject, now);
  if (!result.allowed) {
    throw new RateLimitError(rateLimitedMessage(result.retryAfterSeconds), result.retryAfterSeconds);
  }
}

export class RateLimitError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super("rate_limited", message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
