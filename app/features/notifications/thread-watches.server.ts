// "Acompanhar": the questions and posts a member watches (notify.server.ts tells them what happens there). For
// routes: the button's toggle, and the list in the settings to stop watching from.
import { and, desc, eq, sql } from "drizzle-orm";
import { threadWatches } from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import { requireMember } from "#app/lib/permissions.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { watchThread, type WatchedThread } from "./notify.server.ts";

/** Starts (`on`) or stops watching a thread; doing it twice changes nothing. */
export async function setWatching(
  viewer: Viewer | null,
  thread: WatchedThread,
  on: boolean,
): Promise<boolean> {
  const member = requireMember(viewer);
  const db = await getDb();
  if (on) await watchThread(db, member.id, thread);
  else {
    await db
      .delete(threadWatches)
      .where(
        and(
          eq(threadWatches.userId, member.id),
          eq(threadWatches.targetKind, thread.kind),
          eq(threadWatches.targetId, thread.id),
        ),
      );
  }
  return on;
}

export async function isWatching(userId: number | undefined, thread: WatchedThread): Promise<boolean> {
  if (!userId) return false;
  const db = await getDb();
  const [row] = await db
    .select({ userId: threadWatches.userId })
    .from(threadWatches)
    .where(
      and(
        eq(threadWatches.userId, userId),
        eq(threadWatches.targetKind, thread.kind),
        eq(threadWatches.targetId, thread.id),
      ),
    );
  return Boolean(row);
}

export type WatchedItem = WatchedThread & { title: string; url: string };

/** What the member watches, newest first, with titles and addresses (the live ones). */
export async function watchedThreads(viewer: Viewer, limit = 100): Promise<WatchedItem[]> {
  const db = await getDb();
  const rows = await db
    .select({
      kind: threadWatches.targetKind,
      id: threadWatches.targetId,
      title: sql<string | null>`case ${threadWatches.targetKind}
        when 'question' then (select q.title from questions q where q.id = ${threadWatches.targetId} and q.deleted_at is null)
        else (select p.title from posts p where p.id = ${threadWatches.targetId} and p.deleted_at is null) end`,
      slug: sql<
        string | null
      >`(select p.slug from posts p where ${threadWatches.targetKind} = 'post' and p.id = ${threadWatches.targetId})`,
    })
    .from(threadWatches)
    .where(eq(threadWatches.userId, viewer.id))
    .orderBy(desc(threadWatches.createdAt))
    .limit(limit);
  return rows.flatMap((row) =>
    row.title === null
      ? []
      : [
          {
            kind: row.kind as WatchedThread["kind"],
            id: row.id,
            title: row.title,
            url: row.kind === "question" ? `/questions/${row.id}` : `/blog/${row.slug ?? ""}`,
          },
        ],
  );
}
