// The HTTP entry: security headers, compression, static files, request logs, /healthz and graceful
// shutdown in front of React Router's request handler. Runs on Node 24's TypeScript support, no build.
import { LRUCache } from "lru-cache";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Server } from "node:http";
import compression from "compression";
import express from "express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import type { UploadReply } from "#app/features/uploads/storage.server.ts";
import { CROSS_SITE_MESSAGE, isCrossSiteWriteFrom } from "#app/lib/csrf.server.ts";
import { env, parseEnv, signInProviderOrigins } from "#app/lib/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { securityHeaders } from "./security-headers.ts";
import { BUSY_MESSAGE, concurrencyLimit, isNotificationStream, laneOf } from "./concurrency-limit.ts";
import { appHandler } from "./app-handler.ts";
import { bodyLimit, declaredBodyLimit } from "./body-limit.ts";
import { generatedAvatar } from "./generated-avatar.ts";
import { hostGuard } from "./host-guard.ts";
import { collectProcessMetrics, httpMetrics, metricsEndpoint, visitorPageCacheMetrics } from "./metrics.ts";
import { requestLog } from "./request-log.ts";
import { uploadsRoute } from "./uploads-route.ts";
import {
  hasSessionCookie,
  routeNoteOf,
  visitorPageCache,
  type RouteNote,
  type VisitorPageChanges,
  type VisitorPageNote,
} from "./visitor-page-cache.ts";

type AppEntry = {
  startApp: () => Promise<void>;
  stopApp: () => Promise<void>;
  checkHealth: () => Promise<{ ok: boolean; error?: string; databaseMs: number; databaseQueue: number }>;
  databaseBehindMs: () => number;
  createLoadContext: (input: {
    nonce: string;
    clientIp?: string;
    visitorPage?: VisitorPageNote;
    route?: RouteNote;
    document?: boolean;
  }) => RouterContextProvider;
  replayVisitorPageEffects: (effects: unknown[], request: globalThis.Request, clientIp: string) => void;
  isSignedIn: (request: globalThis.Request) => Promise<boolean>;
  announceWrite: (changes: VisitorPageChanges) => Promise<void>;
  onWriteElsewhere: (onWrite: (changes: VisitorPageChanges) => void) => Promise<() => Promise<void>>;
  openUpload: (file: string, ifNoneMatch?: string) => Promise<UploadReply>;
};

const isDev = process.argv.includes("--dev");

try {
  parseEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const config = env();

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

let loadBuild: () => Promise<ServerBuild>;
// Production hands React Router the build itself: given a function, it re-derives its route tables on every
// request (a few percent of each page's CPU).
let fixedBuild: ServerBuild | undefined;
if (isDev) {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  app.use(vite.middlewares);
  loadBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
} else {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const clientDir = path.join(buildDir, "client");
  // Hashed assets never change: cache them for a year.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
  // The other public files (favicon, manifest, images) all have an extension; a page's address never needs
  // the file system asked first (one failed stat per page otherwise).
  const publicFiles = express.static(clientDir, { maxAge: "1h" });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  fixedBuild = build;
  loadBuild = async () => build;
}

const entryOf = async () => (await loadBuild()).entry.module as unknown as AppEntry;

// Uploaded files are named by their content hash, so they are immutable too; read from DATA_DIR/uploads or the
// S3-compatible bucket all servers share (ADR 038), through the app's storage.
app.get(
  "/uploads/:file",
  uploadsRoute(async () => (await entryOf()).openUpload),
);

// Members' generated avatars: from the handle alone, before the app (no session, no database).
app.get("/avatar/:file", generatedAvatar());

// The event loop's delay since the last check (a page rendered for seconds shows here before anywhere else).
const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();

// For load balancers and the soak's probes: 503 when the database does not answer `select 1` within 2 s; the
// event loop's delay, the database's line and the app's lines say how busy the server is.
app.get("/healthz", async (_req, res) => {
  const health = await (await entryOf()).checkHealth();
  const eventLoopLagMs = Math.round(loopDelay.max / 1e6);
  loopDelay.reset();
  res.status(health.ok ? 200 : 503).json({
    status: health.ok ? "ok" : "error",
    database: health.ok ? "ok" : health.error,
    databaseMs: health.databaseMs,
    databaseQueue: health.databaseQueue,
    databaseWaitMs: Math.round(appEntry.databaseBehindMs()),
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
  const entry = await entryOf();
  const live = await entry.isSignedIn(
    // The scheme decides the cookie's name (`__Host-` under https).
    new Request(`${req.protocol}://localhost/`, { headers: { cookie } }),
  );
  (live ? recentMembers : deadCookies).set(cookie, true);
  return live;
}

// Visitors' pages from memory, refreshed after the writes that change them (ADR 015, ADR 028). Not in
// development, where the code under the pages changes.
const visitorPages = visitorPageCache({
  isMember: isLiveMember,
  replay: (effects, req) => {
    const headers = new Headers();
    const agent = req.get("user-agent");
    if (agent) headers.set("user-agent", agent);
    // Views are counted by the address trusted per TRUST_PROXY, never by headers the client wrote.
    void entryOf().then((entry) =>
      entry.replayVisitorPageEffects(
        effects,
        new Request(`http://localhost${req.originalUrl}`, { headers }),
        req.ip ?? "",
      ),
    );
  },
  // Other app servers on the same PostgreSQL follow the same writes (app/lib/site-writes.server.ts).
  announceWrite: (changes) =>
    void entryOf()
      .then((entry) => entry.announceWrite(changes))
      .catch((error: unknown) => logger.warn({ err: error }, "could not announce a write to other servers")),
  observe:
    !isDev && config.VISITOR_PAGE_CACHE === "on" ? visitorPageCacheMetrics(() => visitorPages) : undefined,
  appIsBusy: () => appRequests.stats().active > 0,
});
if (!isDev && config.VISITOR_PAGE_CACHE === "on") app.use(visitorPages.middleware);

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
const DATABASE_BEHIND_MS = 2_000;
const appEntry = await entryOf();
app.use((req, res, next) => {
  if (isNotificationStream(req) || appEntry.databaseBehindMs() <= DATABASE_BEHIND_MS) return next();
  res.status(503).set("Retry-After", "5").type("text/plain; charset=utf-8").send(BUSY_MESSAGE);
});
// Bodies are read before taking a place in line (a slow sender must not hold one), under a budget of bytes
// being read at once and a minimum rate (ADR 022).
app.use(bodyLimit());
app.use(appRequests.middleware);

app.all(
  "/{*splat}",
  appHandler({
    build: fixedBuild ?? loadBuild,
    mode: isDev ? "development" : "production",
    getLoadContext: async (req, res) =>
      (await entryOf()).createLoadContext({
        nonce: String(res.locals.cspNonce),
        clientIp: req.ip ?? "",
        visitorPage: res.locals.visitorPage as VisitorPageNote | undefined,
        route: routeNoteOf(res),
        // React Router's data requests (client navigation, revalidation) end in ".data".
        document: !req.path.endsWith(".data"),
      }),
  }),
);

await appEntry.startApp();
if (!isDev && config.VISITOR_PAGE_CACHE === "on") {
  await (await entryOf()).onWriteElsewhere((changes) => visitorPages.invalidate(changes));
}

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
// A request must arrive whole within a minute (Node's default is five), so slow senders cannot hold the app's
// places in line (server/concurrency-limit.ts) for long.
server.requestTimeout = 60_000;

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
    await (
      await entryOf()
    )
      .stopApp()
      .catch((error) => logger.error({ err: error }, "error closing the database"));
    logger.info("stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
