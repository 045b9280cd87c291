import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { requestUrlOf, visitorPageCache, type VisitorPageNote } from "./visitor-page-cache.ts";

let closeServer: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeServer?.();
  closeServer = undefined;
});

/** A tiny app behind the cache: GET /page/:n renders "page n #render" with the nonce; POST /write writes. */
async function serve(options: Parameters<typeof visitorPageCache>[0] = {}) {
  let renders = 0;
  let nonces = 0;
  const replayed: unknown[] = [];
  const cache = visitorPageCache({ ...options, replay: (effects) => replayed.push(...effects) });
  const app = express();
  app.set("trust proxy", "loopback");
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonces}`;
    next();
  });
  app.use(cache.middleware);
  app.get("/page/:n", (req, res) => {
    renders++;
    const note = res.locals.visitorPage as VisitorPageNote | undefined;
    if (note && req.query.keep !== "no") {
      note.cacheable = true;
      note.url = requestUrlOf(req);
      note.effects.push({ kind: "question-view", questionId: Number(req.params.n) });
    }
    if (req.query.cookie) res.setHeader("Set-Cookie", "x=1");
    res
      .type("html")
      .send(
        `<script nonce="${res.locals.cspNonce}"></script>page ${req.params.n} #${renders} ${req.hostname}`,
      );
  });
  // The app marks a write that may change visitors' pages (a member's, app/root-middleware.server.ts).
  app.all("/write", (req, res) => {
    if (req.query.member) (res.locals.visitorPage as VisitorPageNote).wrote = true;
    res.status(req.query.fail ? 400 : 303).end();
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closeServer = () => new Promise((resolve) => server.close(() => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${origin}${path}`, { headers });
    return { hit: res.headers.get("x-visitor-cache") === "hit", body: await res.text() };
  };
  const post = (path: string, method = "POST") => fetch(`${origin}${path}`, { method, redirect: "manual" });
  return { get, post, cache, replayed };
}

describe("visitorPageCache", () => {
  it("serves a kept page to the next visitor with that response's nonce and redoes its effects", async () => {
    const { get, replayed } = await serve();
    const first = await get("/page/1");
    expect(first).toEqual({ hit: false, body: '<script nonce="nonce1"></script>page 1 #1 127.0.0.1' });
    const second = await get("/page/1");
    expect(second).toEqual({ hit: true, body: '<script nonce="nonce2"></script>page 1 #1 127.0.0.1' });
    expect(replayed).toEqual([{ kind: "question-view", questionId: 1 }]);
  });

  it("never serves or keeps a page for someone with a session", async () => {
    const { get } = await serve();
    await get("/page/1");
    expect((await get("/page/1", { cookie: "a=1; sdd_session=abc" })).hit).toBe(false);
    expect((await get("/page/2", { cookie: "__Host-sdd_session=abc" })).hit).toBe(false);
    expect((await get("/page/2")).hit).toBe(false);
  });

  it("keeps only what the app marks, without cookies", async () => {
    const { get } = await serve();
    await get("/page/1?keep=no");
    expect((await get("/page/1?keep=no")).hit).toBe(false);
    await get("/page/1?cookie=1");
    expect((await get("/page/1?cookie=1")).hit).toBe(false);
  });

  it("empties after every write the app marks, refused or not", async () => {
    const { get, post } = await serve();
    await get("/page/1");
    expect((await get("/page/1")).hit).toBe(true);
    await post("/write?fail=1&member=1");
    expect(await get("/page/1")).toMatchObject({ hit: false, body: expect.stringContaining("#2") });
    await post("/write?member=1");
    expect(await get("/page/1")).toMatchObject({ hit: false, body: expect.stringContaining("#3") });
  });

  it("keeps its pages through anonymous posts and OPTIONS that change nothing visitors see", async () => {
    const { get, post } = await serve();
    await get("/page/1");
    await post("/write?fail=1");
    await post("/write");
    await post("/write", "OPTIONS");
    expect(await get("/page/1")).toMatchObject({ hit: true, body: expect.stringContaining("#1") });
  });

  it("serves visitors whose session cookie leads to no session, and never members", async () => {
    const { get } = await serve({ isMember: async (req) => (req.get("cookie") ?? "").includes("live") });
    await get("/page/1");
    expect(await get("/page/1", { cookie: "sdd_session=bogus" })).toMatchObject({ hit: true });
    expect((await get("/page/1", { cookie: "sdd_session=live" })).hit).toBe(false);
  });

  it("keeps a page under the host it was rendered for, so a forwarded host cannot poison it", async () => {
    const { get } = await serve();
    const evil = await get("/page/1", { "x-forwarded-host": "evil.example:6666" });
    expect(evil.body).toContain("evil.example");
    const normal = await get("/page/1");
    expect(normal.hit).toBe(false);
    expect(normal.body).toContain("127.0.0.1");
    expect((await get("/page/1")).body).toContain("127.0.0.1");
  });

  it("expires entries and drops the least recently used beyond its size", async () => {
    let now = 0;
    const { get, cache } = await serve({ ttlMs: 1000, maxEntries: 2, now: () => now });
    await get("/page/1");
    await get("/page/2");
    expect((await get("/page/1")).hit).toBe(true); // page 2 is now the least recently used
    await get("/page/3");
    expect(cache.size()).toBe(2);
    expect((await get("/page/2")).hit).toBe(false);
    now = 5000;
    expect((await get("/page/1")).hit).toBe(false);
  });

  it("announces every write when it ends, so the other servers' caches empty too", async () => {
    // Two servers wired as server/server.ts wires them through the database (LISTEN/NOTIFY).
    let announced = 0;
    const elsewhere: { clear?: () => void } = {};
    const first = await serve({
      announceWrite: () => {
        announced++;
        elsewhere.clear?.();
      },
    });
    const closeFirst = closeServer;
    const other = await serve();
    elsewhere.clear = other.cache.clear;
    try {
      await other.get("/page/1");
      expect((await other.get("/page/1")).hit).toBe(true);
      await first.get("/page/1");
      expect(announced).toBe(0);
      await first.post("/write?member=1");
      await expect.poll(() => announced).toBe(1);
      expect(await other.get("/page/1")).toMatchObject({ hit: false, body: expect.stringContaining("#2") });
    } finally {
      await closeFirst?.();
    }
  });
});
