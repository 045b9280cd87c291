// A tiny in-process cache for values that are expensive to compute and harmless to show a few seconds late
// (e.g. the total behind a list's page count, a page of a list many members read). Concurrent callers of a
// missing key share one computation, so a burst of requests runs one query, not one each. It holds at most
// `max` keys, the least recently read dropped.
import { LRUCache } from "lru-cache";
import { forgetWhenDatabaseChanges } from "./db.server.ts";
import type { Viewer } from "./viewer.ts";

type Entry<T> = { value: Promise<T>; expires: number };

export function shortCache<T>(ttlMs: number, max = 500) {
  const entries = new LRUCache<string, Entry<T>>({ max });
  // What it keeps was read from one database.
  forgetWhenDatabaseChanges(() => entries.clear());
  /** Computes the value now and keeps it for the next callers. */
  function refresh(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
    const value = compute();
    entries.set(key, { value, expires: now + ttlMs });
    // A failure is not remembered: the next caller tries again.
    value.catch(() => entries.delete(key));
    return value;
  }
  return {
    get(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      return refresh(key, compute, now);
    },
    refresh,
    clear() {
      entries.clear();
    },
  };
}

/**
 * How late a list many members read may be: the lag visitors' cached list pages already have
 * (server/visitor-page-cache.ts, `listLagMs`). A member who wrote within it reads lists fresh.
 */
const SHARED_LIST_LAG_MS = 3_000;

const recentWriters = new LRUCache<number, true>({ max: 10_000, ttl: SHARED_LIST_LAG_MS });

/** A member's write changed something (the root middleware tells): their next lists are read fresh. */
export function noteMemberWrote(memberId: number): void {
  recentWriters.set(memberId, true);
}

/**
 * A page of a list that is the same for every reader, shared between members for `SHARED_LIST_LAG_MS`:
 * visitors (whose pages the visitor cache keeps) and members who just wrote read it fresh, and leave the fresh
 * copy for the others. On several app servers, a member's write reaches the others' lists within the lag.
 */
export function sharedListPages<T>(max = 500) {
  const pages = shortCache<T>(SHARED_LIST_LAG_MS, max);
  return {
    get(viewer: Viewer | null, key: string, compute: () => Promise<T>): Promise<T> {
      if (viewer && !recentWriters.has(viewer.id)) return pages.get(key, compute);
      return pages.refresh(key, compute);
    },
    clear: pages.clear,
  };
}
