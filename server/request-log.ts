import type { RequestHandler } from "express";
import type { Logger } from "pino";

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
