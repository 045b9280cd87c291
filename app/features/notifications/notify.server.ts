// The notifications feature's one entry point for the rest of the app: what other features call while they
// write (a new answer, a like, a follow, a question in a followed tag) and when a member is removed. Written in
// the same transaction as what caused them, announced with pg_notify so every app server's open streams learn
// about them (LISTEN/NOTIFY), optionally e-mailed, and grouped while unread. Reading them (lists, the unread
// count, the live feed, preferences, the digest) is in notifications.server.ts, for routes.
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import {
  memberBlocks,
  notificationPreferences,
  notifications,
  tagFollows,
  threadWatches,
  users,
} from "#db/schema.ts";
import type { Executor } from "#app/lib/db.server.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getDb } from "#app/lib/db.server.ts";
import { queueMail } from "#app/lib/mail-outbox.server.ts";
import { linkMentions, mentionableText, mentionedHandles, MENTIONS_NOTIFIED } from "#app/lib/mentions.ts";
import { activeMembersOnly } from "#app/lib/removed-members.server.ts";
// The shared counters of the accounts feature (its public rate-limit functions).
import { hitRateLimit, RATE_LIMITS } from "#app/lib/rate-limits.server.ts";
import type { NotificationKind } from "./kinds.ts";
import { href } from "react-router";

export const NOTIFICATIONS_CHANNEL = "sdd_notifications";

export type NotifyInput = {
  userId: number;
  kind: NotificationKind;
  actorId?: number | null;
  title: string;
  /** A path on this site, e.g. /questions/12#resposta-30. */
  url: string;
  /** Unread notifications with the same key collapse into one; `groupedTitle` (with {n}) then names them. */
  groupKey?: string;
  groupedTitle?: string;
  /**
   * Listed on the notifications page but not counted by the bell, nor e-mailed: news of the member's own
   * progress (a badge) that asks for no answer, as Stack Overflow keeps achievements out of the inbox.
   */
  quiet?: boolean;
};

/** Records a notification for `userId` (never for the actor themself). Call inside the causing transaction. */
export async function notify(executor: Executor, input: NotifyInput): Promise<void> {
  if (input.actorId && input.actorId === input.userId) return;
  // A member the recipient blocked tells them nothing. Only the moderation's word still reaches them: a
  // "moderation" notice caused by a member who is not staff (a community close vote) is blocked like any other.
  if (
    input.actorId &&
    (await blocked(executor, input.userId, input.actorId)) &&
    !(input.kind === "moderation" && (await isStaff(executor, input.actorId)))
  ) {
    return;
  }
  const values = {
    userId: input.userId,
    kind: input.kind,
    actorId: input.actorId ?? null,
    title: input.title.slice(0, 300),
    url: input.url,
    groupKey: input.groupKey ?? null,
  };
  if (input.quiet) {
    await executor.insert(notifications).values({ ...values, readAt: new Date() });
    return;
  }
  if (input.groupKey) {
    const grouped = input.groupedTitle ?? input.title;
    await executor
      .insert(notifications)
      .values(values)
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.groupKey],
        targetWhere: sql`${notifications.readAt} is null and ${notifications.groupKey} is not null`,
        set: {
          count: sql`${notifications.count} + 1`,
          title: sql`replace(${grouped}::text, '{n}', (${notifications.count} + 1)::text)`,
          url: values.url,
          actorId: values.actorId,
          createdAt: sql`now()`,
        },
      });
  } else {
    await executor.insert(notifications).values(values);
  }
  await executor.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${String(input.userId)})`);
  await maybeEmail(executor, input);
}

/** The members a text @mentions (live accounts), by lowercased handle, in the order they are mentioned. */
export async function mentionedMembers(executor: Executor, text: string): Promise<Map<string, number>> {
  const handles = mentionedHandles(text);
  if (handles.length === 0) return new Map();
  const members = await executor
    .select({ id: users.id, handle: users.handle })
    .from(users)
    .where(and(inArray(sql`lower(${users.handle})`, handles), activeMembersOnly()));
  const byHandle = new Map(members.map((member) => [member.handle.toLowerCase(), member.id]));
  return new Map(
    handles.flatMap((handle) => (byHandle.has(handle) ? [[handle, byHandle.get(handle)!]] : [])),
  );
}

/**
 * The members some stored HTML @mentions, and that HTML with their handles linked to their profiles (in the
 * text only, never in code or a link): what an answer, a question and a post do as they are written.
 */
export async function linkMentionedMembers(
  executor: Executor,
  htmls: readonly string[],
): Promise<{ mentioned: Map<string, number>; linked: string[] }> {
  const mentioned = await mentionedMembers(executor, htmls.map(mentionableText).join(" "));
  const known = new Set(mentioned.keys());
  return { mentioned, linked: htmls.map((html) => linkMentions(html, known)) };
}

/**
 * Tells the first MENTIONS_NOTIFIED members an item mentions, once per item (`item`, e.g. "answer:12": an
 * edit that keeps a mention tells nobody again). Blocks are respected by `notify`.
 */
export async function notifyMentions(
  executor: Executor,
  mentioned: Map<string, number>,
  input: { actorId: number; title: string; url: string; item: string; told?: number[] },
): Promise<void> {
  if (mentioned.size === 0) return;
  // Those a notice of their own already reached (the asker, for an answer) are not told twice.
  const told = new Set(input.told);
  const groupKey = `mention:${input.item}`;
  const rows = await executor
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.groupKey, groupKey));
  const toldBefore = new Set(rows.map((row) => row.userId));
  for (const userId of [...mentioned.values()].slice(0, MENTIONS_NOTIFIED)) {
    if (toldBefore.has(userId) || told.has(userId)) continue;
    const { told: _told, ...notice } = input;
    await notify(executor, { ...notice, userId, kind: "mention", groupKey });
  }
}

/** A question or a post someone can watch ("Acompanhar"). */
/**
 * Deletes the notifications that lead to what was just deleted, so none of them opens a 404 or a missing
 * comment: those about `url` alone (a comment's `…#comentario-12`; a line that groups it with others still
 * leads to their page, and stays), or with `andFragments` every one on that page (a post's, whose likes,
 * comments and mentions name `/blog/slug#…`). Found through notifications_url_idx.
 */
