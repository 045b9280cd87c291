// How much a member may write in an hour: questions, answers, comments (on questions, answers and posts), blog
// posts and edits, with smaller numbers for new members, so one account (or a script behind it) cannot flood the
// site. The numbers are RATE_LIMITS' `*NewMember` / `*Member` rules (ADR 024); moderators and administrators
// are not limited, since they are the ones who clean up.
import { eq } from "drizzle-orm";
import { users } from "#db/schema.ts";
import { getDb } from "./db.server.ts";
import { AppError } from "./errors.ts";
import { plural } from "./plural.ts";
import type { Viewer } from "./viewer.ts";
import { hitRateLimit, peekRateLimit, RATE_LIMITS, type RateLimitRule } from "./rate-limits.server.ts";
import { isModerator } from "./permissions.ts";

/** Below this reputation a member counts as new, however old the account. */
export const CONTENT_TRUSTED_REPUTATION = 15;
/** An account younger than this counts as new, whatever its reputation. */
export const CONTENT_NEW_ACCOUNT_MS = 24 * 3600 * 1000;

export type ContentKind = "question" | "answer" | "comment" | "post" | "edit";

const RULES: Record<ContentKind, { newMember: RateLimitRule; member: RateLimitRule; many: string }> = {
  question: {
    newMember: RATE_LIMITS.questionsNewMember,
    member: RATE_LIMITS.questionsMember,
    many: "muitas perguntas",
  },
  answer: {
    newMember: RATE_LIMITS.answersNewMember,
    member: RATE_LIMITS.answersMember,
    many: "muitas respostas",
  },
  comment: {
    newMember: RATE_LIMITS.commentsNewMember,
    member: RATE_LIMITS.commentsMember,
    many: "muitos comentários",
  },
  post: { newMember: RATE_LIMITS.postsNewMember, member: RATE_LIMITS.postsMember, many: "muitos posts" },
  edit: { newMember: RATE_LIMITS.editsNewMember, member: RATE_LIMITS.editsMember, many: "muitas edições" },
};

export function contentRateLimitedMessage(kind: ContentKind, retryAfterSeconds: number, newMember: boolean) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = `${minutes} ${plural(minutes, "minuto", "minutos")}`;
  const why = newMember ? " Contas novas têm um limite menor nos primeiros dias." : "";
  return `Você publicou ${RULES[kind].many} em pouco tempo. Tente de novo em ${wait}.${why}`;
}

async function isNewMember(member: Viewer, now: Date): Promise<boolean> {
  if (member.reputation < CONTENT_TRUSTED_REPUTATION) return true;
  const db = await getDb();
  const [row] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, member.id));
  return !row || now.getTime() - row.createdAt.getTime() < CONTENT_NEW_ACCOUNT_MS;
}

/**
 * Counts one piece of `kind` written by `member`; past the hour's limit throws a `rate_limited` AppError (429)
 * whose message goes next to `field`. Call before the write's transaction.
 */
export async function assertContentRate(
  member: Viewer,
  kind: ContentKind,
  field?: string,
  now: Date = new Date(),
): Promise<void> {
  await checkContentRate(member, kind, field, now, hitRateLimit);
}

/**
 * Refuses, as `assertContentRate` would, a member already past the hour's limit, without counting anything:
 * for work done before the write (the API's Markdown conversion), so a member the write would refuse costs
 * the site nothing first.
 */
export async function peekContentRate(
  member: Viewer,
  kind: ContentKind,
  field?: string,
  now: Date = new Date(),
): Promise<void> {
  await checkContentRate(member, kind, field, now, peekRateLimit);
}

async function checkContentRate(
  member: Viewer,
  kind: ContentKind,
  field: string | undefined,
  now: Date,
  count: typeof hitRateLimit,
): Promise<void> {
  if (isModerator(member)) return;
  const newMember = await isNewMember(member, now);
  const rule = newMember ? RULES[kind].newMember : RULES[kind].member;
  const result = await count(rule, String(member.id), now);
  if (!result.allowed) {
    throw new AppError("rate_limited", contentRateLimitedMessage(kind, result.retryAfterSeconds, newMember), {
      ...(field ? { field } : {}),
    });
  }
}
