import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { BUSY_MESSAGE, concurrencyLimit, isNotificationStream, laneOf } from "./concurrency-limit.ts";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(max: number, maxWaitMs?: number) {
  const limit = concurrencyLimit(max, {
    bypass: (req) => req.path === "/stream",
    lane: (req) => laneOf(req, req.headers.cookie === "sdd_session=x"),
    maxWaitMs,
  });
  const order: string[] = [];
  let inside = 0;
  let most = 0;
  const app = express();
  app.use(limit.middleware);
  app.get("/slow/:name", async (req, res) => {
    inside++;
    most = Math.max(most, inside);
    order.push(req.params.name);
    await new Promise((resolve) => setTimeout(resolve, Number(req.query.ms ?? 40)));
    inside--;
    res.send(req.params.name);
  });
  app.post("/slow/:name", async (req, res) => {
    order.push(req.params.name);
    await new Promise((resolve) => setTimeout(resolve, 40));
    res.send(req.params.name);
  });
  app.get("/stream", (_req, res) => res.send("stream"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, order, most: () => most, limit };
}

describe("concurrencyLimit", () => {
  it("lets at most `max` requests in at once and the rest in arrival order", async () => {
    const { origin, order, most, limit } = await serve(2);
    const names = ["a", "b", "c", "d", "e"];
    const responses: Promise<string>[] = [];
    for (const name of names) {
      responses.push(fetch(`${origin}/slow/${name}`).then((r) => r.text()));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await Promise.all(responses)).toEqual(names);
    expect(most()).toBe(2);
    expect(order).toEqual(names);
    expect(limit.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it("takes writes, members' pages and visitors' pages in turn, so a write never waits behind every visitor", async () => {
    const { origin, order, limit } = await serve(1);
    const sent: Promise<Response>[] = [];
    // Each request is sent once the one before is in line, so the arrival order is the one written here.
    const send = async (name: string, init: RequestInit = {}) => {
      const before = limit.stats();
      sent.push(fetch(`${origin}/slow/${name}`, init));
      while (limit.stats().waiting === before.waiting && limit.stats().active === before.active) {
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    };
    await send("v0?ms=300");
    for (const name of ["v1", "v2", "v3", "v4"]) await send(name);
    await send("m1", { headers: { cookie: "sdd_session=x" } });
    await send("w1", { method: "POST" });
    await send("m2", { headers: { cookie: "sdd_session=x" } });
    expect(limit.waitingIn("visitor")).toBe(4);
    expect(limit.waitingIn("write")).toBe(1);
    expect(limit.waitingIn("member")).toBe(2);
    await Promise.all(sent);
    // Alone, the visitors' line kept its order; each freed place went to the next line in turn.
    expect(order).toEqual(["v0", "w1", "m1", "v1", "m2", "v2", "v3", "v4"]);
  });

  it("forgets a request whose client left while it waited, and never holds back the bypass", async () => {
    const { origin, limit } = await serve(1);
    const first = fetch(`${origin}/slow/a`).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 5));
    const controller = new AbortController();
    const abandoned = fetch(`${origin}/slow/b`, { signal: controller.signal }).catch(() => "abandoned");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await (await fetch(`${origin}/stream`)).text()).toBe("stream");
    controller.abort();
    expect(await abandoned).toBe("abandoned");
    expect(await first).toBe("a");
    expect(await (await fetch(`${origin}/slow/c`)).text()).toBe("c");
    expect(limit.stats()).toEqual({ active: 0, waiting: 0 });
  });

  it("answers 503 in Portuguese to a request that waited longer than allowed", async () => {
    const { origin, limit } = await serve(1, 10);
    const first = fetch(`${origin}/slow/a`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const late = await fetch(`${origin}/slow/b`);
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBe("5");
    expect(await late.text()).toBe(BUSY_MESSAGE);
    expect(await (await first).text()).toBe("a");
    expect(limit.stats()).toEqual({ active: 0, waiting: 0 });
  });
});

describe("isNotificationStream", () => {
  it("lets only GET /notifications/stream skip the line, however it is spelled", () => {
    expect(isNotificationStream({ method: "GET", path: "/notifications/stream" })).toBe(true);
    expect(isNotificationStream({ method: "GET", path: "/Notifications/Stream/" })).toBe(true);
    expect(isNotificationStream({ method: "POST", path: "/notifications/stream" })).toBe(false);
    // Any page asked for with `Accept: text/event-stream` used to skip it too.
    expect(isNotificationStream({ method: "GET", path: "/questions" })).toBe(false);
  });
});
