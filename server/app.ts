// The HTTP server: security headers, compression, static files, request logs, /healthz and graceful shutdown in
// front of React Router's request handler. Built into the app's bundle (vite.config.ts, `rollupOptions.input`), so
// it shares one copy of every module with the routes; server/server.ts only loads it (ADR 058).
import { LRUCache } from "lru-cache";
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Server } from "node:http";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import * as reactRouterBuild from "virtual:react-router/server-build";
import {
  announceWrite,
  checkHealth,
  createLoadContext,
  databaseBehindMs,
  isSignedIn,
  memberPageStanding,
  onWriteElsewhere,
  replayVisitorPageEffects,
  startApp,
  stopApp,
} from "#app/lifecycle.server.ts";
import type { VisitorPageNote } from "#app/lib/context.ts";
import { CROSS_SITE_MESSAGE, isCrossSiteWriteFrom } from "#app/lib/csrf.server.ts";
import { env, parseEnv, signInProviderOrigins } from "#app/lib/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { securityHeaders } from "./security-headers.ts";
import { BUSY_MESSAGE, concurrencyLimit, isNotificationStream, laneOf } from "./concurrency-limit.ts";
import { appHandler } from "./app-handler.ts";
import { bodyLimit, declaredBodyLimit } from "./body-limit.ts";
import { generatedAvatar } from "./generated-avatar.ts";
import { hostGuard } from "./host-guard.ts";
import {
  answerClusterScrapes,
  collectProcessMetrics,
  httpMetrics,
  memberPageMetrics,
  metricsEndpoint,
  visitorPageCacheMetrics,
} from "./metrics.ts";
import { requestLog } from "./request-log.ts";
import { uploadsRoute } from "./uploads-route.ts";
import { memberPageTemplates, type MemberPageMiss } from "./member-page-templates.ts";
import { hasSessionCookie, routeNoteOf, visitorPageCache } from "./visitor-page-cache.ts";

// React Router finds a path's routes with its route-pattern matcher, a trie built once per build, instead of trying
// the path against every route in turn, compiling a regular expression for each: matching was ~9 % of a member's
// smallest page, asked several times per page (the request, its data, route discovery's parents; ADR 071).
// Framework mode does not offer the flag yet, so the server's build gets it here. The page hands the browser the
// build's flags as JSON, and the browser keeps its own matcher (the other one would add its code to every page):
// written as JSON, the flags are the build's own.
unstable_preloadRoutePattern();
const serverFuture = { ...reactRouterBuild.future, unstable_routePatternMatching: true };
Object.defineProperty(serverFuture, "toJSON", { value: () => reactRouterBuild.future, enumerable: false });
const productionBuild: ServerBuild = {
  ...(reactRouterBuild as ServerBuild),
  // Framework mode's type names no such flag; the static handler reads it from here all the same.
  future: serverFuture as unknown as ServerBuild["future"],
};

/** How server/server.ts runs the app: from the build, or (`npm run dev`) through Vite's dev server. */
export type ServerOptions = {
  /** Vite's middlewares and its fresh view of the routes, in development only. */
  dev?: { middlewares: express.RequestHandler; build: () => Promise<ServerBuild> };
};

