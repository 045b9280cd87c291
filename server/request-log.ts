import type { RequestHandler } from "express";
import type { Logger } from "pino";

const SECRET_QUERY_KEYS = new Set(["token", "code", "state"]);
/** Our e-mailed tokens are 32 random bytes in base64url (43 characters); slugs are lower case. */
const TOKEN_SEGMENT = /^(?=.*[A-Z])[A-Za-z0-9_-]{43}$/;

/**
 * The address as logged: one-time tokens (a reset or confirmation link's) replaced, so whoever reads the logs
 * cannot use a link a member has not opened yet.
 */
export function redactedUrl(originalUrl: string): string {
  const [path = "", query] = originalUrl.split(/\?(.*)/s, 2);
  const safePath = path
    .split("/")
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? "[redigido]" : segment))
    .join("/");
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  for (const key of new Set(params.keys())) {
    if (SECRET_QUERY_KEYS.has(key.toLowerCase())) params.set(key, "[redigido]");
  }
  return `${safePath}?${params.toString()}`;
}

/** One line per request, written when the response finishes. Static assets are logged at debug level. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const quiet = req.path.startsWith("/assets/") || req.path === "/healthz";
      logger[quiet ? "debug" : "info"](
        {
          method: req.method,
          url: redactedUrl(req.originalUrl),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
        },
        "request",
      );
    });
    next();
  };
}
