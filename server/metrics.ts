// Prometheus metrics (ADR 040): every request counted by its route pattern and status and timed, and
// `/metrics` for those allowed to read it (a bearer token, or an address the operator named). On PostgreSQL
// `npm start` runs several workers on one port: the worker a scrape reaches asks the primary
// (server/cluster.ts), which gathers every worker's series through prom-client's AggregatorRegistry, so any
// scrape returns the whole server's numbers.
import cluster from "node:cluster";
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import path from "node:path";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import client from "prom-client";
import { metrics, metricsRegistry } from "#app/lib/metrics.server.ts";
import { routeNoteOf, type VisitorPageCacheObserver } from "./visitor-page-cache.ts";

const METRICS_PATH = "/metrics";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The route a request is counted under: React Router's pattern when the app (or the visitor cache, for a page
 * it rendered) answered it; otherwise one fixed name per kind of file. Never the address: one series per
 * question would grow without end.
 */
export function routeLabel(req: Pick<Request, "path">, res: Response): string {
  const pattern = routeNoteOf(res).pattern;
  if (pattern) return pattern;
  const at = req.path;
  if (at.startsWith("/assets/")) return "/assets/*";
  if (at.startsWith("/uploads/")) return "/uploads/*";
  if (at.startsWith("/avatar/")) return "/avatar/:file";
  if (at === "/healthz") return "/healthz";
  if (path.extname(at)) return "static";
  // Answered before the app: a foreign host, a body too large, a cross-site write, a queue too long.
  return "unmatched";
}

/** Counts and times every request but the scrapes themselves (they would only measure the scraper). */
export function httpMetrics(): RequestHandler {
  const { httpRequests, httpDuration } = metrics();
  return (req, res, next) => {
    if (req.path === METRICS_PATH) return next();
    const started = process.hrtime.bigint();
    res.once("close", () => {
      const method = METHODS.has(req.method) ? req.method : "other";
      const route = routeLabel(req, res);
      // A response that never finished (the client went away) is counted apart from the status it had set.
      const status = res.writableFinished ? String(res.statusCode) : "aborted";
      httpRequests.inc({ method, route, status });
      // An event stream lasts as long as the member's tab: its length says nothing about speed.
      if (!String(res.getHeader("content-type") ?? "").startsWith("text/event-stream")) {
        httpDuration.observe({ method, route }, Number(process.hrtime.bigint() - started) / 1e9);
      }
    });
    next();
  };
}

/** The visitor page cache's counters (server/visitor-page-cache.ts reports, prom-client counts). */
export function visitorPageCacheMetrics(cache: () => { size: () => number; bytes: () => number }) {
  const { pageCacheLookups, pageCacheDrops, pageCacheWrites } = metrics();
  // Read when scraped, not kept up to date on every request.
  registerOnce("sdd_visitor_page_cache_entries", "Pages kept in the visitor cache now", () => cache().size());
  registerOnce("sdd_visitor_page_cache_bytes", "Bytes of the pages kept in the visitor cache now", () =>
    cache().bytes(),
  );
  const observer: VisitorPageCacheObserver = {
    lookup: (result) => pageCacheLookups.inc({ result }),
    drop: (reason) => pageCacheDrops.inc({ reason }),
    invalidated: (changes, origin) =>
      pageCacheWrites.inc({ origin, scope: changes === "everything" ? "everything" : "topics" }),
  };
  return observer;
}

/** Counters and gauges for members' pages kept per standing (server/member-page-templates.ts, ADR 074). */
export function memberPageMetrics(cache: () => { size: () => number; bytes: () => number }) {
  const { memberPageLookups } = metrics();
  registerOnce("sdd_member_page_entries", "Members' pages kept per standing now", () => cache().size());
  registerOnce("sdd_member_page_bytes", "Bytes of the members' pages kept per standing now", () =>
    cache().bytes(),
  );
  return { lookup: (result: "hit" | "miss" | "declined") => memberPageLookups.inc({ result }) };
}

function registerOnce(name: string, help: string, read: () => number) {
  if (metricsRegistry.getSingleMetric(name)) return;
  new client.Gauge({
    name,
    help,
    collect() {
      this.set(read());
    },
  });
}

/** Node's own numbers (event-loop lag, heap, CPU, handles), prom-client's defaults. Once per process. */
export function collectProcessMetrics() {
  if (metricsRegistry.getSingleMetric("nodejs_eventloop_lag_seconds")) return;
  client.collectDefaultMetrics({ register: metricsRegistry });
}

// ------------------------------------------------------------------------------------------------- access

