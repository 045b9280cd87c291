// Views: one per visitor per question per hour (the question_views key carries the hour). The visitor is the
// member's id, or a hash of IP and user agent for visitors; view_count moves only when the row was new.
import { createHash } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { questions, questionViews } from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";

/** Who is looking, as a key that never stores an IP address in the clear. */
export function viewerKey(viewer: Viewer | null, request: Request): string {
  if (viewer) return `u:${viewer.id}`;
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const ip = forwarded || request.headers.get("x-real-ip") || "unknown";
  const agent = request.headers.get("user-agent") ?? "";
  return `a:${createHash("sha256").update(`${ip}\n${agent}`).digest("base64url").slice(0, 32)}`;
}

/** Counts a view of a live question. Returns whether it counted (false within the same hour). */
export async function recordView(questionId: number, key: string, now: Date = new Date()): Promise<boolean> {
  const db = await getDb();
  const hour = new Date(now);
  hour.setUTCMinutes(0, 0, 0);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(questionViews)
      .values({ questionId, viewerKey: key, hour })
      .onConflictDoNothing()
      .returning({ questionId: questionViews.questionId });
    if (!inserted.length) return false;
    const updated = await tx
      .update(questions)
      .set({ viewCount: sql`${questions.viewCount} + 1` })
      .where(and(eq(questions.id, questionId), isNull(questions.deletedAt)))
      .returning({ id: questions.id });
    return updated.length > 0;
  });
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
