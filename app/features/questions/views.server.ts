// Views: one per visitor per question per hour (the question_views key carries the hour). The visitor is the
// member's id, or a hash of the client address for visitors: the address Express trusted (TRUST_PROXY), never
// a header the client wrote, and not the User-Agent, which anyone can rotate to count again; an IPv6 visitor is
// their /64 (app/lib/client-address.ts).
import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { questionViews } from "#db/schema.ts";
import { clientAddressKey } from "#app/lib/client-address.ts";
import { forgetWhenDatabaseChanges, getDb } from "#app/lib/db.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";

/** Who is looking, as a key that never stores an IP address in the clear. `clientIp`: clientIpContext. */
export function viewerKey(viewer: Viewer | null, clientIp: string): string {
  if (viewer) return `u:${viewer.id}`;
  return `a:${createHash("sha256").update(clientAddressKey(clientIp)).digest("base64url").slice(0, 32)}`;
}

const hourOf = (now: Date) => {
  const hour = new Date(now);
  hour.setUTCMinutes(0, 0, 0);
  return hour;
};

/** How long a queued view may wait before it is written. */
const FLUSH_AFTER_MS = 1000;
const pendingViews = new Map<string, { question_id: number; viewer_key: string; hour: string }>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;
// Views queued for one database are never written to the next (a test file installs its own).
forgetWhenDatabaseChanges(() => {
  pendingViews.clear();
  clearTimeout(flushTimer);
  flushTimer = undefined;
});

/**
 * Counts a view without holding up the page: views are written together, at most a second later, in one
 * statement (a write transaction per page view was a tenth of the question page's cost). Repeats within the
 * batch collapse here; repeats across batches are refused by the table's key as before.
 */
export function queueView(questionId: number, key: string, now: Date = new Date()) {
  const hour = hourOf(now).toISOString();
  pendingViews.set(`${questionId}\n${key}\n${hour}`, { question_id: questionId, viewer_key: key, hour });
  flushTimer ??= setTimeout(() => {
    flushTimer = undefined;
    flushViews().catch((error: unknown) => logger.error({ err: error }, "could not write queued views"));
  }, FLUSH_AFTER_MS);
  flushTimer.unref?.();
}

/** At most this many views wait in memory when the database refuses them (older ones are dropped). */
const MAX_PENDING = 50_000;
let flushing: Promise<number> = Promise.resolve(0);

/**
 * Writes the queued views now (also on shutdown). Returns how many were new. One batch at a time, in question
 * order, so two batches never lock the same questions in opposite orders; a batch the database refuses goes
 * back in the queue for the next try.
 */
export function flushViews(): Promise<number> {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  flushing = flushing.catch(() => 0).then(writePendingViews);
  return flushing;
}

async function writePendingViews(): Promise<number> {
  if (pendingViews.size === 0) return 0;
  const batch = [...pendingViews.entries()].sort(([, a], [, b]) => a.question_id - b.question_id);
  pendingViews.clear();
  try {
    const db = await getDb();
    const result = await db.execute<{ counted: number }>(sql`
      with fresh as (
        insert into question_views (question_id, viewer_key, hour)
        select question_id, viewer_key, hour
        from json_to_recordset(${JSON.stringify(batch.map(([, view]) => view))}::json)
          as v(question_id int, viewer_key text, hour timestamptz)
        where exists (select 1 from questions q where q.id = v.question_id)
        on conflict do nothing
        returning question_id),
      counted as (
        update questions q set view_count = q.view_count + c.n
        from (select question_id, count(*)::int as n from fresh group by question_id order by question_id) c
        where q.id = c.question_id and q.deleted_at is null
        returning c.n)
      select coalesce(sum(n), 0)::int as counted from counted`);
    return Number(result.rows[0]?.counted ?? 0);
  } catch (error) {
    for (const [key, view] of batch) {
      if (pendingViews.size >= MAX_PENDING) break;
      if (!pendingViews.has(key)) pendingViews.set(key, view);
    }
    throw error;
  }
}

/** Drops view rows older than a day (they only exist to refuse repeats within the hour). */
export async function pruneViews(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const deleted = await db
    .delete(questionViews)
    .where(lt(questionViews.hour, new Date(now.getTime() - 86_400_000)))
    .returning({ questionId: questionViews.questionId });
  return deleted.length;
}
