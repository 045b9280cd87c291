import type { Logger } from "pino";
import { pinoHttp, type StdSerializedResults } from "pino-http";

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

/**
 * One line per request when its response finishes (pino-http): method, address with its tokens redacted,
 * status and milliseconds; never headers (cookies, authorisation). A 5xx is logged as an error with its cause.
 */
export function requestLog(logger: Logger) {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    wrapSerializers: true,
    serializers: {
      req: (req: StdSerializedResults["req"]) => ({
        id: req.id,
        method: req.method,
        url: redactedUrl(req.url),
      }),
      res: (res: StdSerializedResults["res"]) => ({ status: res.statusCode }),
    },
    customAttributeKeys: { responseTime: "ms" },
    customLogLevel: (req, res, error) =>
      error || res.statusCode >= 500 ? "error" : quiet(req.url) ? "debug" : "info",
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request failed",
  });
}
