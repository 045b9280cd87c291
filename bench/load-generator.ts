// A small keep-alive HTTP/1.1 load generator on plain sockets (bench/http-connection.ts), no dependency. Two
// modes:
// - closed loop (default): `connections` workers each send a request, wait for the whole response, send the
//   next one, for `durationMs`; gives the throughput ceiling and its latencies;
// - open loop (`rate`): requests leave at a fixed rate whatever the server does, and each latency is counted
//   from the moment the request was due, so a stalled server shows in p99 (no coordinated omission).
// Used by scripts/bench.ts and the resilience suite; as a CLI (`node bench/load-generator.ts '<json>'`) it
// prints its result as JSON, so the bench can pin it to its own core with taskset.
import { performance } from "node:perf_hooks";
import { HttpConnection, requestBytes, type Reply } from "./http-connection.ts";

export type LoadTarget = {
  name: string;
  method?: "GET" | "POST";
  /** `{{n}}` is replaced by a counter, `{{rand:A:B}}` by a random integer in A…B. */
  path: string;
  headers?: Record<string, string>;
  /** URL-encoded form body, with the same placeholders. */
  body?: string;
  weight?: number;
  /**
   * A request sent on the same worker once this one answered (below 400), as a browser revalidates its page after
   * an action: the latency counted is both together, the status the first that failed. A `path` of `{{path}}` is
   * the first request's own address.
   */
  then?: Omit<LoadTarget, "name" | "weight" | "then">;
};

export type LoadOptions = {
  origin: string;
  targets: LoadTarget[];
  connections: number;
  durationMs: number;
  /** Requests a second (open loop); closed loop when absent. */
  rate?: number;
  /** Requests sent before measuring, to warm caches and the JIT. */
  warmupMs?: number;
  timeoutMs?: number;
  /** Keep the body of responses whose status matches, for the caller's checks (resilience). */
  keepBodies?: boolean;
};

export type LatencySummary = {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
};

export type LoadResult = {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  latency: LatencySummary;
  statuses: Record<string, number>;
  errors: number;
  bytes: number;
  perTarget: Record<string, { requests: number; statuses: Record<string, number>; latency: LatencySummary }>;
  /** Acknowledged writes (2xx/3xx answers to POSTs) with what was sent, when keepBodies is set. */
  acknowledged?: Array<{ target: string; path: string; body: string; status: number; location?: string }>;
};

export function summarise(latencies: number[]): LatencySummary {
  if (!latencies.length) return { count: 0, p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (v: number) => Math.round(v * 100) / 100;
  const sum = latencies.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p90: round(at(0.9)),
    p99: round(at(0.99)),
    max: round(sorted[sorted.length - 1] ?? 0),
    mean: round(sum / sorted.length),
  };
}

let counter = 0;
function fill(template: string): string {
  return template.replace(/\{\{(n|rand:(\d+):(\d+))\}\}/g, (_m, _all, a?: string, b?: string) => {
    if (a === undefined || b === undefined) return String(++counter);
    const lo = Number(a);
    const hi = Number(b);
    return String(lo + Math.floor(Math.random() * (hi - lo + 1)));
  });
}

function chooser(targets: LoadTarget[]) {
  const weights = targets.map((t) => t.weight ?? 1);
  const total = weights.reduce((a, b) => a + b, 0);
  return () => {
    let r = Math.random() * total;
    for (let i = 0; i < targets.length; i++) {
      r -= weights[i] ?? 0;
      if (r <= 0) return targets[i]!;
    }
    return targets[targets.length - 1]!;
  };
}

