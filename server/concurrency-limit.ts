// At most `max` requests inside the app at once; the rest wait their turn in arrival order. Without it, under
// more load than the machine can serve, every request's database queries share one queue, so a page that
// needs a dozen queries waits a dozen times behind everyone else and a few requests starve for a minute
// (the 200-connection resilience run saw it). With a limit, a request waits once, in line, then runs at
// full speed. Long-lived streams (server-sent events) never take a place. On PGlite with 200 connections
// (docs/performance.md) 64 served most (16: 84 req/s, 64: 127, 128: 124), with no request left unanswered.
import type { NextFunction, Request, Response } from "express";

/**
 * The one request that never takes a place: a member's notification stream, however its address is spelled.
 * Asking for an event stream elsewhere (`Accept: text/event-stream`) does not skip the line.
 */
export function isNotificationStream(req: Pick<Request, "method" | "path">): boolean {
  return req.method === "GET" && req.path.toLowerCase().replace(/\/+$/, "") === "/notifications/stream";
}

/** What a request that waited too long is told (503, with Retry-After). */
export const BUSY_MESSAGE = "O servidor está ocupado agora. Tente de novo em instantes.";

export function concurrencyLimit(
  max: number,
  { bypass, maxWaitMs = 30_000 }: { bypass: (req: Request) => boolean; maxWaitMs?: number },
) {
  let active = 0;
  const waiting: Array<() => void> = [];

  const handOn = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (bypass(req)) return next();
    let state: "waiting" | "running" | "done" = "waiting";
    const finish = () => {
      if (state === "running") handOn();
      state = "done";
    };
    const start = () => {
      if (state !== "waiting") return;
      state = "running";
      next();
    };
    res.once("finish", finish);
    res.once("close", () => {
      if (state === "waiting") waiting.splice(waiting.indexOf(start), 1);
      finish();
    });
    if (active < max) {
      active++;
      start();
      return;
    }
    waiting.push(start);
    // A line that does not move is answered rather than kept forever.
    const giveUp = setTimeout(() => {
      if (state !== "waiting") return;
      waiting.splice(waiting.indexOf(start), 1);
      state = "done";
      res.status(503).set("Retry-After", "5").type("text/plain; charset=utf-8").send(BUSY_MESSAGE);
    }, maxWaitMs);
    giveUp.unref();
    res.once("close", () => clearTimeout(giveUp));
  }

  return { middleware, stats: () => ({ active, waiting: waiting.length }) };
}
