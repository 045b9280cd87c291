// The load generator reads every kind of reply the site gives, on its own sockets (ADR 072): a reply it misreads
// would count a failure as a page served, or hang a connection and quietly lower every figure of the bench.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runLoad, type LoadOptions } from "./load-generator.ts";

let server: http.Server;
let origin = "";
const socketsOpened = { count: 0 };
let stalledRequests = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname === "/length") {
      res.setHeader("content-length", 54_369);
      res.end("x".repeat(54_369));
    } else if (url.pathname === "/streamed") {
      // Chunked, its parts written apart so that they reach the client in separate reads.
      res.write("a".repeat(1_000));
      setTimeout(() => {
        res.write("b".repeat(100_000));
        res.end("c".repeat(7));
      }, 2);
    } else if (url.pathname === "/action" && req.method === "POST") {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        res.writeHead(303, { location: `/length?got=${encodeURIComponent(body)}` });
        res.end();
      });
    } else if (url.pathname === "/closing") {
      res.setHeader("connection", "close");
      res.end("bye");
    } else if (url.pathname === "/until-close") {
      // No length and no chunks: the body ends when the connection does (HTTP/1.0 style).
      res.socket?.write("HTTP/1.1 200 OK\r\nconnection: close\r\n\r\nthe whole body");
      res.socket?.end();
    } else if (url.pathname === "/garbled") {
      res.socket?.end("HTTP/1.1 abc\r\ncontent-length: 0\r\n\r\n");
    } else if (url.pathname === "/bad-length") {
      res.socket?.end("HTTP/1.1 200 OK\r\ncontent-length: 10, 10\r\n\r\n0123456789");
    } else if (url.pathname === "/interim") {
      res.socket?.end(
        "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 2\r\n\r\nok",
      );
    } else if (url.pathname === "/stalled") {
      // Never answered either, and counted: nothing may reach it once the run is over.
      stalledRequests++;
    } else if (url.pathname === "/never") {
      // Never answered: the request times out.
    } else {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("não há");
    }
  });
  server.on("connection", () => socketsOpened.count++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const load = (options: Omit<LoadOptions, "origin" | "durationMs"> & { durationMs?: number }) =>
  runLoad({ origin, durationMs: 300, timeoutMs: 2_000, ...options });

describe("the load generator", () => {
  test("reads bodies by their length and by their chunks, whole, on kept-alive connections", async () => {
    socketsOpened.count = 0;
    const sized = await load({ connections: 4, targets: [{ name: "sized", path: "/length" }] });
    expect(sized.requests).toBeGreaterThan(20);
    expect(sized.statuses).toEqual({ "200": sized.requests });
    expect(sized.bytes).toBe(sized.requests * 54_369);
    // One socket per connection, whatever the number of requests.
    expect(socketsOpened.count).toBe(4);

    const streamed = await load({ connections: 2, targets: [{ name: "streamed", path: "/streamed" }] });
    expect(streamed.requests).toBeGreaterThan(5);
    expect(streamed.statuses).toEqual({ "200": streamed.requests });
    expect(streamed.bytes).toBe(streamed.requests * 101_007);
  });

  test("posts a form, keeps what was acknowledged, and counts the follow-up with its action", async () => {
    const result = await load({
      connections: 2,
      keepBodies: true,
      targets: [
        {
          name: "favourite",
          method: "POST",
          path: "/action",
          body: "intent=favorite&n={{n}}",
          then: { path: "/length" },
        },
      ],
    });
    expect(result.requests).toBeGreaterThan(5);
    // Each latency is the action and the page after it: the status is the action's, the bytes both.
    expect(result.statuses).toEqual({ "303": result.requests });
    expect(result.bytes).toBe(result.requests * 54_369);
    const [first] = result.acknowledged ?? [];
    expect(first?.location).toBe(`/length?got=${encodeURIComponent(first?.body ?? "")}`);
    expect(first?.body).toMatch(/^intent=favorite&n=\d+$/);
  });

  test("opens a new socket after the server closes one, and reads a body that ends with its connection", async () => {
    const closing = await load({ connections: 2, targets: [{ name: "closing", path: "/closing" }] });
    expect(closing.requests).toBeGreaterThan(5);
    expect(closing.statuses).toEqual({ "200": closing.requests });
    expect(closing.bytes).toBe(closing.requests * 3);

    const untilClose = await load({ connections: 1, targets: [{ name: "raw", path: "/until-close" }] });
    expect(untilClose.requests).toBeGreaterThan(2);
    expect(untilClose.statuses).toEqual({ "200": untilClose.requests });
    expect(untilClose.bytes).toBe(untilClose.requests * "the whole body".length);
  });

  test("counts a reply it cannot read as a failure, and reads the real reply after an interim one", async () => {
    for (const path of ["/garbled", "/bad-length"]) {
      const unreadable = await load({ connections: 1, targets: [{ name: "unreadable", path }] });
      expect(unreadable.requests, path).toBeGreaterThan(2);
      expect(unreadable.statuses, path).toEqual({ "0": unreadable.requests });
      expect(unreadable.errors, path).toBe(unreadable.requests);
    }
    const interim = await load({ connections: 1, targets: [{ name: "interim", path: "/interim" }] });
    expect(interim.requests).toBeGreaterThan(2);
    expect(interim.statuses).toEqual({ "200": interim.requests });
    expect(interim.bytes).toBe(interim.requests * 2);
  });

  test("counts refusals by status, and a request left unanswered as a failure", async () => {
    const missing = await load({ connections: 1, targets: [{ name: "missing", path: "/nowhere" }] });
    expect(missing.statuses).toEqual({ "404": missing.requests });

    const never = await load({
      connections: 1,
      timeoutMs: 200,
      durationMs: 100,
      targets: [{ name: "never", path: "/never" }],
    });
    expect(never.statuses).toEqual({ "0": 1 });
    expect(never.errors).toBe(1);
  });

  test("an open loop against a stalled server stops sending when it ends", async () => {
    const result = await load({
      connections: 1,
      rate: 50,
      durationMs: 200,
      timeoutMs: 300,
      targets: [{ name: "stalled", path: "/stalled" }],
    });
    // Requests took the only connection in turn as each timed out; none was answered.
    expect(result.statuses).toEqual({ "0": 10 });
    const sentDuringTheRun = stalledRequests;
    expect(sentDuringTheRun).toBeGreaterThanOrEqual(1);
    expect(sentDuringTheRun).toBeLessThan(10);
    // Those still waiting for the connection when the run ended fail without being sent.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(stalledRequests).toBe(sentDuringTheRun);
  });

  test("in an open loop, sends at the rate asked whatever the connections, latency from when each was due", async () => {
    const result = await load({
      connections: 2,
      rate: 200,
      durationMs: 500,
      targets: [{ name: "streamed", path: "/streamed" }],
    });
    expect(result.requests).toBe(100);
    expect(result.statuses).toEqual({ "200": 100 });
    expect(result.bytes).toBe(100 * 101_007);
  });
});
