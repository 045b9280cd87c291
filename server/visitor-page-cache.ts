// Visitors' pages from memory (ADR 015, ADR 028). A visitor's successful page that hydrates on intent is the
// same for every visitor, so the first render is kept and later visitors get its bytes, with this response's
// CSP nonce put back in. Members (a live session) never read from it or write to it, so a member always sees
// their own writes.
//
// A write changes only what it says it changed (app/lib/visitor-page-topics.server.ts): the pages showing its
// topics (the question, the post, the member) are due at once. A page that names its topics follows those alone
// (a favourite on another question never renders this one again); what else it shows beside them (an author's
// reputation, a related question's score) follows within `ttlMs`. Pages that name none (lists, the home page)
// are due once they are `listLagMs` old after any write. A page that is due is rendered again by one request
// while the others get the copy they had ("stale"), or, once a write named it `maxStaleMs` ago, wait for that
// render and get the new page: no stampede, and a visitor sees a write to the page they read within one render
// of it. A page rendered while a write reached it is kept already due. A request that changed nothing (a
// refusal, a failed sign-in, OPTIONS) leaves the cache alone. Pages also expire after `ttlMs` for what no
// request changes (view counts, "2 min").
import type { IncomingHttpHeaders } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type {
  PageTopic,
  RouteNote,
  VisitorPageChanges,
  VisitorPageEffect,
  VisitorPageNote,
} from "#app/lib/context.ts";
import { deflatePart, writeKeptPage } from "./gzip-with-nonce.ts";

/** When a kept page must be rendered again: not yet, once it is `listLagMs` old, or now. */
type Due = "no" | "after-lag" | "now";

type Entry = {
  /** The page's bytes split at its nonce: written again around each response's own (encoded once, kept). */
  parts: Buffer[];
  /** The same parts deflated once, for browsers that take gzip (server/gzip-with-nonce.ts). */
  deflated: Buffer[];
  headers: Record<string, string>;
  effects: VisitorPageEffect[];
  topics: PageTopic[];
  bytes: number;
  storedAt: number;
  due: Due;
  /** When a write made it due now: others may get this copy only briefly after (see `maxStaleMs`). */
  dueSince?: number;
  /** When one request started rendering it again; the others are served this copy meanwhile. */
  refreshingSince?: number;
  /** Requests waiting for that render (a page a write named, past `maxStaleMs`): woken when it ends. */
  waiting?: Array<() => void>;
  /** The route pattern that rendered it (the metrics' label for the requests it answers). */
  route?: string;
};

/** What the cache did with a visitor's request: served it, served the old copy, or let the app render it. */
type VisitorPageLookup = "hit" | "stale" | "refresh" | "miss";
/** Why a page left the cache: its size limits, or its refresh was not a page any more (a 404, a redirect). */
export type VisitorPageDrop = "evicted" | "gone";

/** Counters the cache reports to (server/metrics.ts); none in tests. */
export type VisitorPageCacheObserver = {
  lookup?: (result: VisitorPageLookup) => void;
  drop?: (reason: VisitorPageDrop) => void;
  invalidated?: (changes: "everything" | { topics: PageTopic[] }, origin: "local" | "remote") => void;
};

export type VisitorPageCacheOptions = {
  ttlMs?: number;
  /** How long lists and other pages a write did not name may show the state before it. */
  listLagMs?: number;
  /**
   * A render that takes longer than this hands the refresh to the next request (one that ended without a page,
   * or whose client left, hands it on at once).
   */
  refreshTimeoutMs?: number;
  /**
   * How long after a write named it a copy may still be served while one request renders it again. Past this
   * visitors wait for that render and get the new page, so nobody is shown a page a write changed (a deleted
   * answer) for longer, and a busy server still renders it once. A page that is only old serves its copy
   * until its refresher ends.
   */
  maxStaleMs?: number;
  /** A page a write named is rendered again at most this often, however fast members write to it. */
  minRenderIntervalMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** Tells the other app servers what a write changed, so their caches follow (several processes). */
  announceWrite?: (changes: VisitorPageChanges) => void;
  /** Whether a request's session cookie belongs to a live session (members never share the cache). */
  isMember?: (req: Request) => Promise<boolean>;
  /** Redoes what a cached page's loaders would have done (count a view). */
  replay?: (effects: VisitorPageEffect[], request: Request) => void;
  observe?: VisitorPageCacheObserver;
  now?: () => number;
  /**
   * Whether requests the app is answering (a member's write, a page being rendered) are waiting for the event
   * loop: hits then go out a few per turn of the loop, after the app's own callbacks, instead of all at once.
   */
  appIsBusy?: () => boolean;
  /** Hits served per turn of the event loop while the app is busy. */
  hitsPerTurn?: number;
};

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?sdd_session=/;
const KEPT_HEADERS = ["content-type", "cache-control", "link", "vary", "content-language"];
/** Topics remembered with the number of the last write to them; past this, every older render counts as due. */
const REMEMBERED_TOPICS = 10_000;

