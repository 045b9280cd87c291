// Work a request should not wait for (the newsletter's confirmation, say), kept track of so that a graceful
// shutdown and the tests can wait for it, then send the mail it queued (lib/mail-outbox.server.ts, ADR 048).
import { logger } from "./logger.server.ts";
import { sendDueMailNow } from "./mail-outbox.server.ts";

const pending = new Set<Promise<void>>();

/** Runs `task` (which may queue e-mails) without making the request wait for it. */
export function runInBackground(task: () => Promise<void>) {
  const running = task()
    .catch((error: unknown) => logger.error({ err: error }, "background task failed"))
    .finally(() => pending.delete(running));
  pending.add(running);
}

/** Waits for the background work under way, then sends what it queued (tests, and a graceful shutdown). */
export async function settleBackgroundWork(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
  await sendDueMailNow();
}