/** A reply, with the address and body the request was sent with (its placeholders filled). */
type Sent = Reply & { path: string; body: string };

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.origin);
  const connections = connectionPool(url, options.connections);
  const choose = chooser(options.targets);
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function send(target: LoadTarget): Promise<Sent> {
    const path = fill(target.path);
    const body = target.body ? fill(target.body) : "";
    const method = target.method ?? "GET";
    const headers: Record<string, string> = { ...target.headers };
    if (body) headers["content-type"] = "application/x-www-form-urlencoded";
    const request = requestBytes(url.host, method, path, headers, body);
    const connection = await connections.take();
    try {
      return { ...(await connection.send(request, { timeoutMs })), path, body };
    } finally {
      connections.give(connection);
    }
  }

  async function sendWithFollowUp(target: LoadTarget): Promise<Sent> {
    const first = await send(target);
    if (!target.then || first.status === 0 || first.status >= 400) return first;
    // `{{path}}`: the address the first request went to, placeholders filled (an action's own page).
    const path = target.then.path === "{{path}}" ? first.path : target.then.path;
    const second = await send({ ...target.then, path, name: target.name });
    return second.status === 0 || second.status >= 400
      ? { ...first, status: second.status }
      : { ...first, bytes: first.bytes + second.bytes };
  }

  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const perTarget: Record<string, { latencies: number[]; statuses: Record<string, number> }> = {};
  const acknowledged: NonNullable<LoadResult["acknowledged"]> = [];
  let errors = 0;
  let bytes = 0;
  let measuring = false;

  function record(target: LoadTarget, result: Sent, ms: number) {
    if (!measuring) return;
    latencies.push(ms);
    const key = String(result.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
    const mine = (perTarget[target.name] ??= { latencies: [], statuses: {} });
    mine.latencies.push(ms);
    mine.statuses[key] = (mine.statuses[key] ?? 0) + 1;
    if (result.status === 0) errors++;
    bytes += result.bytes;
    // A redirect to the sign-in page is a refusal, not an acknowledgement.
    const toSignIn = result.location?.startsWith("/entrar") ?? false;
    if (
      options.keepBodies &&
      target.method === "POST" &&
      result.status >= 200 &&
      result.status < 400 &&
      !toSignIn
    ) {
      acknowledged.push({
        target: target.name,
        path: result.path,
        body: result.body,
        status: result.status,
        location: result.location,
      });
    }
  }

  async function closedLoop(until: number) {
    const worker = async () => {
      while (performance.now() < until) {
        const target = choose();
        const started = performance.now();
        const result = await sendWithFollowUp(target);
        record(target, result, performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: options.connections }, worker));
  }

  async function openLoop(until: number, rate: number) {
    const interval = 1000 / rate;
    const inflight = new Set<Promise<void>>();
    let due = performance.now();
    while (due < until) {
      const now = performance.now();
      while (due <= now && due < until) {
        const target = choose();
        const scheduled = due;
        const p = sendWithFollowUp(target).then((result) =>
          record(target, result, performance.now() - scheduled),
        );
        inflight.add(p);
        void p.finally(() => inflight.delete(p));
        due += interval;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(5, due - performance.now()))));
    }
    // Requests still unanswered long after the run are counted as failures, not waited for forever.
    const grace = new Promise<void>((r) => setTimeout(r, options.timeoutMs ?? 10_000).unref());
    await Promise.race([Promise.all(inflight), grace]);
    if (inflight.size) {
      statuses["0"] = (statuses["0"] ?? 0) + inflight.size;
      errors += inflight.size;
      measuring = false;
    }
  }

  const warmup = options.warmupMs ?? 0;
  if (warmup > 0) await closedLoop(performance.now() + warmup);
  measuring = true;
  const started = performance.now();
  if (options.rate) await openLoop(started + options.durationMs, options.rate);
  else await closedLoop(started + options.durationMs);
  const seconds = (performance.now() - started) / 1000;
  connections.close();

  return {
    requests: latencies.length,
    seconds: Math.round(seconds * 100) / 100,
    requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
    latency: summarise(latencies),
    statuses,
    errors,
    bytes,
    perTarget: Object.fromEntries(
      Object.entries(perTarget).map(([name, t]) => [
        name,
        { requests: t.latencies.length, statuses: t.statuses, latency: summarise(t.latencies) },
      ]),
    ),
    ...(options.keepBodies ? { acknowledged } : {}),
  };
}

/**
 * At most `size` connections, reused as requests end; a request that finds them all busy waits for one (as
 * node:http's agent did with `maxSockets`), its latency still counted from when it was due.
 */
function connectionPool(url: URL, size: number) {
  const idle: HttpConnection[] = [];
  const all: HttpConnection[] = [];
  const waiting: Array<(connection: HttpConnection) => void> = [];
  let closed = false;
  return {
    async take(): Promise<HttpConnection> {
      const free = idle.pop();
      if (free) return free;
      if (all.length < size) {
        const connection = new HttpConnection(url.hostname, Number(url.port || 80));
        // Once the run is over, a request still waiting gets a closed connection: it fails at once, sends nothing.
        if (closed) connection.close();
        all.push(connection);
        return connection;
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    give(connection: HttpConnection) {
      const next = waiting.shift();
      if (next) next(connection);
      else idle.push(connection);
    },
    /** Ends the run: requests under way fail now, and those still waiting for a connection fail as they get one. */
    close() {
      closed = true;
      for (const connection of all) connection.close();
    },
  };
}

// CLI: the options as JSON in argv[2] (or a file path prefixed with @); the result as JSON on stdout.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { readFileSync } = await import("node:fs");
  const arg = process.argv[2] ?? "{}";
  const options = JSON.parse(arg.startsWith("@") ? readFileSync(arg.slice(1), "utf8") : arg) as LoadOptions;
  const result = await runLoad(options);
  process.stdout.write(JSON.stringify(result));
}
