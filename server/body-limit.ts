// Every request body has a ceiling, enforced while it streams in and before the app (sessions, form parsing,
// the NUL check's clone) sees a byte of it (ADR 022). A declared Content-Length past the ceiling is refused
// at once; a body sent without one (chunked) is counted as it arrives and refused the moment it passes. The
// accepted body is kept as one buffer and handed to React Router (server/app-handler.ts).
import type { NextFunction, Request, Response } from "express";
import { IMAGE_MAX_BYTES } from "#app/lib/sanitize-rules.ts";

/** Forms, JSON and everything that carries no file: a long post in HTML is a few hundred KB. */
const FORM_BODY_MAX_BYTES = 1024 * 1024;
/** Forms that may carry one image (the editor's upload, a post's cover, the avatar) and the form around it. */
const UPLOAD_BODY_MAX_BYTES = IMAGE_MAX_BYTES + FORM_BODY_MAX_BYTES;

const TOO_LARGE_MESSAGE =
  "O envio é grande demais para ser recebido. Diminua o texto ou a imagem (até 5 MB) e tente de novo.";

/** Addresses whose forms carry a file (React Router's data requests end in ".data"). */
const UPLOAD_PATHS = [
  /^\/api\/uploads$/,
  /^\/write-a-post$/,
  /^\/blog\/[^/]+\/editar$/,
  /^\/configuracoes$/,
  /^\/test\/editor$/,
];

function bodyLimitFor(path: string): number {
  const normal = path
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/\/+$/, "");
  return UPLOAD_PATHS.some((pattern) => pattern.test(normal)) ? UPLOAD_BODY_MAX_BYTES : FORM_BODY_MAX_BYTES;
}

/** The body read by `bodyLimit`, for the request handler. */
export function bufferedBody(res: Response): Uint8Array<ArrayBuffer> | undefined {
  return res.locals.requestBody as Uint8Array<ArrayBuffer> | undefined;
}

/** How long a refused sender has to read the answer before its connection is closed. */
const LINGER_MS = 5_000;

function refuse(req: Request, res: Response) {
  // The rest of the body is not read: the socket is paused (a listener marks the body as taken, so Node does
  // not drain it either), the sender's writes stall on TCP back-pressure, and it reads the answer at leisure.
  // The answer says "Connection: close", so no client sends another request behind the unread body; Node
  // would then destroy the socket as soon as the answer is out, and a reset while the sender still writes can
  // swallow the answer, so this socket only half-closes, and is destroyed after the linger.
  const socket = req.socket;
  req.on("data", () => undefined);
  req.pause();
  socket.destroySoon = () => void socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  socket.once("close", () => clearTimeout(timer));
  const wantsJson = req.path.startsWith("/api/") || (req.get("accept") ?? "").includes("application/json");
  res.status(413).set("Connection", "close");
  // The REST API's one error shape (ADR 036).
  if (req.path.startsWith("/api/v1/"))
    res.json({ error: { code: "payload_too_large", message: TOO_LARGE_MESSAGE } });
  else if (wantsJson) res.json({ error: TOO_LARGE_MESSAGE });
  else res.type("text/plain; charset=utf-8").send(TOO_LARGE_MESSAGE);
}

/** Refuses declared bodies past the ceiling; call before anything that waits in line. */
export function declaredBodyLimit(limitFor = bodyLimitFor) {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = Number(req.get("content-length") ?? 0);
    if (declared > limitFor(req.path)) return refuse(req, res);
    next();
  };
}

export type BodyReadingOptions = {
  limitFor?: (path: string) => number;
  /** Bytes of bodies being read at once, across requests (declared lengths, else the ceiling). */
  budgetBytes?: number;
  /** After `graceMs`, a body must have come at this average rate or more, or the request gets 408. */
  minBytesPerSecond?: number;
  graceMs?: number;
};

const SLOW_BODY_MESSAGE = "O envio demorou demais para chegar. Verifique a conexão e tente de novo.";
const BODIES_BUSY_MESSAGE = "O servidor está recebendo muitos envios agora. Tente de novo em instantes.";

/**
 * Reads the body into memory up to its ceiling, before the request takes a place in line (server/
 * concurrency-limit.ts): a sender trickling a body a byte at a time must not hold one of the app's places. What
 * bounds memory instead is a budget of bytes being read at once (503 past it), and what bounds time is a minimum
 * average rate after a grace period (408): a phone on a slow network sends tens of KB a second, a slowloris
 * a byte every few seconds.
 */
export function bodyLimit({
  limitFor = bodyLimitFor,
  budgetBytes = 64 * 1024 * 1024,
  minBytesPerSecond = 1024,
  graceMs = 10_000,
}: BodyReadingOptions = {}) {
  let reserved = 0;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = limitFor(req.path);
    const declared = req.get("content-length");
    const reservation = declared === undefined ? limit : Math.min(Number(declared) || 0, limit);
    if (reserved + reservation > budgetBytes) {
      req.resume();
      res.status(503).set({ "Retry-After": "5", Connection: "close" });
      res.type("text/plain; charset=utf-8").send(BODIES_BUSY_MESSAGE);
      return;
    }
    reserved += reservation;
    const started = Date.now();
    const chunks: Buffer[] = [];
    let received = 0;
    let done = false;
    const finish = () => {
      if (done) return false;
      done = true;
      reserved -= reservation;
      clearInterval(pace);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", finish);
      req.off("close", finish);
      return true;
    };
    const pace = setInterval(() => {
      const elapsed = Date.now() - started;
      if (elapsed < graceMs || received >= (minBytesPerSecond * elapsed) / 1000) return;
      if (!finish()) return;
      res.status(408).set("Connection", "close").type("text/plain; charset=utf-8").send(SLOW_BODY_MESSAGE);
      res.once("finish", () => req.socket.destroy());
    }, 1000);
    const onData = (chunk: Buffer) => {
      if (done) return;
      received += chunk.length;
      if (received > limit) {
        finish();
        return refuse(req, res);
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (!finish()) return;
      const body = new Uint8Array(received);
      let offset = 0;
      for (const chunk of chunks) {
        body.set(chunk, offset);
        offset += chunk.length;
      }
      res.locals.requestBody = body;
      next();
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", finish);
    req.on("close", finish);
  };
}