export function hasSessionCookie(headers: IncomingHttpHeaders): boolean {
  return SESSION_COOKIE.test(headers.cookie ?? "");
}

export function visitorPageCache({
  ttlMs = 60_000,
  listLagMs = 3_000,
  refreshTimeoutMs = 10_000,
  maxStaleMs = 1_000,
  minRenderIntervalMs = 250,
  maxEntries = 500,
  maxBytes = 64 * 1024 * 1024,
  replay,
  announceWrite,
  isMember,
  observe = {},
  now = Date.now,
  appIsBusy = () => false,
  hitsPerTurn = 16,
}: VisitorPageCacheOptions = {}) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  // Writes are numbered so a render can tell, when it ends, which writes happened while it ran.
  let lastWrite = 0;
  let lastWriteToEverything = 0;
  const lastWriteTo = new Map<PageTopic, number>();

  const drop = (key: string, reason?: VisitorPageDrop) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
    if (reason) observe.drop?.(reason);
  };

  /** Applies a write's changes (this server's or, through `announceWrite`, another's). */
  function invalidate(changes: VisitorPageChanges | undefined, origin: "local" | "remote" = "remote") {
    if (changes === undefined || changes === "nothing") return;
    observe.invalidated?.(changes, origin);
    lastWrite++;
    const named = changes === "everything" ? undefined : new Set(changes.topics);
    if (named) {
      if (lastWriteTo.size + named.size > REMEMBERED_TOPICS) {
        lastWriteTo.clear();
        lastWriteToEverything = lastWrite;
      }
      for (const name of named) lastWriteTo.set(name, lastWrite);
    } else {
      lastWriteToEverything = lastWrite;
    }
    const at = now();
    for (const entry of entries.values()) {
      if (!named || entry.topics.some((name) => named.has(name))) {
        if (entry.due !== "now") entry.dueSince = at;
        entry.due = "now";
      } else if (entry.due === "no" && entry.topics.length === 0) entry.due = "after-lag";
    }
  }

  /** How due a page rendered after write number `since` is, given the writes since. */
  function dueAfter(since: number, topics: PageTopic[]): Due {
    if (lastWrite === since) return "no";
    if (lastWriteToEverything > since) return "now";
    if (topics.some((name) => (lastWriteTo.get(name) ?? 0) > since)) return "now";
    return topics.length ? "no" : "after-lag";
  }

  // Hits are cheap, but fifty of them at once are a long turn of the event loop, and a write or a member's page
  // needs dozens of turns (each database answer, each chunk it streams): under a visitors' flood a write waited
  // seconds for turns the hits took. While the app answers something, hits take turns with it instead.
  const heldHits: Array<() => void> = [];
  let draining = false;
  const drainHits = () => {
    for (const send of heldHits.splice(0, hitsPerTurn)) send();
    if (heldHits.length) setImmediate(drainHits);
    else draining = false;
  };
  function sendHit(send: () => void) {
    if (!heldHits.length && !appIsBusy()) return send();
    heldHits.push(send);
    if (!draining) {
      draining = true;
      setImmediate(drainHits);
    }
  }

  /** Wakes the requests waiting for a page's render: it was kept, dropped, or its refresher gave up. */
  function settle(entry: Entry) {
    const waiting = entry.waiting ?? [];
    entry.waiting = undefined;
    for (const wake of waiting) wake();
  }

  function serve(req: Request, res: Response, entry: Entry, nonce: string, state: "hit" | "stale") {
    // The kept bytes go out as they are (or as they were compressed once), the nonce between them, in one
    // corked write: no re-encoding of a 150 KB string, and no compression, for every reader.
    const nonceBytes = Buffer.from(nonce);
    res.status(200);
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader("X-Visitor-Cache", state);
    writeKeptPage(
      req,
      res,
      entry.parts,
      entry.deflated,
      entry.parts.slice(1).map(() => nonceBytes),
    );
  }

  async function middleware(req: Request, res: Response, next: NextFunction, waited = false) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // The app says what the request changed (app/root-middleware.server.ts, the actions). It is applied when
      // the request ends, however it ends (an error after the commit, a client that went away).
      // Applied when the action has run (the root middleware calls `settled`) and again when the response
      // closes if it had not been: a client that goes away mid-action must not leave pages rendered before
      // the commit standing as fresh.
      const note: VisitorPageNote = { cacheable: false, effects: [] };
      let applied = false;
      const apply = () => {
        if (note.changes === undefined || note.changes === "nothing") return;
        applied = true;
        invalidate(note.changes, "local");
        announceWrite?.(note.changes);
      };
      note.settled = apply;
      res.locals.visitorPage = note;
      res.once("close", () => {
        if (!applied) apply();
      });
      return next();
    }
    if (req.method !== "GET") return next();
    // A session cookie that leads to no session is a visitor's too: checked, not taken at its word.
    if (hasSessionCookie(req.headers) && (!isMember || (await isMember(req).catch(() => true))))
      return next();

    const key = requestUrlOf(req);
    const nonce = String(res.locals.cspNonce);
    const cached = entries.get(key);
    let refreshing: Entry | undefined;
    if (cached) {
      const at = now();
      const age = at - cached.storedAt;
      const expired = age > ttlMs;
      const due =
        expired ||
        (cached.due === "now" && age >= minRenderIntervalMs) ||
        (cached.due === "after-lag" && age >= listLagMs);
      // Most recently used last, so the oldest is the first to go when the cache is full.
      entries.delete(key);
      entries.set(key, cached);
      if (!due) {
        served(res, cached, "hit");
        sendHit(() => {
          if (res.destroyed) return;
          serve(req, res, cached, nonce, "hit");
          replay?.(cached.effects, req);
        });
        return;
      }
      const beingRefreshed =
        cached.refreshingSince !== undefined && at - cached.refreshingSince < refreshTimeoutMs;
      // While one request renders it again the others get this copy. A page a write named (a deleted answer)
      // only briefly; a page that is merely old (a list past its lag, another question's page, the TTL) for as
      // long as the render takes: under load a render takes more than `maxStaleMs`, and letting every visitor
      // render then turned one refresh into fifty, each slowing the next.
      const namedByWrite = cached.due === "now";
      const staleFor = at - (cached.dueSince ?? cached.storedAt);
      if (beingRefreshed && (!namedByWrite || staleFor <= maxStaleMs)) {
        served(res, cached, "stale");
        sendHit(() => {
          if (res.destroyed) return;
          serve(req, res, cached, nonce, "stale");
          replay?.(cached.effects, req);
        });
        return;
      }
      // Past that, wait for the render (up to `refreshTimeoutMs`) and look again; a second turn renders.
      if (beingRefreshed && !waited) {
        await new Promise<void>((wake) => {
          const timer = setTimeout(wake, refreshTimeoutMs);
          (cached.waiting ??= []).push(() => {
            clearTimeout(timer);
            wake();
          });
        });
        if (res.writableEnded || res.destroyed) return;
        return middleware(req, res, next, true);
      }
      // This request renders it again; until it ends, the others get this copy.
      cached.refreshingSince = at;
      refreshing = cached;
    }
    observe.lookup?.(refreshing ? "refresh" : "miss");

    // A miss: the app renders; keep what it writes if it says the page may be kept.
    const note: VisitorPageNote = { cacheable: false, effects: [] };
    res.locals.visitorPage = note;
    const startedAfter = lastWrite;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding: unknown) => {
      // The app marks a page before its first byte; anything else (feeds, files, errors) is not buffered.
      if (!note.cacheable || chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
            : Buffer.from(chunk as Uint8Array),
      );
    };
    res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
      keep(chunk, encoding);
      return write(chunk, encoding, callback);
    }) as Response["write"];
    res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
      keep(chunk, encoding);
      const result = end(chunk, encoding, callback);
      // Kept as soon as the app has written it all, not when a reader has taken it all: a reader who reads
      // slowly must not hold the others on the old copy.
      store();
      return result;
    }) as Response["end"];
    // A render that never finished (the client went away) hands the refresh to the next request.
    res.once("close", () => {
      if (!refreshing) return;
      if (entries.get(key) === refreshing) refreshing.refreshingSince = undefined;
      settle(refreshing);
    });
    res.on("finish", () => {
      if (note.changes !== undefined && note.changes !== "nothing") {
        invalidate(note.changes, "local");
        announceWrite?.(note.changes);
      }
    });
    let stored = false;
    function store() {
      if (stored) return;
      stored = true;
      keepOrDrop();
      if (refreshing) settle(refreshing);
    }
    function keepOrDrop() {
      const contentType = String(res.getHeader("content-type") ?? "");
      if (
        !note.cacheable ||
        note.url !== key ||
        res.statusCode !== 200 ||
        res.getHeader("set-cookie") !== undefined ||
        !contentType.startsWith("text/html")
      ) {
        // What the page became (gone, moved, an error) is not kept, and neither is the copy it replaced.
        if (refreshing && entries.get(key) === refreshing) drop(key, "gone");
        return;
      }
      const page = Buffer.concat(chunks);
      const parts = splitBuffer(page, Buffer.from(nonce));
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = res.getHeader(name);
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
      }
      const topics = note.topics ?? [];
      if (page.length > maxBytes / 4) return;
      const deflated = parts.map(deflatePart);
      const entry: Entry = {
        parts,
        deflated,
        headers,
        effects: note.effects,
        topics,
        bytes: page.length + deflated.reduce((sum, part) => sum + part.length, 0),
        storedAt: now(),
        due: dueAfter(startedAfter, topics),
        route: routeNoteOf(res).pattern,
      };
      if (entry.due === "now") entry.dueSince = entry.storedAt;
      drop(key);
      entries.set(key, entry);
      bytes += entry.bytes;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        drop(oldest, "evicted");
      }
    }
    next();
  }

  /** A request answered from the cache: counted, and labelled with the route that rendered the page. */
  function served(res: Response, entry: Entry, result: "hit" | "stale") {
    observe.lookup?.(result);
    routeNoteOf(res).pattern = entry.route;
  }

  return {
    middleware,
    invalidate: (changes: VisitorPageChanges | undefined) => invalidate(changes),
    size: () => entries.size,
    bytes: () => bytes,
  };
}

