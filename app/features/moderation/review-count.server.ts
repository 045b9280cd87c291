// The header's count of open review items (flagged or held items, first posts, suggested edits): one indexed
// count, kept a few seconds per app server (REVIEW_COUNT_TTL_SECONDS) so every page a reviewer opens does not
// count again. Only reviewers' pages ask for it: visitors' cached pages never carry it.
import { sql } from "drizzle-orm";
import { getDb } from "#app/lib/db.server.ts";
import { shortCache } from "#app/lib/short-cache.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { hasPrivilege, REVIEW_COUNT_TTL_SECONDS } from "./rules.ts";

const cache = shortCache<number>(REVIEW_COUNT_TTL_SECONDS * 1000, 1);

/** Open review items now: one per flagged item (however many flags it has), one per suggested edit. */
export async function countOpenReviewItems(): Promise<number> {
  const db = await getDb();
  const result = await db.execute<{ n: number }>(sql`
    select (
      (select count(*) from (select 1 from flags where status = 'open' group by target_kind, target_id) open_items)
      + (select count(*) from suggested_edits where status = 'pending')
    )::int as n`);
  return Number(result.rows[0]?.n ?? 0);
}

/** The count for the header: null for whoever cannot review (nothing shown, nothing counted). */
export async function reviewCountFor(viewer: Viewer | null): Promise<number | null> {
  if (!hasPrivilege(viewer, "review")) return null;
  return cache.get("open", countOpenReviewItems);
}

/** After a flag or a decision on this server, its reviewers see the new count at once. */
export function forgetReviewCount(): void {
  cache.clear();
}
