// Several app servers on one PostgreSQL each keep their own visitor page cache (ADR 015, ADR 028): a write
// through one of them must reach the others' too. Each server announces what its writes changed on a channel
// after they end and listens for the others' (LISTEN/NOTIFY, delivered after the announcing statement
// commits). PGlite belongs to a single process, so there is nothing to tell anyone.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { PageTopic, VisitorPageChanges } from "./context.ts";
import type { DatabaseHandle } from "./db.server.ts";

export const SITE_WRITES_CHANNEL = "sdd_site_writes";
/** NOTIFY payloads must stay under 8000 bytes; a write naming more than this many topics changes everything. */
const MAX_ANNOUNCED_TOPICS = 200;
const TOPIC = /^(?:question|post|member):\d{1,15}$/;

type Announcement = { origin: string; changes: VisitorPageChanges };

/** `origin` tells this server's own announcements apart from the others'. */
export function siteWrites(handle: DatabaseHandle, origin: string = randomUUID()) {
  const shared = handle.kind === "postgres";
  return {
    /** Tells the other servers what a write through this one changed. */
    async announce(changes: VisitorPageChanges): Promise<void> {
      if (!shared || changes === "nothing") return;
      const announced: VisitorPageChanges =
        typeof changes === "object" && changes.topics.length > MAX_ANNOUNCED_TOPICS ? "everything" : changes;
      const payload = JSON.stringify({ origin, changes: announced } satisfies Announcement);
      await handle.db.execute(sql`select pg_notify(${SITE_WRITES_CHANNEL}, ${payload})`);
    },
    /** Calls `onWrite` whenever a write through another server ended; resolves to an unsubscribe function. */
    async onWriteElsewhere(onWrite: (changes: VisitorPageChanges) => void): Promise<() => Promise<void>> {
      if (!shared) return async () => {};
      return handle.listen(SITE_WRITES_CHANNEL, (payload) => {
        const announcement = parseAnnouncement(payload);
        if (announcement?.origin === origin) return;
        // Anything unreadable (a server of another version) is taken as the safest reading: everything.
        onWrite(announcement?.changes ?? "everything");
      });
    },
  };
}

function parseAnnouncement(payload: string): Announcement | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Announcement>;
    if (typeof value.origin !== "string") return undefined;
    const { changes } = value;
    if (changes === "everything" || changes === "nothing") return { origin: value.origin, changes };
    if (
      changes &&
      typeof changes === "object" &&
      Array.isArray(changes.topics) &&
      changes.topics.every((name) => typeof name === "string" && TOPIC.test(name))
    ) {
      return { origin: value.origin, changes: { topics: changes.topics as PageTopic[] } };
    }
    return { origin: value.origin, changes: "everything" };
  } catch {
    return undefined;
  }
}