export type MetricsAccess = {
  /** `METRICS_TOKEN`: `Authorization: Bearer <token>` is let in from anywhere. */
  token?: string;
  /** `METRICS_ALLOW`: client addresses let in without a token (after TRUST_PROXY); empty: none. */
  allow: string[];
};

const NAMED_RANGES: Record<string, Array<[string, number, "ipv4" | "ipv6"]>> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  linklocal: [
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ],
  uniquelocal: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

/** A matcher for addresses, subnets and the names loopback, linklocal and uniquelocal (as TRUST_PROXY). */
export function addressMatcher(allow: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of allow) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [network, bits, type] of named) list.addSubnet(network, bits, type);
      continue;
    }
    const [network = "", bits] = entry.split("/");
    const type = isIP(network) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(network, type);
    else list.addSubnet(network, Number(bits), type);
  }
  return (address) => {
    // IPv4 written as IPv6 (::ffff:127.0.0.1) on a dual-stack socket is the IPv4 address.
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
    const version = isIP(plain);
    if (!version) return false;
    return list.check(plain, version === 6 ? "ipv6" : "ipv4");
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether a request may read the metrics: the right bearer token, or an allowed client address. */
function metricsAllowed(access: MetricsAccess): (req: Request) => boolean {
  const allowed = addressMatcher(access.allow);
  const expected = access.token ? digest(access.token) : undefined;
  return (req) => {
    const header = req.get("authorization") ?? "";
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    if (expected && bearer && timingSafeEqual(digest(bearer), expected)) return true;
    return allowed(req.ip ?? "");
  };
}

/**
 * `GET /metrics`. Mounted before the host guard (a scraper names the server by its address) and the visitor
 * cache. A request not allowed goes on as any other address would: the app's own 404 page, so the public
 * cannot tell that the path exists.
 */
export function metricsEndpoint(access: MetricsAccess): RequestHandler {
  const allowed = metricsAllowed(access);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== METRICS_PATH || (req.method !== "GET" && req.method !== "HEAD")) return next();
    if (!allowed(req)) return next();
    readMetrics().then(
      (text) => {
        res
          .status(200)
          .set("Content-Type", metricsRegistry.contentType)
          .set("Cache-Control", "no-store")
          .send(text);
      },
      (error: unknown) => {
        res
          .status(503)
          .type("text/plain; charset=utf-8")
          .send(`metrics unavailable: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  };
}

// ------------------------------------------------------------------------------------------------ cluster

/** The messages between a worker and the primary (server/cluster.ts answers them). */
const CLUSTER_METRICS_REQUEST = "sdd:metrics-request";
const CLUSTER_METRICS_REPLY = "sdd:metrics-reply";
type ClusterMetricsRequest = { type: typeof CLUSTER_METRICS_REQUEST; id: string };
export type ClusterMetricsReply = {
  type: typeof CLUSTER_METRICS_REPLY;
  id: string;
  text?: string;
  error?: string;
};

const ASK_TIMEOUT_MS = 8_000;

/** This process's metrics, or, in a cluster worker, every worker's added up by the primary. */
async function readMetrics(): Promise<string> {
  if (!cluster.isWorker || !process.send) return metricsRegistry.metrics();
  const id = randomUUID();
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the primary did not answer"));
    }, ASK_TIMEOUT_MS);
    function onMessage(message: unknown) {
      const reply = message as Partial<ClusterMetricsReply> | null;
      if (reply?.type !== CLUSTER_METRICS_REPLY || reply.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (reply.error !== undefined) reject(new Error(reply.error));
      else resolve(reply.text ?? "");
    }
    process.on("message", onMessage);
    process.send!({ type: CLUSTER_METRICS_REQUEST, id } satisfies ClusterMetricsRequest);
  });
}

/**
 * In a worker: answer the primary's requests for this worker's series (prom-client listens once an
 * AggregatorRegistry exists in the process). Called first thing, so a worker still starting answers too.
 */
export function answerClusterScrapes() {
  if (cluster.isWorker) new client.AggregatorRegistry();
}

/**
 * In the primary: a worker that got a scrape asks here; every live worker's series are gathered and added up
 * (counters and histograms summed, gauges as prom-client's aggregators say) and sent back to that worker.
 */
export function serveClusterScrapes() {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker, message: unknown) => {
    const request = message as Partial<ClusterMetricsRequest> | null;
    if (request?.type !== CLUSTER_METRICS_REQUEST || typeof request.id !== "string") return;
    const id = request.id;
    const reply = (answer: Omit<ClusterMetricsReply, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: CLUSTER_METRICS_REPLY, id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
