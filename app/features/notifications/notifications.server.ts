// Notifications: written in the same transaction as what caused them, announced with pg_notify so every app
// server's open streams learn about them (LISTEN/NOTIFY), optionally e-mailed, and grouped while unread.
import { and, count, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { notificationPreferences, notifications, tagFollows, users } from "#db/schema.ts";
import { database, getDb, preparedQuery, type Executor } from "#app/lib/db.server.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { sendMail } from "#app/lib/mail.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
// The shared counters of the accounts feature (its public rate-limit functions).
import { hitRateLimit, RATE_LIMITS } from "#app/features/accounts/rate-limits.server.ts";
import { NOTIFICATION_KIND_LIST, type NotificationKind } from "./kinds.ts";

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
};

/** Records a notification for `userId` (never for the actor themself). Call inside the causing transaction. */
export async function notify(executor: Executor, input: NotifyInput): Promise<void> {
  if (input.actorId && input.actorId === input.userId) return;
  const values = {
    userId: input.userId,
    kind: input.kind,
    actorId: input.actorId ?? null,
    title: input.title.slice(0, 300),
    url: input.url,
    groupKey: input.groupKey ?? null,
  };
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
      url: `/questions/${input.questionId}`,
      groupKey: `tag:${tag.id}`,
    });
  }
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
      await sendMail({
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

const unreadOf = preparedQuery((db) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder("userId")), isNull(notifications.readAt)))
    .prepare("unread_notifications"),
);

export async function unreadCount(userId: number): Promise<number> {
  const [row] = await unreadOf({ userId });
  return Number(row?.n ?? 0);
}

export type NotificationItem = {
  id: number;
  kind: string;
  title: string;
  url: string;
  count: number;
  unread: boolean;
  createdAt: string;
  actor: { name: string; handle: string; avatarUrl: string | null } | null;
};

export async function listNotifications(viewer: Viewer, page: number, pageSize = 20) {
  const db = await getDb();
  const rows = await db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      url: notifications.url,
      count: notifications.count,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      actorName: users.name,
      actorHandle: users.handle,
      actorAvatar: users.avatarUrl,
      total: sql<number>`count(*) over ()`,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(eq(notifications.userId, viewer.id))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const items: NotificationItem[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    title: r.title,
    url: r.url,
    count: r.count,
    unread: r.readAt === null,
    createdAt: r.createdAt.toISOString(),
    actor: r.actorHandle
      ? { name: r.actorName ?? "", handle: r.actorHandle, avatarUrl: r.actorAvatar }
      : null,
  }));
  return { items, total: Number(rows[0]?.total ?? 0) };
}

/** Marks every unread notification of the viewer as read, tells their open tabs, returns the ids read. */
export async function markAllRead(viewer: Viewer): Promise<number[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, viewer.id), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (updated.length > 0)
      await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${String(viewer.id)})`);
    return updated.map((row) => row.id);
  });
}

// ------------------------------------------------------------------------------------------ preferences

export type NotificationPreferences = { byEmail: Record<NotificationKind, boolean>; weeklyDigest: boolean };

export async function getPreferences(viewer: Viewer): Promise<NotificationPreferences> {
  const db = await getDb();
  const [rows, [user]] = await Promise.all([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, viewer.id)),
    db.select({ weeklyDigest: users.weeklyDigest }).from(users).where(eq(users.id, viewer.id)),
  ]);
  const byEmail = Object.fromEntries(
    NOTIFICATION_KIND_LIST.map((kind) => [kind, rows.find((r) => r.kind === kind)?.byEmail ?? false]),
  ) as Record<NotificationKind, boolean>;
  return { byEmail, weeklyDigest: user?.weeklyDigest ?? false };
}

export async function savePreferences(viewer: Viewer, preferences: NotificationPreferences): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationPreferences)
      .values(
        NOTIFICATION_KIND_LIST.map((kind) => ({
          userId: viewer.id,
          kind,
          byEmail: preferences.byEmail[kind],
        })),
      )
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { byEmail: sql`excluded.by_email` },
      });
    await tx.update(users).set({ weeklyDigest: preferences.weeklyDigest }).where(eq(users.id, viewer.id));
  });
}

/** One e-mail per member who asked for the weekly digest and has unread notifications from the last week. */
export async function sendWeeklyDigests(now = new Date()): Promise<number> {
  const db = await getDb();
  const since = new Date(now.getTime() - 7 * 86_400_000);
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      title: notifications.title,
      url: notifications.url,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(
      and(
        eq(users.weeklyDigest, true),
        isNull(notifications.readAt),
        sql`${notifications.createdAt} >= ${since.toISOString()}`,
      ),
    )
    .orderBy(users.id, desc(notifications.createdAt));
  const byUser = Map.groupBy(rows, (r) => r.userId);
  for (const items of byUser.values()) {
    const first = items[0]!;
    const lines = items.slice(0, 20).map((i) => `- ${i.title}: ${publicUrl()}${i.url}`);
    await sendMail({
      to: first.email,
      subject: `Sua semana na Suporte de Domingo: ${items.length} ${items.length === 1 ? "novidade" : "novidades"}`,
      text: `Olá, ${first.name}!\n\nO que aconteceu enquanto você estava fora:\n\n${lines.join("\n")}\n\nTudo em ${publicUrl()}/notifications`,
    });
  }
  return byUser.size;
}

// --------------------------------------------------------------------------------------------- live feed

type Subscriber = (unread: number) => void;
type Hub = { subscribers: Map<number, Set<Subscriber>>; listening?: Promise<unknown> };
const globalHub = globalThis as { __sddNotificationHub?: Hub };
const hub: Hub = (globalHub.__sddNotificationHub ??= { subscribers: new Map() });

/**
 * Calls `onUnread` with the member's unread count now and whenever it changes, from any app server.
 * One LISTEN per process fans out to every open stream. Returns the unsubscribe function.
 */
export async function subscribeToUnreadCount(userId: number, onUnread: Subscriber): Promise<() => void> {
  hub.listening ??= (await database()).listen(NOTIFICATIONS_CHANNEL, (payload) => {
    const id = Number(payload);
    const listeners = hub.subscribers.get(id);
    if (!listeners?.size) return;
    void unreadCount(id).then((n) => listeners.forEach((listener) => listener(n)));
  });
  await hub.listening;
  const set = hub.subscribers.get(userId) ?? new Set();
  set.add(onUnread);
  hub.subscribers.set(userId, set);
  onUnread(await unreadCount(userId));
  return () => {
    set.delete(onUnread);
    if (set.size === 0) hub.subscribers.delete(userId);
  };
}