/** Builds the HTTP server's request handling; `listen` starts serving and stops gracefully on SIGTERM/SIGINT. */
export function createServer({ dev }: ServerOptions = {}) {
  const isDev = dev !== undefined;
  const config = env();
  if (cluster.isWorker) {
    // Every log line says which worker wrote it, and the primary may ask for this worker's metrics (ADR 029).
    logger.setBindings({ pid: process.pid });
    answerClusterScrapes();
  }

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  // Counted and timed from the start, refusals too, by route pattern and status (ADR 040).
  collectProcessMetrics();
  app.use(httpMetrics());
  // First, so refusals (a foreign host, a body too large) are logged too.
  app.use(requestLog(logger));
  app.use(securityHeaders({ isDev, formTargets: signInProviderOrigins() }));
  // Before the host guard: a scraper names the server by its address. Refused requests go on to the app's 404.
  app.use(metricsEndpoint({ token: config.METRICS_TOKEN, allow: config.METRICS_ALLOW }));
  app.use(hostGuard(config.PUBLIC_URL));
  // A body declared past its ceiling is refused before it waits in line or is read (ADR 022).
  app.use(declaredBodyLimit());
  app.use(
    compression({
      // Server-sent events must reach the browser as they are written.
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
        compression.filter(req, res),
    }),
  );

  if (dev) {
    app.use(dev.middlewares);
  } else {
    // This file runs as build/server/index.js; the browser's files sit beside it.
    const clientDir = path.join(import.meta.dirname, "../client");
    // Hashed assets never change: cache them for a year.
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    // The other public files (favicon, manifest, images) all have an extension; a page's address never needs
    // the file system asked first (one failed stat per page otherwise).
    const publicFiles = express.static(clientDir, { maxAge: "1h" });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  // Uploaded files are named by their content hash, so they are immutable too; read from DATA_DIR/uploads or the
  // S3-compatible bucket all servers share (ADR 038), through the app's storage.
  app.get("/uploads/:file", uploadsRoute());

  // Members' generated avatars: from the handle alone, before the app (no session, no database).
  app.get("/avatar/:file", generatedAvatar());

  // The event loop's delay since the last check (a page rendered for seconds shows here before anywhere else).
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();

  // For load balancers and the soak's probes: 503 when the database does not answer `select 1` within 2 s; the
  // event loop's delay, the database's line and the app's lines say how busy the server is.
  app.get("/healthz", async (_req, res) => {
    const health = await checkHealth();
    const eventLoopLagMs = Math.round(loopDelay.max / 1e6);
    loopDelay.reset();
    res.status(health.ok ? 200 : 503).json({
      status: health.ok ? "ok" : "error",
      database: health.ok ? "ok" : health.error,
      databaseMs: health.databaseMs,
      databaseQueue: health.databaseQueue,
      databaseWaitMs: Math.round(databaseBehindMs()),
      eventLoopLagMs,
      app: {
        ...appRequests.stats(),
        waitingWrites: appRequests.waitingIn("write"),
        waitingMembers: appRequests.waitingIn("member"),
        waitingVisitors: appRequests.waitingIn("visitor"),
      },
    });
  });

  // Cross-site writes are refused with 403 before React Router sees them (its own Origin check would answer a
  // bare 400 first; the root middleware runs the same check again for anything else that reaches the app).
  app.use((req, res, next) => {
    const crossSite = isCrossSiteWriteFrom({
      method: req.method,
      url: `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`,
      header: (name) => req.get(name) ?? null,
    });
    if (!crossSite) return next();
    res.status(403).type("text/plain; charset=utf-8").send(CROSS_SITE_MESSAGE);
  });

  // Cookies seen on a live session in the last 10 s: a member's next pages skip the check. A stale "live" only
  // means a page rendered afresh. Cookies that led nowhere are remembered too (tokens are random: a dead one
  // never comes back to life), so a browser holding an expired cookie is served from the cache without a query.
  const recentMembers = new LRUCache<string, true>({ max: 10_000, ttl: 10_000 });
  const deadCookies = new LRUCache<string, true>({ max: 10_000 });
  async function isLiveMember(req: express.Request): Promise<boolean> {
    const cookie = req.get("cookie") ?? "";
    if (recentMembers.get(cookie)) return true;
    if (deadCookies.has(cookie)) return false;
    // The scheme decides the cookie's name (`__Host-` under https).
    const live = await isSignedIn(new Request(`${req.protocol}://localhost/`, { headers: { cookie } }));
    (live ? recentMembers : deadCookies).set(cookie, true);
    return live;
  }

  // Visitors' pages from memory, refreshed after the writes that change them (ADR 015, ADR 028). Not in
  // development, where the code under the pages changes.
  const cacheVisitorPages = !isDev && config.VISITOR_PAGE_CACHE === "on";
  const visitorPages = visitorPageCache({
    isMember: isLiveMember,
    replay: (effects, req) => {
      const headers = new Headers();
      const agent = req.get("user-agent");
      if (agent) headers.set("user-agent", agent);
      // Views are counted by the address trusted per TRUST_PROXY, never by headers the client wrote.
      replayVisitorPageEffects(
        effects,
        new Request(`http://localhost${req.originalUrl}`, { headers }),
        req.ip ?? "",
      );
    },
    // Other app servers on the same PostgreSQL follow the same writes (app/lib/site-writes.server.ts).
    announceWrite: (changes) =>
      void announceWrite(changes).catch((error: unknown) =>
        logger.warn({ err: error }, "could not announce a write to other servers"),
      ),
    observe: cacheVisitorPages ? visitorPageCacheMetrics(() => visitorPages) : undefined,
    appIsBusy: () => appRequests.stats().active > 0,
  });
  if (cacheVisitorPages) app.use(visitorPages.middleware);

  // Requests inside the app at once; the rest wait in three lines that take turns, writes, members' pages and
  // visitors' misses (only the notification stream never waits). A session cookie is enough to stand in the
  // members' line: it grants nothing but a turn.
  const appRequests = concurrencyLimit(config.MAX_CONCURRENT_REQUESTS, {
    bypass: isNotificationStream,
    lane: (req) => laneOf(req, hasSessionCookie(req.headers)),
  });
  // A database already this far behind cannot answer another page in time: new requests for the app are told so
  // at once (503 with Retry-After) instead of lining up behind it; cache hits above and the notification stream
  // go on. The statements in line fail on their own after 10 s (app/lib/db.server.ts).
  app.use((req, res, next) => {
    if (isNotificationStream(req) || databaseBehindMs() <= DATABASE_BEHIND_MS) return next();
    res.status(503).set("Retry-After", "5").type("text/plain; charset=utf-8").send(BUSY_MESSAGE);
  });
  // A member's question page, /questions and /blog from the render kept for everyone who stands where they stand
  // on it, with their own name put in (ADR 074): the standing's statements (one for a question), then the kept
  // bytes; the first of a standing is rendered by the app, in line like any member's page, and the others of that
  // standing wait for that render.
  const keepMemberPages = !isDev && config.MEMBER_PAGE_CACHE === "on";
  const memberPages = memberPageTemplates({
    standing: memberPageStanding,
    observe: keepMemberPages ? memberPageMetrics(() => memberPages) : undefined,
  });
  if (keepMemberPages) app.use(memberPages.middleware);
  // Bodies are read before taking a place in line (a slow sender must not hold one), under a budget of bytes
  // being read at once and a minimum rate (ADR 022).
  app.use(bodyLimit());
  app.use(appRequests.middleware);

  app.all(
    "/{*splat}",
    appHandler({
      // Production hands React Router the build itself: given a function, it re-derives its route tables on
      // every request (a few percent of each page's CPU).
      build: dev ? dev.build : productionBuild,
      mode: isDev ? "development" : "production",
      getLoadContext: async (req, res) =>
        createLoadContext({
          nonce: String(res.locals.cspNonce),
          clientIp: req.ip ?? "",
          visitorPage: res.locals.visitorPage as VisitorPageNote | undefined,
          route: routeNoteOf(res),
          // React Router's data requests (client navigation, revalidation) end in ".data".
          document: !req.path.endsWith(".data"),
          shownIdentity: (res.locals.memberPage as MemberPageMiss | undefined)?.standIn ?? null,
        }),
    }),
  );

  async function listen(): Promise<Server> {
    await startApp();
    if (cacheVisitorPages) await onWriteElsewhere((changes) => visitorPages.invalidate(changes));
    const server: Server = app.listen(config.PORT, config.HOST, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : config.PORT;
      logger.info({ port, host: config.HOST, dev: isDev }, `Suporte de Domingo em http://localhost:${port}`);
      if (!config.PUBLIC_URL && !isDev) {
        logger.warn(
          `PUBLIC_URL não está definida: links em e-mails, feeds e no sitemap apontam para http://localhost:${config.PORT}. ` +
            "Num site público, defina PUBLIC_URL com o endereço do site (ex.: https://suportededomingo.dev).",
        );
      }
    });
    server.keepAliveTimeout = 65_000;
    // A request must arrive whole within a minute (Node's default is five), so slow senders cannot hold the
    // app's places in line (server/concurrency-limit.ts) for long.
    server.requestTimeout = 60_000;
    stopGracefully(server);
    return server;
  }

  return { app, listen };
}

/** A database already this far behind answers new pages 503 at once (see createServer). */
const DATABASE_BEHIND_MS = 2_000;

function stopGracefully(server: Server) {
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("in-flight requests did not finish in 10 s; closing anyway");
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(async () => {
      await stopApp().catch((error) => logger.error({ err: error }, "error closing the database"));
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** The React Router build this server runs, and the app's start and stop, for the bench's render ceiling. */
export { reactRouterBuild, startApp, stopApp, createLoadContext, parseEnv };
