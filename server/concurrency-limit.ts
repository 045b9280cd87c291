// At most `max` requests inside the app at once; the rest wait their turn in arrival order. Without it, under
// more load than the machine can serve, every request's database queries share one queue, so a page that
// needs a dozen queries waits a dozen times behind everyone else and a few requests starve for a minute
// (the 200-connection resilience run saw it). With a limit, a request waits once, in line, then runs at
// full speed; writes, members' pages and visitors' misses wait in lines of their own that take turns (`Lane`).
// Long-lived streams (server-sent events) never take a place. On PGlite with 200 connections
// (docs/performance.md) 64 served most (16: 84 req/s, 64: 127, 128: 124), with no request left unanswered.
import type { NextFunction, Request, Response } from "express";
import { requestLane, type Lane } from "#app/lib/request-lane.ts";

/**
 * The one request that never takes a place: a member's notification stream, however its address is spelled.
 * Asking for an event stream elsewhere (`Accept: text/event-stream`) does not skip the line.
 */
export function isNotificationStream(req: Pick<Request, "method" | "path">): boolean {
  return req.method === "GET" && req.path.toLowerCase().replace(/\/+$/, "") === "/notifications/stream";
}

/** What a request that waited too long is told (503, with Retry-After). */
export const BUSY_MESSAGE = "O servidor está ocupado agora. Tente de novo em instantes.";

/**
 * The lines a request waits in: a write (any method but GET and HEAD), a member's page (a session cookie) or a
 * visitor's page the cache could not answer. A freed place goes to each non-empty line in turn, so a write waits
 * for at most a couple of places to free however many visitors are waiting, and the page a member returns to
 * after it is not stuck behind them either (visitors' cache hits never reach this line at all).
 */
export type { Lane };
const LANES: readonly Lane[] = ["write", "member", "visitor"];

export function laneOf(req: Pick<Request, "method" | "headers">, isMember: boolean): Lane {
  if (req.method !== "GET" && req.method !== "HEAD") return "write";
  return isMember ? "member" : "visitor";
}

export function concurrencyLimit(
  max: number,
  {
    bypass,
    lane = () => "visitor",
    maxWaitMs = 30_000,
  }: { bypass: (req: Request) => boolean; lane?: (req: Request) => Lane; maxWaitMs?: number },
) {
  let active = 0;
  const waiting: Record<Lane, Array<() => void>> = { write: [], member: [], visitor: [] };
  /** The line whose turn comes next when a place frees. */
  let turn = 0;

  const nextWaiting = () => {
    for (let step = 0; step < LANES.length; step++) {
      const line = waiting[LANES[(turn + step) % LANES.length]!];
      if (line.length) {
        turn = (turn + step + 1) % LANES.length;
        return line.shift();
      }
    }
    return undefined;
  };

  const handOn = () => {
    const next = nextWaiting();
    if (next) next();
    else active--;
  };

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (bypass(req)) return next();
    const laneName = lane(req);
    const line = waiting[laneName];
    let state: "waiting" | "running" | "done" = "waiting";
    const finish = () => {
      if (state === "running") handOn();
      state = "done";
    };
    const start = () => {
      if (state !== "waiting") return;
      state = "running";
      // Everything the request runs knows its line: the database answers in the same order.
      requestLane.run(laneName, next);
    };
    const leaveLine = () => {
      const at = line.indexOf(start);
      if (at >= 0) line.splice(at, 1);
    };
    res.once("finish", finish);
    res.once("close", () => {
      if (state === "waiting") leaveLine();
      finish();
    });
    if (active < max) {
      active++;
      start();
      return;
    }
    line.push(start);
    // A line that does not move is answered rather than kept forever.
    const giveUp = setTimeout(() => {
      if (state !== "waiting") return;
      leaveLine();
      state = "done";
      res.status(503).set("Retry-After", "5").type("text/plain; charset=utf-8").send(BUSY_MESSAGE);
    }, maxWaitMs);
    giveUp.unref();
    res.once("close", () => clearTimeout(giveUp));
  }

  const waitingIn = (name: Lane) => waiting[name].length;
  return {
    middleware,
    stats: () => ({ active, waiting: LANES.reduce((sum, name) => sum + waitingIn(name), 0) }),
    waitingIn,
  };
}
