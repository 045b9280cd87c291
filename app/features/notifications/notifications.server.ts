// Notifications as their member reads them: the list, the unread count and its live feed across app servers
// (LISTEN/NOTIFY), e-mail preferences and the weekly digest. Other features write them through notify.server.ts.
import { and, count, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { notificationPreferences, notifications, users } from "#db/schema.ts";
import { database, getDb, preparedQuery } from "#app/lib/db.server.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { queueMail } from "#app/lib/mail-outbox.server.ts";
import { plural } from "#app/lib/plural.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { NOTIFICATION_KIND_LIST, type NotificationKind } from "./kinds.ts";
import { NOTIFICATIONS_CHANNEL } from "./notify.server.ts";

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

type NotificationItem = {
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
    // Badges have a list of their own (`recentBadgeNotices`): the inbox is what others did.
    .where(and(eq(notifications.userId, viewer.id), ne(notifications.kind, "badge")))
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

/** The viewer's latest badges, as their notices tell them ("Você ganhou a medalha …"), newest first. */
export async function recentBadgeNotices(viewer: Viewer, limit = 5) {
  const db = await getDb();
  return db
    .select({ id: notifications.id, title: notifications.title, url: notifications.url })
    .from(notifications)
    .where(and(eq(notifications.userId, viewer.id), eq(notifications.kind, "badge")))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
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
    await queueMail(db, {
      to: first.email,
      subject: `Sua semana na Suporte de Domingo: ${items.length} ${plural(items.length, "novidade", "novidades")}`,
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