export async function forgetNotificationsAbout(
  executor: Executor,
  url: string,
  { andFragments = false }: { andFragments?: boolean } = {},
): Promise<void> {
  const prefix = `${url.replace(/[\\%_]/g, (c) => `\\${c}`)}#%`;
  await executor
    .delete(notifications)
    .where(
      andFragments
        ? sql`(${notifications.url} = ${url} or ${notifications.url} like ${prefix})`
        : and(eq(notifications.url, url), eq(notifications.count, 1)),
    );
}

/**
 * Takes back the notice of something undone before it was read (a like taken back): the unread line of
 * `groupKey` when it tells of `actorId` alone; a line that also counts others stays as it is.
 */
export async function withdrawNotice(
  executor: Executor,
  notice: { userId: number; groupKey: string; actorId: number },
): Promise<void> {
  await executor
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, notice.userId),
        eq(notifications.groupKey, notice.groupKey),
        eq(notifications.actorId, notice.actorId),
        eq(notifications.count, 1),
        isNull(notifications.readAt),
      ),
    );
}

export type WatchedThread = { kind: "question" | "post"; id: number };

/** Starts watching a thread (an author, for their own question or post). Call inside the creating transaction. */
export async function watchThread(executor: Executor, userId: number, thread: WatchedThread): Promise<void> {
  await executor
    .insert(threadWatches)
    .values({ userId, targetKind: thread.kind, targetId: thread.id })
    .onConflictDoNothing();
}

/**
 * Tells the thread's watchers what happened in it (a new answer, comment or edit), one line per thread while
 * unread, except the actor and `told` (those a notification of their own already reached: the author of what
 * was answered or commented on). Blocks are respected by `notify`.
 */
export async function notifyThreadWatchers(
  executor: Executor,
  thread: WatchedThread,
  input: { actorId: number; title: string; threadTitle: string; url: string; told?: number[] },
): Promise<void> {
  const watchers = await executor
    .select({ userId: threadWatches.userId })
    .from(threadWatches)
    .where(and(eq(threadWatches.targetKind, thread.kind), eq(threadWatches.targetId, thread.id)));
  const skip = new Set([input.actorId, ...(input.told ?? [])]);
  for (const { userId } of watchers) {
    if (skip.has(userId)) continue;
    await notify(executor, {
      userId,
      kind: "thread",
      actorId: input.actorId,
      title: input.title,
      url: input.url,
      groupKey: `thread:${thread.kind}:${thread.id}`,
      groupedTitle: `{n} novidades em "${input.threadTitle}"`,
    });
  }
}

/** "New question in a tag you follow", grouped per tag, for every follower of the question's tags. */
export async function notifyTagFollowers(
  executor: Executor,
  input: { actorId: number; questionId: number; questionTitle: string; tags: { id: number; name: string }[] },
) {
  if (input.tags.length === 0) return;
  const followers = await executor
    .select({ userId: tagFollows.userId, tagId: tagFollows.tagId })
    .from(tagFollows)
    .where(
      and(
        inArray(
          tagFollows.tagId,
          input.tags.map((t) => t.id),
        ),
        ne(tagFollows.userId, input.actorId),
        // Followers who blocked the asker hear nothing of their questions.
        sql`not exists (select 1 from ${memberBlocks} where ${memberBlocks.blockerId} = ${tagFollows.userId}
          and ${memberBlocks.blockedId} = ${input.actorId})`,
      ),
    );
  const told = new Set<number>();
  for (const follower of followers) {
    if (told.has(follower.userId)) continue;
    told.add(follower.userId);
    const tag = input.tags.find((t) => t.id === follower.tagId);
    if (!tag) continue;
    await notify(executor, {
      userId: follower.userId,
      kind: "tag_question",
      actorId: input.actorId,
      title: `Nova pergunta em ${tag.name}: ${input.questionTitle}`,
      groupedTitle: `{n} novas perguntas em ${tag.name}`,
      url: href("/questions/:id", { id: String(input.questionId) }),
      groupKey: `tag:${tag.id}`,
    });
  }
}

