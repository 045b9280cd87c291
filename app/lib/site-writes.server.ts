// Several app servers on one PostgreSQL each keep their own visitor page cache (ADR 015): a write through one
// of them must empty the others' too. Each server announces its writes on a channel after they end and
// listens for the others' (LISTEN/NOTIFY, delivered after the announcing statement commits). PGlite belongs
// to a single process, so there is nothing to tell anyone.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "./db.server.ts";

export const SITE_WRITES_CHANNEL = "sdd_site_writes";

/** `origin` tells this server's own announcements apart from the others'. */
export function siteWrites(handle: DatabaseHandle, origin: string = randomUUID()) {
  const shared = handle.kind === "postgres";
  return {
    /** Tells the other servers that a write through this one ended. */
    async announce(): Promise<void> {
      if (!shared) return;
      await handle.db.execute(sql`select pg_notify(${SITE_WRITES_CHANNEL}, ${origin})`);
    },
    /** Calls `onWrite` whenever a write through another server ended; resolves to an unsubscribe function. */
    async onWriteElsewhere(onWrite: () => void): Promise<() => Promise<void>> {
      if (!shared) return async () => {};
      return handle.listen(SITE_WRITES_CHANNEL, (payload) => {
        if (payload !== origin) onWrite();
      });
    },
  };
}
