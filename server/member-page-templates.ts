// Members' pages from a shared render (ADR 074). A member's question page, `/questions` and `/blog` are the same
// bytes for every member who stands where they stand on them (the page's version, their rights, marks, unread
// notifications), but for who they are. So each is rendered once per standing with a stand-in identity and kept
// cut at the stand-in's places (app/lib/member-page-template.server.ts); each member's request reads its standing
// afresh (app/member-pages.server.ts) and gets the kept bytes with their own values and the response's nonce put
// back in, without React Router, the loaders or a render.
//
// A standing is a key over everything the page shows besides the identity, the page's version among it: a write
// to the question, a vote of the member's own, a notification makes a new key, so nothing is invalidated and
// nothing is shown stale. A render is kept only if the standing read again after it is the one the request
// started with. Kept pages leave by age (`ttlMs`, for what no version follows: "há 2 min") and by size. A request
// for a fresh copy (`Cache-Control: no-cache`, a browser's hard reload) goes through the whole pipeline.
import type { NextFunction, Request, Response } from "express";
import type { MemberPageStanding } from "#app/member-pages.server.ts";
import { cutAtIdentity, fillers, type PageTemplate } from "#app/lib/member-page-template.server.ts";
import { deflatePart, writeKeptPage } from "./gzip-with-nonce.ts";
import { hasSessionCookie, requestUrlOf, routeNoteOf } from "./visitor-page-cache.ts";

type Entry = {
  template: PageTemplate;
  /** The template's parts deflated once, for browsers that take gzip (server/gzip-with-nonce.ts). */
  deflated: Buffer[];
  headers: Array<[string, string]>;
  storedAt: number;
  bytes: number;
};

/** A member's request the app renders with the stand-in, for the kept copy and this member's answer. */
export type MemberPageMiss = {
  standIn: MemberPageStanding["standIn"];
  /** Keeps the render and answers the member from it; false when it cannot be kept (the app renders again). */
  answer: (response: globalThis.Response) => Promise<boolean>;
};

export type MemberPageTemplatesOptions = {
  /** The standing of a member's request (app/member-pages.server.ts), or null: the app answers it. */
  standing: (
    request: globalThis.Request,
    clientIp: string,
  ) => Promise<{ standing: MemberPageStanding | null; setCookie?: string }>;
  ttlMs?: number;
  /** How long the other members of a standing wait for its render under way before the app answers them. */
  renderWaitMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  observe?: { lookup?: (result: "hit" | "miss" | "declined") => void };
  now?: () => number;
};

/** Response headers a kept page does not keep: they belong to one response. */
const NOT_KEPT = new Set(["set-cookie", "content-length", "content-encoding", "date", "transfer-encoding"]);

