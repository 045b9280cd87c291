import type { Logger } from "pino";
import { performance } from "node:perf_hooks";
import type { RequestHandler } from "express";

const SECRET_QUERY_KEYS = new Set(["token", "code", "state"]);
/**
 * Our e-mailed tokens and link digests are 32 random bytes in base64url (43 characters), so they almost surely
 * hold a capital letter; slugs and handles are lower case. Found anywhere: a path segment, before `.data`,
 * inside an encoded `redirectTo`.
 */
const TOKEN_RUN = /(?<![\w-])(?=[\w-]*[A-Z])[\w-]{40,}(?![\w-])/g;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The address as logged: one-time tokens (a reset, confirmation or unsubscribe link's) replaced, so whoever
 * reads the logs cannot use a link a member has not opened yet.
 */
export function redactedUrl(originalUrl: string): string {
  const [path = "", query] = originalUrl.split(/\?(.*)/s, 2);
  const safePath = decoded(path).replace(TOKEN_RUN, "[redigido]");
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  const parts: string[] = [];
  for (const [key, value] of params) {
    const safeValue = SECRET_QUERY_KEYS.has(key.toLowerCase())
      ? "[redigido]"
      : value.replace(TOKEN_RUN, "[redigido]");
    parts.push(`${key}=${safeValue}`);
  }
  return `${safePath}?${parts.join("&")}`;
}

/** Static assets and health checks, logged at debug level only. */
const quiet = (url: string | undefined) => Boolean(url?.startsWith("/assets/") || url === "/healthz");

/** Ids of this process's requests, as in the log lines (wrapping past 2³¹ like pino-http's did). */
let lastRequestId = 0;

/**
 * One line per request when its response finishes, or when its client leaves first: method, address with its
 * tokens redacted, status and milliseconds; never headers (cookies, authorisation). A 5xx, or a response that
 * failed, is logged as an error. Written by the app's logger when the response ends: pino-http made
 * two child loggers for every request before it ran, ~14 % of a visitor's cached page (ADR 073).
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const id = (lastRequestId = (lastRequestId + 1) & 0x7fffffff);
    const done = (error?: unknown) => {
      res.off("finish", done);
      res.off("close", done);
      res.off("error", done);
      const status = res.statusCode;
      // The client left before the whole response was written: logged as it was, and said so.
      const aborted = !res.writableFinished;
      const failed = error !== undefined || status >= 500;
      const level = failed ? "error" : quiet(req.originalUrl) ? "debug" : "info";
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        // `reqId` on every line, as pino-http wrote it, for whoever searches the logs by it.
        reqId: id,
        req: { id, method: req.method, url: redactedUrl(req.originalUrl) },
        res: { status },
        ms: Math.round(performance.now() - started),
        ...(aborted ? { aborted } : {}),
        ...(failed ? { err: error ?? new Error(`failed with status code ${status}`) } : {}),
      };
      logger[level](line, failed ? "request failed" : "request");
    };
    res.on("finish", done);
    res.on("close", done);
    res.on("error", done);
    next();
  };
}
