// Start-up and shutdown of what the app owns (the database), called by the HTTP server (server/app.ts).
// Beside root.tsx, not in lib/: it composes features (sessions, account mail, question views).
import { checkScheduledBadgesNow } from "./features/badges/badges.server.ts";
import { RouterContextProvider } from "react-router";
import { isbot } from "isbot";
import {
  clientIpContext,
  nonceContext,
  pageHtmlContext,
  routeContext,
  shownIdentityContext,
  visitorPageContext,
  type PageIdentity,
  type VisitorPageChanges,
  type VisitorPageEffect,
  type RouteNote,
  type VisitorPageNote,
} from "./lib/context.ts";
import {
  closeDatabase,
  checkDatabase,
  database,
  databaseQueueDepth,
  databaseQueueWaitMs,
} from "./lib/db.server.ts";
import { logger } from "./lib/logger.server.ts";
import { startMailSender, stopMailSender } from "./lib/mail-outbox.server.ts";
import { siteWrites } from "./lib/site-writes.server.ts";
import { listenForCurationChanges } from "./lib/curation.server.ts";
import { env } from "./lib/env.server.ts";
import { seedDemoIfEmpty } from "../db/seed/demo.ts";
import { hasLiveSession } from "./features/accounts/sessions.server.ts";
import { settleBackgroundWork } from "#app/lib/background-work.server.ts";
import { flushViews, queueView, viewerKey } from "./features/questions/views.server.ts";
import { backfillErrorSignatures } from "./features/errors/error-index.server.ts";

export { memberPageStanding } from "./member-pages.server.ts";

export async function startApp() {
  const handle = await database();
  const seed = env().SEED_DEMO ?? handle.kind === "pglite";
  if (seed) {
    const seeded = await seedDemoIfEmpty(handle.db);
    if (seeded) {
      logger.info("demo content seeded into the empty database");
      // The seed writes rows directly (db/ reaches no feature): its errors are indexed here (ADR 041).
      await backfillErrorSignatures();
    }
  }
  // E-mails queued before a stop (or a crash) leave now, and every new one as its transaction commits.
  startMailSender();
  // What administrators curate is remembered per server until any server announces a change.
  stopListeningForCuration = await listenForCurationChanges();
  // No ADMIN_EMAIL promotion here: an address verified before may have been verified by the old link's GET (a
  // squatter's); the owner is promoted when they confirm it or reset the password (ADR 023).
}

let stopListeningForCuration: (() => Promise<void>) | undefined;

export async function stopApp() {
  await stopListeningForCuration?.().catch(() => {});
  stopListeningForCuration = undefined;
  // Badges waiting for their moment are checked before the database closes.
  await checkScheduledBadgesNow().catch((error: unknown) =>
    logger.warn({ err: error }, "badge checks left for the members' next visit"),
  );
  await settleBackgroundWork();
  await stopMailSender();
  await flushViews().catch((error: unknown) => logger.error({ err: error }, "queued views lost at shutdown"));
  writes = undefined;
  await closeDatabase();
}

/** One per process: its own announcements are told apart from the other servers'. */
let writes: ReturnType<typeof siteWrites> | undefined;
async function processWrites() {
  writes ??= siteWrites(await database());
  return writes;
}

/** Tells the other app servers what a write through this one changed (their visitor caches follow). */
export async function announceWrite(changes: VisitorPageChanges): Promise<void> {
  await (await processWrites()).announce(changes);
}

/** Runs `onWrite` with what a write through another app server changed, whenever one ends. */
export async function onWriteElsewhere(
  onWrite: (changes: VisitorPageChanges) => void,
): Promise<() => Promise<void>> {
  return (await processWrites()).onWriteElsewhere(onWrite);
}

/**
 * Whether the request's session cookie belongs to a live session (the visitor cache's question). Read-only: the
 * server has no way to pass a renewed cookie on, so renewing here would move the expiry the browser never gets.
 */
export async function isSignedIn(request: Request): Promise<boolean> {
  return hasLiveSession(request);
}

/**
 * How long the oldest statement has waited for the embedded database: past DATABASE_BEHIND_MS the server answers
 * new pages 503 at once instead of lining them up behind it (server/app.ts). Synchronous, for every request.
 */
export function databaseBehindMs(): number {
  return databaseQueueWaitMs();
}

/** A database that does not answer `select 1` in this long is reported down (/healthz answers 503). */
const HEALTH_DATABASE_TIMEOUT_MS = 2_000;

export type Health = {
  ok: boolean;
  error?: string;
  /** How long `select 1` took, its wait in the database's line included. */
  databaseMs: number;
  /** Queries waiting for the database when the check started. */
  databaseQueue: number;
};

export async function checkHealth(): Promise<Health> {
  const databaseQueue = databaseQueueDepth();
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      checkDatabase(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`o banco de dados não respondeu em ${HEALTH_DATABASE_TIMEOUT_MS / 1000} s`)),
          HEALTH_DATABASE_TIMEOUT_MS,
        );
      }),
    ]);
    return { ok: true, databaseMs: Math.round(performance.now() - started), databaseQueue };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error ? error.message : String(error),
      databaseMs: Math.round(performance.now() - started),
      databaseQueue,
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The request context for React Router (its keys are compared by identity: one copy of context.ts, in the
 * bundle the HTTP server is built into).
 */
export function createLoadContext({
  nonce,
  clientIp,
  visitorPage,
  route,
  document = false,
  shownIdentity = null,
}: {
  nonce: string;
  clientIp?: string;
  visitorPage?: VisitorPageNote;
  /** Filled in with the matched route pattern (the HTTP server's metrics label). */
  route?: RouteNote;
  /** The request renders HTML (not a `.data` request): long rich text may travel in the page only. */
  document?: boolean;
  /** The stand-in the page names instead of the viewer: a member's page kept for their standing (ADR 074). */
  shownIdentity?: PageIdentity | null;
}) {
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  context.set(clientIpContext, clientIp ?? "");
  // A fresh note per request: the default value of a context is shared by every request.
  context.set(visitorPageContext, visitorPage ?? { cacheable: false, effects: [] });
  context.set(pageHtmlContext, { document, html: new Map() });
  context.set(routeContext, route ?? {});
  context.set(shownIdentityContext, shownIdentity);
  return context;
}

/** What the loaders would have done for a visitor's page served from the HTTP server's cache. */
export function replayVisitorPageEffects(effects: VisitorPageEffect[], request: Request, clientIp = "") {
  if (isbot(request.headers.get("user-agent") ?? "")) return;
  for (const effect of effects) {
    // The address Express trusted (req.ip), as the loader's clientIpContext: never a forwarded header.
    if (effect.kind === "question-view") queueView(effect.questionId, viewerKey(null, clientIp));
  }
}
