// What administrators curate from /administracao (the site notice, the landing's featured posts, the pinned
// community picks, the recommended topics) is read by nearly every page, so each app server keeps it in memory
// until it changes. A change is announced on a channel every server listens to (LISTEN/NOTIFY, delivered after
// the announcing transaction commits, before the same write's visitor page announcement): no server re-renders
// a page from what it remembered before the change.
import { sql } from "drizzle-orm";
import { database, forgetWhenDatabaseChanges, type Executor } from "./db.server.ts";
import { logger } from "./logger.server.ts";

const CURATION_CHANNEL = "sdd_curation";

const forgetters = new Set<() => void>();

function forgetAll() {
  for (const forget of forgetters) forget();
}

/** Registers `forget` for a memo of curated choices: called on every server when an administrator changes one. */
export function forgetWhenCurationChanges(forget: () => void): void {
  forgetters.add(forget);
  forgetWhenDatabaseChanges(forget);
}

/**
 * Inside the transaction that changed a curated choice: every server (this one too, after the commit) forgets
 * what it remembered. This server also forgets at once, so the administrator's next page is fresh.
 */
export async function announceCurationChange(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_notify(${CURATION_CHANNEL}, '')`);
}

/** This server's own change, once committed (the notification may arrive a moment later). */
export function curationChangedHere(): void {
  forgetAll();
}

/** Start-up: listen for the changes other servers (and this one) announce. */
export async function listenForCurationChanges(): Promise<() => Promise<void>> {
  const handle = await database();
  return handle.listen(CURATION_CHANNEL, () => {
    logger.debug("curated choices changed; forgetting what this server remembered");
    forgetAll();
  });
}