export function memberPageTemplates({
  standing,
  ttlMs = 60_000,
  renderWaitMs = 10_000,
  maxEntries = 500,
  maxBytes = 64 * 1024 * 1024,
  observe = {},
  now = Date.now,
}: MemberPageTemplatesOptions) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  // Standings whose render could not be kept (a value derived from the identity in a way the cut does not know,
  // the member named by their own values): rendered by the app alone until `ttlMs` has passed, not twice.
  const refused = new Map<string, number>();
  // Standings being rendered now, with the requests of the same standing waiting for that render: a write to a
  // busy question made a new standing for all its readers at once, and each of them rendered it (fifty renders
  // at fifty connections, where one is kept).
  const rendering = new Map<string, Array<() => void>>();

  /** Ends a standing's render: kept or not, its waiting requests look again. */
  function settle(key: string, waiting: Array<() => void>) {
    if (rendering.get(key) !== waiting) return;
    rendering.delete(key);
    for (const wake of waiting) wake();
  }

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  }

  function prepare(template: PageTemplate, response: globalThis.Response): Entry {
    const headers: Array<[string, string]> = [];
    for (const [name, value] of response.headers.entries()) {
      if (!NOT_KEPT.has(name.toLowerCase())) headers.push([name, value]);
    }
    const deflated = template.parts.map(deflatePart);
    return {
      template,
      deflated,
      headers,
      storedAt: now(),
      bytes: [...template.parts, ...deflated].reduce((sum, part) => sum + part.length, 0),
    };
  }

  function keep(key: string, entry: Entry) {
    drop(key);
    if (entry.bytes > maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      drop(oldest);
    }
  }

  function refuse(key: string) {
    refused.delete(key);
    refused.set(key, now() + ttlMs);
    for (const [oldest, until] of refused) {
      if (refused.size <= maxEntries && until > now()) break;
      refused.delete(oldest);
    }
  }

  function serve(
    req: Request,
    res: Response,
    entry: Entry,
    member: MemberPageStanding,
    state: "hit" | "miss",
  ) {
    const fill = fillers(entry.template, member.identity, String(res.locals.cspNonce));
    const { parts } = entry.template;
    res.status(200);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("X-Member-Page", state);
    writeKeptPage(req, res, parts, entry.deflated, fill);
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    if (
      req.method !== "GET" ||
      req.path.endsWith(".data") ||
      !hasSessionCookie(req.headers) ||
      /no-cache/i.test(req.get("cache-control") ?? "")
    ) {
      return next();
    }
    const url = requestUrlOf(req);
    const request = new Request(url || "http://localhost/", {
      headers: { cookie: req.get("cookie") ?? "", "user-agent": req.get("user-agent") ?? "" },
    });
    let member: MemberPageStanding | null = null;
    try {
      if (url) {
        const read = await standing(request, req.ip ?? "");
        // The session read here may have been renewed: the app will not renew it again, so it goes out here.
        if (read.setCookie) res.append("Set-Cookie", read.setCookie);
        member = read.standing;
      }
    } catch (error) {
      return next(error);
    }
    if (!member) {
      observe.lookup?.("declined");
      return next();
    }
    routeNoteOf(res).pattern = member.pattern;
    return answerFor(req, res, next, request, member, false);
  }

  async function answerFor(
    req: Request,
    res: Response,
    next: NextFunction,
    request: globalThis.Request,
    member: MemberPageStanding,
    waited: boolean,
  ): Promise<void> {
    const cached = entries.get(member.key);
    if (cached && now() - cached.storedAt <= ttlMs) {
      // Most recently used last, so the oldest is the first to go when full.
      entries.delete(member.key);
      entries.set(member.key, cached);
      observe.lookup?.("hit");
      serve(req, res, cached, member, "hit");
      member.served();
      return;
    }
    if (cached) drop(member.key);
    const refusedUntil = refused.get(member.key);
    if (refusedUntil !== undefined) {
      if (now() < refusedUntil) {
        observe.lookup?.("declined");
        return next();
      }
      refused.delete(member.key);
    }
    // Waited for a render that was not kept (the standing moved on meanwhile): the app answers this one.
    if (waited) {
      observe.lookup?.("declined");
      return next();
    }
    const underWay = rendering.get(member.key);
    if (underWay) {
      // Another member of this standing is being rendered for: this one waits for that render.
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, renderWaitMs);
        underWay.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
      if (res.writableEnded || res.destroyed) return;
      return answerFor(req, res, next, request, member, true);
    }
    observe.lookup?.("miss");
    const waiting: Array<() => void> = [];
    rendering.set(member.key, waiting);
    // However this render ends (kept, refused, an error, the member gone), the others stop waiting.
    res.once("close", () => settle(member.key, waiting));
    const miss: MemberPageMiss = {
      standIn: member.standIn,
      answer: async (response) => {
        try {
          return await keepAndAnswer(req, res, request, member, response);
        } finally {
          settle(member.key, waiting);
        }
      },
    };
    res.locals.memberPage = miss;
    next();
  }

  /** Keeps the app's render for the standing if it can, and answers the member from it. */
  async function keepAndAnswer(
    req: Request,
    res: Response,
    request: globalThis.Request,
    member: MemberPageStanding,
    response: globalThis.Response,
  ): Promise<boolean> {
    const contentType = response.headers.get("content-type") ?? "";
    if (
      response.status !== 200 ||
      response.headers.has("set-cookie") ||
      !contentType.startsWith("text/html")
    ) {
      await response.body?.cancel();
      return false;
    }
    const template = cutAtIdentity(await response.text(), String(res.locals.cspNonce), member.identity);
    if (!template) {
      refuse(member.key);
      return false;
    }
    // The render read the member's standing again after this request waited in line: kept only if it is still
    // the one the key says (a draft saved, a vote cast meanwhile would otherwise reach the others).
    const after = (await standing(request, req.ip ?? "").catch(() => null))?.standing;
    const entry = prepare(template, response);
    if (after?.key === member.key) keep(member.key, entry);
    if (!res.destroyed) serve(req, res, entry, member, "miss");
    return true;
  }

  return { middleware, size: () => entries.size, bytes: () => bytes };
}
