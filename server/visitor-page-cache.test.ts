import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import type { PageTopic, VisitorPageChanges, VisitorPageNote } from "#app/lib/context.ts";
import { requestUrlOf, visitorPageCache } from "./visitor-page-cache.ts";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/**
 * A tiny app behind the cache: GET /page/:n renders "page n #render" with the nonce and shows the topic
 * `question:n`, or none with `?list=1` (renders can be held open until `release()`, a page can be made gone); POST /write?changes=…
 * says what it changed ("everything", or topics separated by commas, "" for only the lists).
 */
async function serve(options: Parameters<typeof visitorPageCache>[0] = {}) {
  let renders = 0;
  let nonces = 0;
  let hold: Promise<void> | undefined;
  let release = () => {};
  const gone = new Set<string>();
  const replayed: unknown[] = [];
  // Pages a write named are rendered again at once unless a test says otherwise.
  const cache = visitorPageCache({
    minRenderIntervalMs: 0,
    ...options,
    replay: (effects) => replayed.push(...effects),
  });
  const app = express();
  app.set("trust proxy", "loopback");
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonces}`;
    next();
  });
  app.use(cache.middleware);
  app.get("/page/:n", async (req, res) => {
    const render = ++renders;
    await hold;
    if (gone.has(req.params.n)) return res.status(404).type("html").send("não existe mais");
    const note = res.locals.visitorPage as VisitorPageNote | undefined;
    if (note && req.query.keep !== "no") {
      note.cacheable = true;
      note.url = requestUrlOf(req);
      // `?list=1`: a page that names no topic (a list), which follows every write after the lag.
      note.topics = req.query.list ? [] : [`question:${Number(req.params.n)}`];
      note.effects.push({ kind: "question-view", questionId: Number(req.params.n) });
    }
    if (req.query.cookie) res.setHeader("Set-Cookie", "x=1");
    res
      .type("html")
      .send(
        `<script nonce="${res.locals.cspNonce}"></script>page ${req.params.n} #${render} ${req.hostname}` +
          (req.query.accent ? ` — ação 🚀 <p nonce="${res.locals.cspNonce}">ç</p>` : "") +
          (req.query.big ? "x".repeat(8 * 1024 * 1024) : ""),
      );
  });
  app.all("/write", (req, res) => {
    const changes = req.query.changes;
    if (typeof changes === "string") {
      (res.locals.visitorPage as VisitorPageNote).changes =
        changes === "everything"
          ? "everything"
          : { topics: changes.split(",").filter(Boolean) as PageTopic[] };
    }
    res.status(303).end();
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${origin}${path}`, { headers });
    const state = res.headers.get("x-visitor-cache");
    return { hit: state === "hit", stale: state === "stale", status: res.status, body: await res.text() };
  };
  const post = (path: string, method = "POST") => fetch(`${origin}${path}`, { method, redirect: "manual" });
  const holdRenders = () => {
    hold = new Promise((resolve) => (release = () => resolve()));
  };
  return {
    origin,
    get,
    post,
    cache,
    replayed,
    holdRenders,
    release: () => {
      hold = undefined;
      release();
    },
    makeGone: (n: string) => gone.add(n),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("visitorPageCache", () => {
  it("serves a kept page to the next visitor with that response's nonce and redoes its effects", async () => {
    const { get, replayed } = await serve();
    const first = await get("/page/1");
    expect(first).toMatchObject({ hit: false, body: '<script nonce="nonce1"></script>page 1 #1 127.0.0.1' });
    const second = await get("/page/1");
    expect(second).toMatchObject({ hit: true, body: '<script nonce="nonce2"></script>page 1 #1 127.0.0.1' });
    expect(replayed).toEqual([{ kind: "question-view", questionId: 1 }]);
  });

  it("serves gzip compressed once to browsers that take it, and the plain bytes to those that do not", async () => {
    const { origin, get } = await serve();
    await get("/page/1?accent=1");
    const raw = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve) =>
        http.get(`${origin}/page/1?accent=1`, { headers: { "accept-encoding": encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }),
      );
    const zipped = await raw("br, gzip");
    expect(zipped.headers).toMatchObject({ "content-encoding": "gzip", "x-visitor-cache": "hit" });
    expect(zipped.headers.vary).toContain("Accept-Encoding");
    const page = gunzipSync(zipped.body).toString();
    const nonce = /nonce="([^"]+)"/.exec(page)?.[1];
    expect(page).toContain(`<p nonce="${nonce}">ç</p>`);
    expect(page).toContain("page 1 #1");
    const plain = await raw("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(plain.body.toString()).toContain("ação 🚀");
  });

  it("while the app is busy, still serves every hit, a few per turn of the event loop", async () => {
    let busy = false;
    const { get } = await serve({ appIsBusy: () => busy, hitsPerTurn: 2 });
    await get("/page/1");
    busy = true;
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const hits = await Promise.all(Array.from({ length: 12 }, () => get("/page/1")));
    clearInterval(ticking);
    for (const hit of hits)
      expect(hit).toMatchObject({ hit: true, body: expect.stringContaining("page 1 #1") });
    expect(turns).toBeGreaterThan(0);
  });

  it("serves the kept bytes whole, accents and emoji included, with the nonce wherever it appeared", async () => {
    const { get } = await serve();
    await get("/page/1?accent=1");
    expect(await get("/page/1?accent=1")).toMatchObject({
      hit: true,
      body: '<script nonce="nonce2"></script>page 1 #1 127.0.0.1 — ação 🚀 <p nonce="nonce2">ç</p>',
    });
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

  it("renders again at once the pages of the topics a write names, lists once they are a few seconds old, other topics' pages not at all", async () => {
    let now = 0;
    const { get, post } = await serve({ listLagMs: 3000, now: () => now });
    await get("/page/1");
    await get("/page/2?list=1");
    await get("/page/3");
    await post("/write?changes=question:1");
    expect(await get("/page/1")).toMatchObject({ hit: false, body: expect.stringContaining("page 1 #4") });
    // The list may lag: served as it was until it is listLagMs old.
    now = 2999;
    expect(await get("/page/2?list=1")).toMatchObject({
      hit: true,
      body: expect.stringContaining("page 2 #2"),
    });
    now = 3000;
    expect(await get("/page/2?list=1")).toMatchObject({
      hit: false,
      body: expect.stringContaining("page 2 #5"),
    });
    // Another question's page names its own topic: a write elsewhere never makes it render again.
    now = 50_000;
    expect(await get("/page/3")).toMatchObject({ hit: true, body: expect.stringContaining("page 3 #3") });
    // Page 1 was rendered after the write: nothing is pending for it.
    expect(await get("/page/1")).toMatchObject({ hit: true, body: expect.stringContaining("page 1 #4") });
    // What else a page shows beside its topics (an author's reputation) follows within the TTL.
    now = 70_000;
    expect(await get("/page/3")).toMatchObject({ hit: false, body: expect.stringContaining("page 3 #6") });
  });

  it("renders every page again at once after a write that changed everything", async () => {
    const { get, post } = await serve();
    await get("/page/1");
    await get("/page/2");
    await post("/write?changes=everything");
    expect((await get("/page/1")).hit).toBe(false);
    expect((await get("/page/2")).hit).toBe(false);
  });

  it("keeps its pages, fresh, through requests that changed nothing: refusals, anonymous posts, OPTIONS", async () => {
    let now = 0;
    const { get, post } = await serve({ now: () => now });
    await get("/page/1");
    await post("/write");
    await post("/write", "OPTIONS");
    now = 10_000;
    expect(await get("/page/1")).toMatchObject({ hit: true, body: expect.stringContaining("#1") });
  });

  it("has one request render a due page again while the others get the copy they had", async () => {
    const { get, post, holdRenders, release } = await serve();
    await get("/page/1");
    await post("/write?changes=question:1");
    holdRenders();
    const refreshing = get("/page/1");
    await tick();
    const others = await Promise.all([get("/page/1"), get("/page/1"), get("/page/1")]);
    for (const other of others)
      expect(other).toMatchObject({ stale: true, body: expect.stringContaining("#1") });
    release();
    expect(await refreshing).toMatchObject({ hit: false, body: expect.stringContaining("#2") });
    expect(await get("/page/1")).toMatchObject({ hit: true, body: expect.stringContaining("#2") });
  });

  it("keeps a refreshed page once it is written, so a reader who never reads does not hold the others on the old copy", async () => {
    const { get, post, origin } = await serve();
    await get("/page/1?big=1");
    await post("/write?changes=question:1");
    // A reader that asks for the page and takes none of its 8 MB.
    const stalled = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${origin}/page/1?big=1`, (res) => {
        res.pause();
        resolve(res);
      }),
    );
    await tick();
    const next = await get("/page/1?big=1");
    expect(next.hit).toBe(true);
    expect(next.body.slice(0, 60)).toContain("#2");
    stalled.destroy();
  });

  it("serves the old copy only briefly after a write, then has visitors wait for the one render and get the new page", async () => {
    let now = 0;
    const { get, post, holdRenders, release } = await serve({ now: () => now, maxStaleMs: 1000 });
    await get("/page/1");
    now = 5000;
    await post("/write?changes=question:1");
    holdRenders();
    const refreshing = get("/page/1");
    await tick();
    expect(await get("/page/1")).toMatchObject({ stale: true, body: expect.stringContaining("#1") });
    now = 6001;
    // Past maxStaleMs nobody gets the page the write changed: they wait for the render under way.
    const waiting = [get("/page/1"), get("/page/1"), get("/page/1")];
    await tick();
    release();
    expect(await refreshing).toMatchObject({ hit: false, body: expect.stringContaining("#2") });
    for (const other of await Promise.all(waiting))
      expect(other).toMatchObject({ hit: true, body: expect.stringContaining("#2") });
  });

  it("has a waiting visitor render for themselves when the refresher leaves without a page", async () => {
    let now = 0;
    const { get, post, holdRenders, release, origin } = await serve({ now: () => now, maxStaleMs: 1000 });
    await get("/page/1");
    await post("/write?changes=question:1");
    holdRenders();
    const controller = new AbortController();
    const refresher = fetch(`${origin}/page/1`, { signal: controller.signal }).catch(() => undefined);
    await tick();
    now = 2000;
    const waiting = get("/page/1");
    await tick();
    controller.abort();
    await refresher;
    await tick();
    release();
    expect(await waiting).toMatchObject({ hit: false, body: expect.stringContaining("#3") });
  });

  it("has one request refresh a page that is only old (writes elsewhere) however long it renders", async () => {
    let now = 0;
    const { get, post, holdRenders, release } = await serve({
      now: () => now,
      listLagMs: 3000,
      maxStaleMs: 1000,
      refreshTimeoutMs: 2000,
    });
    await get("/page/1?list=1");
    // A write to a question: the list is due once it is listLagMs old.
    await post("/write?changes=question:2");
    now = 3000;
    holdRenders();
    const refreshing = get("/page/1?list=1");
    await tick();
    // The render takes longer than maxStaleMs (a busy server): the others still get the copy they had.
    now = 4900;
    const others = await Promise.all([get("/page/1?list=1"), get("/page/1?list=1"), get("/page/1?list=1")]);
    for (const other of others)
      expect(other).toMatchObject({ stale: true, body: expect.stringContaining("#1") });
    release();
    expect(await refreshing).toMatchObject({ hit: false, body: expect.stringContaining("#2") });
  });

  it("renders a page members keep writing to at most once per interval", async () => {
    let now = 0;
    const { get, post } = await serve({ now: () => now, minRenderIntervalMs: 250 });
    await get("/page/1");
    await post("/write?changes=question:1");
    now = 100;
    expect((await get("/page/1")).hit).toBe(true);
    now = 250;
    expect(await get("/page/1")).toMatchObject({ hit: false, body: expect.stringContaining("#2") });
  });

  it("keeps a page that a write to its topic reached while it rendered as due", async () => {
    const { get, post, holdRenders, release } = await serve();
    holdRenders();
    const rendering = get("/page/1");
    await tick();
    await post("/write?changes=question:1");
    release();
    await rendering;
    expect(await get("/page/1")).toMatchObject({ hit: false, body: expect.stringContaining("#2") });
    expect((await get("/page/1")).hit).toBe(true);
  });

  it("drops the copy it was refreshing when the page is gone", async () => {
    const { get, post, makeGone, cache } = await serve();
    await get("/page/1");
    await post("/write?changes=question:1");
    makeGone("1");
    expect(await get("/page/1")).toMatchObject({ status: 404, hit: false });
    expect(cache.size()).toBe(0);
    expect(await get("/page/1")).toMatchObject({ status: 404, stale: false });
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

  it("announces what each write changed when it ends, so the other servers' caches follow", async () => {
    // Two servers wired as server/app.ts wires them through the database (LISTEN/NOTIFY).
    const announced: VisitorPageChanges[] = [];
    const elsewhere: { invalidate?: (changes: VisitorPageChanges) => void } = {};
    const first = await serve({
      announceWrite: (changes) => {
        announced.push(changes);
        elsewhere.invalidate?.(changes);
      },
    });
    const other = await serve();
    elsewhere.invalidate = other.cache.invalidate;
    await other.get("/page/1");
    await other.get("/page/2");
    expect((await other.get("/page/1")).hit).toBe(true);
    await first.post("/write");
    expect(announced).toEqual([]);
    await first.post("/write?changes=question:1");
    await expect.poll(() => announced).toEqual([{ topics: ["question:1"] }]);
    expect(await other.get("/page/1")).toMatchObject({ hit: false, body: expect.stringContaining("#3") });
    expect((await other.get("/page/2")).hit).toBe(true);
  });
});
