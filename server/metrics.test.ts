// /metrics on a real production server (ADR 040): requests counted by React Router's route pattern and status,
// latency and query-time histograms, the visitor cache's hits, event-loop lag; readable from loopback or with
// the token, an unknown path to anyone else (whatever the host). On PostgreSQL, `npm start` with two workers:
// every scrape, whichever worker takes it, shows every worker's requests.
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  productionBuild,
  request,
  startProductionServer,
  type RunningServer,
} from "#tests/support/production-server.ts";
import { runOnServer, withDatabase } from "#tests/support/postgres-databases.ts";
import { addressMatcher, routeLabel } from "./metrics.ts";

const TOKEN = "um-token-de-teste-bem-comprido";
const PUBLIC_HOST = "sdd.exemplo.com.br";

/** The value of one series (`name{labels}`) in a scrape, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("addresses let in without a token", () => {
  it("matches names, addresses and subnets, IPv4 written as IPv6 too", () => {
    const loopback = addressMatcher(["loopback"]);
    expect(loopback("127.0.0.1")).toBe(true);
    expect(loopback("::ffff:127.0.0.1")).toBe(true);
    expect(loopback("::1")).toBe(true);
    expect(loopback("10.0.0.1")).toBe(false);
    expect(loopback("")).toBe(false);
    const internal = addressMatcher(["10.1.0.0/16", "192.0.2.7"]);
    expect(internal("10.1.200.3")).toBe(true);
    expect(internal("10.2.0.1")).toBe(false);
    expect(internal("192.0.2.7")).toBe(true);
    expect(addressMatcher([])("127.0.0.1")).toBe(false);
  });

  it("labels what the app did not answer by kind, never by address", () => {
    const res = { locals: {} } as Parameters<typeof routeLabel>[1];
    expect(routeLabel({ path: "/assets/root-abc.js" }, res)).toBe("/assets/*");
    expect(routeLabel({ path: "/uploads/ab.png" }, res)).toBe("/uploads/*");
    expect(routeLabel({ path: "/favicon.ico" }, res)).toBe("static");
    expect(routeLabel({ path: "/qualquer/coisa" }, res)).toBe("unmatched");
    res.locals.route = { pattern: "/questions/:id" };
    expect(routeLabel({ path: "/questions/12" }, res)).toBe("/questions/:id");
  });
});

describe("/metrics on PGlite", () => {
  const PORT = 3352;
  let dataDir = "";
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "sdd-metrics-"));
    await productionBuild();
    server = await startProductionServer({
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      PUBLIC_URL: `http://${PUBLIC_HOST}`,
      METRICS_TOKEN: TOKEN,
    });
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const site = { host: PUBLIC_HOST };

  it("counts members' pages answered from the render kept for their standing", async () => {
    const cookie = await signUp(PORT, PUBLIC_HOST);
    // The first renders the list for the member's standing, the next come from it.
    for (let i = 0; i < 3; i++) {
      const page = await request(PORT, "/questions", { ...site, cookie });
      expect(page.status).toBe(200);
    }
    const text = (await request(PORT, "/metrics")).text;
    expect(sample(text, 'sdd_member_page_lookups_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'sdd_member_page_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "sdd_member_page_entries")).toBeGreaterThanOrEqual(1);
  });

  it("counts requests by route pattern and status, times them, and shows queries, cache and event loop", async () => {
    // The home page twice (rendered, then from the visitor cache), a question that does not exist, robots.txt.
    expect((await request(PORT, "/", site)).status).toBe(200);
    const second = await request(PORT, "/", site);
    expect(second.status).toBe(200);
    expect(second.headers["x-visitor-cache"]).toBe("hit");
    expect((await request(PORT, "/u/ninguem-987654321", site)).status).toBe(404);
    expect((await request(PORT, "/u/ninguem-987654322", site)).status).toBe(404);
    expect((await request(PORT, "/robots.txt", site)).status).toBe(200);

    const scrape = await request(PORT, "/metrics");
    expect(scrape.status).toBe(200);
    expect(scrape.headers["content-type"]).toContain("text/plain");
    const text = scrape.text;
    expect(sample(text, 'http_requests_total{method="GET",route="/",status="200"}')).toBe(2);
    // Two addresses, one series: the pattern, never the URL.
    expect(sample(text, 'http_requests_total{method="GET",route="/u/:handle",status="404"}')).toBe(2);
    expect(text).not.toContain("987654321");
    expect(sample(text, 'http_requests_total{method="GET",route="/robots.txt",status="200"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/"}')).toBe(2);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.1",method="GET",route="/u/:handle"}');
    expect(
      sample(text, 'sdd_db_query_duration_seconds_count{database="pglite",operation="select"}'),
    ).toBeGreaterThan(0);
    expect(sample(text, 'sdd_visitor_page_cache_lookups_total{result="hit"}')).toBe(1);
    expect(sample(text, 'sdd_visitor_page_cache_lookups_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "sdd_visitor_page_cache_entries")).toBeGreaterThanOrEqual(1);
    expect(sample(text, "sdd_sse_open_streams")).toBe(0);
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    // The scrapes themselves are not counted.
    expect(text).not.toContain('route="/metrics"');
    expect(text).not.toContain('route="unmatched"');
  });

  it("is an unknown page to anyone else, with or without the public host, and readable with the token", async () => {
    const outside = { "x-forwarded-for": "203.0.113.9" };
    const refused = await request(PORT, "/metrics", { ...site, ...outside });
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain("http_requests_total");
    // The same answer as any path that does not exist.
    expect((await request(PORT, "/metricas-nao-existe", { ...site, ...outside })).status).toBe(404);
    // Another host is the host guard's 400, as for every path.
    expect((await request(PORT, "/metrics", outside)).status).toBe(400);
    const wrongToken = await request(PORT, "/metrics", {
      ...site,
      ...outside,
      authorization: "Bearer errado-mas-comprido",
    });
    expect(wrongToken.status).toBe(404);

    const withToken = await request(PORT, "/metrics", { ...outside, authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.text).toContain("http_requests_total");
    // The refusals were counted like any unknown page, under the app's catch-all route.
    expect(withToken.text).toContain('http_requests_total{method="GET",route="/*",status="404"}');
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("/metrics with `npm start` on PostgreSQL (two workers)", () => {
  const PORT = 3353;
  const database = `sdd_ops_metrics_${process.pid}`;
  let dataDir = "";
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "sdd-metrics-pg-"));
    await runOnServer(adminUrl!, `drop database if exists ${database} with (force)`);
    await runOnServer(adminUrl!, `create database ${database}`);
    await productionBuild();
    server = await startProductionServer(
      {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        DATABASE_URL: withDatabase(adminUrl!, database),
        WEB_CONCURRENCY: "2",
        LOG_LEVEL: "info",
      },
      "server/cluster.ts",
    );
    // Both workers listening (each logs it), so the connections below are shared between them.
    const deadline = Date.now() + 60_000;
    while ((server.output().match(/Suporte de Domingo em/g) ?? []).length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await runOnServer(adminUrl!, `drop database if exists ${database} with (force)`);
  });

  it("answers every scrape with the whole server's numbers, whichever worker takes it", async () => {
    const pids = new Set<number>();
    for (const line of server.output().split("\n")) {
      if (line.includes("Suporte de Domingo em")) pids.add((JSON.parse(line) as { pid: number }).pid);
    }
    expect(pids.size).toBe(2);
    const REQUESTS = 20;
    for (let i = 0; i < REQUESTS; i++) expect((await request(PORT, "/robots.txt")).status).toBe(200);
    for (let i = 0; i < REQUESTS; i++) expect((await request(PORT, `/u/ninguem-${i}`)).status).toBe(404);
    // Each scrape lands on one worker or the other (one new connection each, handed out in turn): all of
    // them count all the requests, which no single worker served alone.
    for (let i = 0; i < 6; i++) {
      const scrape = await request(PORT, "/metrics");
      expect(scrape.status).toBe(200);
      expect(sample(scrape.text, 'http_requests_total{method="GET",route="/robots.txt",status="200"}')).toBe(
        REQUESTS,
      );
      expect(sample(scrape.text, 'http_requests_total{method="GET",route="/u/:handle",status="404"}')).toBe(
        REQUESTS,
      );
      expect(
        sample(scrape.text, 'sdd_db_query_duration_seconds_count{database="postgres",operation="select"}'),
      ).toBeGreaterThan(0);
    }
  }, 120_000);

  it("still stops every worker cleanly on SIGTERM", async () => {
    expect(await server.stop()).toBe(0);
  }, 60_000);
});

/** A new member signed up through the form; their session cookie. */
function signUp(port: number, host: string): Promise<string> {
  const body = new URLSearchParams({
    socialName: "Membro das Métricas",
    email: `metricas-${Date.now()}@exemplo.com.br`,
    password: "senha-das-metricas-123",
  }).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/cadastro",
        method: "POST",
        agent: false,
        headers: {
          host,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "sec-fetch-site": "same-origin",
        },
      },
      (res) => {
        res.resume();
        const cookie = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
        if (res.statusCode === 302 && cookie) resolve(cookie);
        else reject(new Error(`cadastro: HTTP ${res.statusCode}`));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