/**
 * The route a response answered for (`res.locals.route`): set by the app's root middleware from React
 * Router's match, or by the cache from the page it served. The metrics label requests with it.
 */
export function routeNoteOf(res: Response): RouteNote {
  res.locals.route ??= {};
  return res.locals.route as RouteNote;
}

/** `page` cut at every `separator` (the page's nonce), as `String.prototype.split` does for strings. */
function splitBuffer(page: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = page.indexOf(separator); at !== -1; at = page.indexOf(separator, start)) {
    parts.push(page.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(page.subarray(start));
  return parts;
}

/**
 * The URL React Router's Express adapter builds for a request (`createRemixRequest`): the scheme Express
 * trusts, the host name, and the port of `X-Forwarded-Host` when proxies are trusted. Pages are looked up
 * under it, so a forwarded host can only ever reach copies rendered for that same host.
 */
export function requestUrlOf(req: Request): string {
  const forwardedPort = req.app?.enabled("trust proxy")
    ? req.get("X-Forwarded-Host")?.split(":")[1]
    : undefined;
  const hostPort = req.get("host")?.split(":")[1];
  const port = [forwardedPort, hostPort]
    .map((value) => Number.parseInt(value ?? "", 10))
    .find((value) => Number.isSafeInteger(value));
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  try {
    return new URL(`${req.protocol}://${host}${req.originalUrl}`).href;
  } catch {
    return "";
  }
}
