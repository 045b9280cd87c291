// A tiny in-process cache for values that are expensive to compute and harmless to show a few seconds late
// (e.g. the total behind a list's page count). Concurrent callers of a missing key share one computation, so a
// burst of requests runs one query, not one each. Keys should be short: the cache holds at most `max` of them.

import { forgetWhenDatabaseChanges } from "./db.server.ts";

type Entry<T> = { value: Promise<T>; expires: number };

export function shortCache<T>(ttlMs: number, max = 500) {
  const entries = new Map<string, Entry<T>>();
  // What it keeps was read from one database.
  forgetWhenDatabaseChanges(() => entries.clear());
  return {
    get(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
      if (entries.size >= max) entries.clear();
      const value = compute();
      entries.set(key, { value, expires: now + ttlMs });
      // A failure is not remembered: the next caller tries again.
      value.catch(() => entries.delete(key));
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
