// The site's Prometheus metrics (ADR 040), on prom-client's global registry. One set per process, kept on
// globalThis: in development Vite evaluates this file again after an edit, and prom-client refuses a metric
// registered twice. Label values are few and fixed: route patterns (never addresses), kinds of SQL statement.
import client from "prom-client";

/** Latency buckets of a request, in seconds: a cached page takes a millisecond, a search a second. */
const REQUEST_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Query buckets, in seconds: an indexed read is under a millisecond, a search's text query tens of them. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

function create() {
  return {
    httpRequests: new client.Counter({
      name: "http_requests_total",
      help: "Requests answered, by method, route pattern (React Router's, or a fixed name outside the app) and status",
      labelNames: ["method", "route", "status"] as const,
    }),
    httpDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its response (event streams are left out)",
      labelNames: ["method", "route"] as const,
      buckets: REQUEST_BUCKETS,
    }),
    dbQueryDuration: new client.Histogram({
      name: "sdd_db_query_duration_seconds",
      help: "Time from sending a statement to the database to its result (waiting for the database included), by kind",
      labelNames: ["database", "operation"] as const,
      buckets: QUERY_BUCKETS,
    }),
    dbQueryErrors: new client.Counter({
      name: "sdd_db_query_errors_total",
      help: "Statements the database answered with an error, by kind",
      labelNames: ["database", "operation"] as const,
    }),
    pageCacheLookups: new client.Counter({
      name: "sdd_visitor_page_cache_lookups_total",
      help: "Visitors' page requests the cache saw: hit, stale (old copy while one request renders it again), refresh (this request renders a due page), miss",
      labelNames: ["result"] as const,
    }),
    memberPageLookups: new client.Counter({
      name: "sdd_member_page_lookups_total",
      help: "Members' requests for a page kept per standing (ADR 074): hit, miss (rendered for its standing), declined (the whole pipeline answers)",
      labelNames: ["result"] as const,
    }),
    pageCacheDrops: new client.Counter({
      name: "sdd_visitor_page_cache_drops_total",
      help: "Pages taken out of the cache: evicted (size limits) or gone (its refresh was not a page any more)",
      labelNames: ["reason"] as const,
    }),
    pageCacheWrites: new client.Counter({
      name: "sdd_visitor_page_cache_invalidations_total",
      help: "Writes applied to the cache: from this server or another, naming topics or everything",
      labelNames: ["origin", "scope"] as const,
    }),
    sseStreams: new client.Gauge({
      name: "sdd_sse_open_streams",
      help: "Server-sent event streams open now (members' live notifications)",
    }),
  };
}

export type Metrics = ReturnType<typeof create>;

const holder = globalThis as { __sddMetrics?: Metrics };

/** The process's metrics, registered on first use. */
export function metrics(): Metrics {
  holder.__sddMetrics ??= create();
  return holder.__sddMetrics;
}

/** The registry /metrics reads (prom-client's global one: default metrics live there too). */
export const metricsRegistry = client.register;

/** The kind of an SQL statement, from its first word: a handful of values, never the statement. */
export function sqlOperation(text: string): string {
  const word = /^\s*(?:\/\*[\s\S]*?\*\/\s*)*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? "";
  return SQL_OPERATIONS.has(word) ? word : "other";
}

const SQL_OPERATIONS = new Set([
  "select",
  "insert",
  "update",
  "delete",
  "with",
  "begin",
  "commit",
  "rollback",
  "savepoint",
  "release",
  "set",
  "listen",
  "unlisten",
  "notify",
]);

/** Times one statement: `done(ok)` records it under its kind. */
export function timeQuery(database: "pglite" | "postgres", operation: string) {
  const started = process.hrtime.bigint();
  return (ok: boolean) => {
    const labels = { database, operation };
    metrics().dbQueryDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    if (!ok) metrics().dbQueryErrors.inc(labels);
  };
}