/** Whether the member is a moderator or an administrator now, with two-factor sign-in on (ADR 049). */
async function isStaff(executor: Executor, memberId: number): Promise<boolean> {
  const [row] = await executor
    .select({ role: users.role, twoFactor: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, memberId));
  return (row?.role === "moderator" || row?.role === "admin") && Boolean(row.twoFactor);
}

/** Whether `userId` blocked `actorId`: one primary-key lookup. */
async function blocked(executor: Executor, userId: number, actorId: number): Promise<boolean> {
  const [row] = await executor
    .select({ one: sql<number>`1` })
    .from(memberBlocks)
    .where(and(eq(memberBlocks.blockerId, userId), eq(memberBlocks.blockedId, actorId)))
    .limit(1);
  return Boolean(row);
}

async function maybeEmail(executor: Executor, input: NotifyInput) {
  const [preference] = await executor
    .select({ byEmail: notificationPreferences.byEmail, email: users.email })
    .from(notificationPreferences)
    .innerJoin(users, eq(users.id, notificationPreferences.userId))
    .where(
      and(eq(notificationPreferences.userId, input.userId), eq(notificationPreferences.kind, input.kind)),
    );
  if (!preference?.byEmail) return;
  // Sent after the request's work, never holding the transaction open; a failure is logged, not thrown.
  setImmediate(() => {
    (async () => {
      if (!(await mayEmail(input))) return;
      await queueMail(await getDb(), {
        to: preference.email,
        subject: `Suporte de Domingo: ${input.title}`,
        text: `${input.title}\n\nVeja em ${publicUrl()}${input.url}\n\nVocê escolhe o que recebe por e-mail em ${publicUrl()}/configuracoes.`,
      });
    })().catch((error) => logger.error({ err: error }, "notification e-mail failed"));
  });
}

/**
 * Whether this notification may also go out by e-mail (ADR 024): once a day per (recipient, cause), so
 * following and unfollowing (or liking and unliking) in a loop mails once, and at most so many an hour per
 * recipient and per acting member. Past a limit the notification is still on the site, just not e-mailed.
 */
async function mayEmail(input: NotifyInput): Promise<boolean> {
  // The cause: what happened, who did it and to what (the group key, else the exact address).
  const cause = `${input.userId}:${input.kind}:${input.actorId ?? 0}:${input.groupKey ?? input.url}`;
  if (!(await hitRateLimit(RATE_LIMITS.notificationMailPerCause, cause)).allowed) return false;
  // The actor's limit first: a refused e-mail must not use up the recipient's hour, or a noisy member could
  // keep someone from hearing about anyone else. The recipient's counter goes up only for a mail that leaves.
  if (
    input.actorId &&
    !(await hitRateLimit(RATE_LIMITS.notificationMailPerActor, String(input.actorId))).allowed
  )
    return false;
  return (await hitRateLimit(RATE_LIMITS.notificationMailPerRecipient, String(input.userId))).allowed;
}

/** How titles that name their actor go on after the name ("Ana comentou na sua pergunta"). */
const AFTER_ACTOR_NAME = [
  " começou a seguir você",
  " curtiu seu post ",
  " comentou no seu post ",
  " comentou na sua ",
  " respondeu ao seu comentário em ",
  " respondeu sua pergunta ",
  " aceitou sua resposta",
];

/**
 * A removed member's name leaves the notifications they caused (ADR 010): the title starts with
 * `replacement` instead, and the row no longer points at them. Titles written under an older name are found
 * by what follows the name. Call inside the removing transaction.
 */
export async function anonymiseActor(
  executor: Executor,
  actorId: number,
  currentName: string,
  replacement: string,
): Promise<void> {
  const rows = await executor
    .select({ id: notifications.id, title: notifications.title })
    .from(notifications)
    .where(eq(notifications.actorId, actorId));
  for (const row of rows) {
    const title = withoutActorName(row.title, currentName, replacement);
    if (title !== row.title) {
      await executor.update(notifications).set({ title }).where(eq(notifications.id, row.id));
    }
  }
  await executor.update(notifications).set({ actorId: null }).where(eq(notifications.actorId, actorId));
}

export function withoutActorName(title: string, name: string, replacement: string): string {
  if (name && title.startsWith(`${name} `)) return `${replacement}${title.slice(name.length)}`;
  // Renamed since: cut at the last known phrase, so no part of any name survives (a post title that holds
  // one of the phrases is cut short: better than leaking a name).
  const cuts = AFTER_ACTOR_NAME.map((phrase) => title.lastIndexOf(phrase)).filter((i) => i > 0);
  return cuts.length > 0 ? `${replacement}${title.slice(Math.max(...cuts))}` : title;
}
