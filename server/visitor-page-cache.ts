// Visitors' pages from memory (ADR 015). A visitor's successful page that hydrates on intent is the same
// for every visitor, so the first render is kept and later visitors get its bytes, with this response's CSP
// nonce put back in. Members (a live session) never read from it or write to it, so a member always sees
// their own writes. A write that may change what visitors see (any member's, a sign-up) empties it, and a page
// rendered while a write landed is not kept, so a visitor never sees a page older than the last write either,
// only one at most `ttlMs` old for what does not go through a request (view counts, "2 min"). Anonymous posts
// that change nothing visitors see (a failed sign-in, OPTIONS) leave it alone: they cost the site nothing.
import type { IncomingHttpHeaders } from "node:http";
import type { NextFunction, Request, Response } from "express";

/** The notes the app fills in for each request (app/lib/context.ts, VisitorPageNote). */
export type VisitorPageNote = {
  cacheable: boolean;
  effects: unknown[];
  /** The URL the app rendered (canonical links depend on its host): the page is kept under it only. */
  url?: string;
  /** A GET that wrote something visitors see (confirming an e-mail): the cache is emptied after it. */
  wrote?: boolean;
};

type Entry = {
  /** The page split at its nonce: joined again with each response's own. */
  parts: string[];
  headers: Record<string, string>;
  effects: unknown[];
  bytes: number;
  storedAt: number;
};

export type VisitorPageCacheOptions = {
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** Tells the other app servers that a write ended, so their caches empty too (several processes). */
  announceWrite?: () => void;
  /** Whether a request's session cookie belongs to a live session (members never share the cache). */
  isMember?: (req: Request) => Promise<boolean>;
  /** Redoes what a cached page's loaders would have done (count a view). */
  replay?: (effects: unknown[], request: Request) => void;
  now?: () => number;
};

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?sdd_session=/;
const KEPT_HEADERS = ["content-type", "cache-control", "link", "vary", "content-language"];

export function hasSessionCookie(headers: IncomingHttpHeaders): boolean {
  return SESSION_COOKIE.test(headers.cookie ?? "");
}

export function visitorPageCache({
  ttlMs = 60_000,
  maxEntries = 500,
  maxBytes = 64 * 1024 * 1024,
  replay,
  announceWrite,
  isMember,
  now = Date.now,
}: VisitorPageCacheOptions = {}) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  const clear = () => {
    generation++;
    entries.clear();
    bytes = 0;
  };

  const keyOf = requestUrlOf;

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // The app says whether the request may have changed what visitors see (a member's write, a sign-up:
      // app/root-middleware.server.ts). Then whatever was kept, and whatever was rendered while it ran, is
      // dropped when it ends, however it ends (an error after the commit, a client that went away). An
      // anonymous post that changed nothing (a wrong password, a newsletter form, OPTIONS) keeps the cache.
      const note: VisitorPageNote = { cacheable: false, effects: [] };
      res.locals.visitorPage = note;
      res.once("close", () => {
        if (!note.wrote) return;
        clear();
        announceWrite?.();
      });
      return next();
    }
    if (req.method !== "GET") return next();
    // A session cookie that leads to no session is a visitor's too: checked, not taken at its word.
    if (hasSessionCookie(req.headers) && (!isMember || (await isMember(req).catch(() => true))))
      return next();

    const key = keyOf(req);
    const nonce = String(res.locals.cspNonce);
    const cached = entries.get(key);
    if (cached && now() - cached.storedAt <= ttlMs) {
      // Most recently used last, so the oldest is the first to go when the cache is full.
      entries.delete(key);
      entries.set(key, cached);
      const body = cached.parts.join(nonce);
      res.status(200);
      for (const [name, value] of Object.entries(cached.headers)) res.setHeader(name, value);
      res.setHeader("X-Visitor-Cache", "hit");
      res.setHeader("Content-Length", Buffer.byteLength(body));
      res.end(body);
      replay?.(cached.effects, req);
      return;
    }
    if (cached) drop(key);

    // A miss: the app renders; keep what it writes if it says the page may be kept.
    const note: VisitorPageNote = { cacheable: false, effects: [] };
    res.locals.visitorPage = note;
    const startedAt = generation;
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
      return end(chunk, encoding, callback);
    }) as Response["end"];
    res.on("finish", () => {
      if (note.wrote) {
        clear();
        announceWrite?.();
        return;
      }
      const contentType = String(res.getHeader("content-type") ?? "");
      if (
        !note.cacheable ||
        note.url !== key ||
        res.statusCode !== 200 ||
        generation !== startedAt ||
        res.getHeader("set-cookie") !== undefined ||
        !contentType.startsWith("text/html")
      ) {
        return;
      }
      const html = Buffer.concat(chunks).toString("utf8");
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = res.getHeader(name);
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
      }
      const entry: Entry = {
        parts: html.split(nonce),
        headers,
        effects: note.effects,
        bytes: html.length * 2,
        storedAt: now(),
      };
      if (entry.bytes > maxBytes / 4) return;
      drop(key);
      entries.set(key, entry);
      bytes += entry.bytes;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        drop(oldest);
      }
    });
    next();
  }

  return { middleware, clear, size: () => entries.size };
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
