// A tiny in-process cache for values that are expensive to compute and harmless to show a few seconds late
// (e.g. the total behind a list's page count). Concurrent callers of a missing key share one computation, so a
// burst of requests runs one query, not one each. It holds at most `max` keys, the least recently read dropped.
import { LRUCache } from "lru-cache";
import { forgetWhenDatabaseChanges } from "./db.server.ts";

type Entry<T> = { value: Promise<T>; expires: number };

export function shortCache<T>(ttlMs: number, max = 500) {
  const entries = new LRUCache<string, Entry<T>>({ max });
  // What it keeps was read from one database.
  forgetWhenDatabaseChanges(() => entries.clear());
  return {
    get(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.value;
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
