// The REST API's dispatcher (ADR 036): finds the operation of the operations table that answers a request,
// authenticates its bearer token, counts it against the API's rate limits, parses its path, query and JSON
// body with the operation's own Zod schemas, runs its handler and answers JSON with an ETag, CORS for reads and
// the one error shape. It lives beside the routes because the handlers call many features (routes compose
// features, ADR 026); the contract it serves lives in features/api.
import { createHash } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import {
  authenticateAccessToken,
  readBearerToken,
  type AuthenticatedToken,
} from "#app/features/accounts/access-tokens.server.ts";
import { hitRateLimit, type RateLimitRule } from "#app/lib/rate-limits.server.ts";
import { suspendedWriteRefusal } from "#app/features/moderation/suspension-guard.server.ts";
import { API_BASE_PATH } from "#app/features/api/document.ts";
import { API_MESSAGES, apiErrorFrom, ApiError } from "#app/features/api/errors.ts";
import { API_RATE_LIMITS } from "#app/features/api/limits.ts";
import {
  operationList,
  type Operation,
  type OperationId,
  type Operations,
} from "#app/features/api/operations.ts";
import { clientAddressKey } from "#app/lib/client-address.ts";
import { clientIpContext } from "#app/lib/context.ts";
import { getDb } from "#app/lib/db.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";

/** The largest JSON body the API reads (the HTTP server's own ceiling for every body is 1 MB, ADR 022). */
const API_BODY_MAX_BYTES = 512 * 1024;

/** What a schema parses to; nothing when the operation has no such schema. */
type Output<T> = [Exclude<T, undefined>] extends [never]
  ? undefined
  : z.output<Exclude<T, undefined> & z.ZodType>;

type HandlerInput<O extends Operation> = {
  params: Output<O["params"]>;
  query: Output<O["query"]>;
  body: Output<O["body"]>;
  /** The token's member, or null for a visitor. */
  viewer: Viewer | null;
  token: AuthenticatedToken | null;
  request: Request;
  context: Readonly<RouterContextProvider>;
};

type Handler<O extends Operation> = (input: HandlerInput<O>) => Promise<z.input<O["success"]["schema"]>>;

/** One handler per operation of the table: TypeScript refuses a missing or an extra one. */
export type Handlers = { [K in OperationId]: Handler<Operations[K]> };

type Compiled = { operation: Operation & { operationId: OperationId }; pattern: RegExp; names: string[] };

let compiled: Compiled[] | undefined;
function routes(): Compiled[] {
  compiled ??= operationList().map((operation) => {
    const names: string[] = [];
    // Paths are plain segments and {names}: nothing else to escape.
    const source = operation.path.replace(/\./g, "\\.").replace(/\{(\w+)\}/g, (_match, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
    return { operation, pattern: new RegExp(`^${source}$`), names };
  });
  return compiled;
}

const CORS_READ_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, Retry-After, WWW-Authenticate",
};

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });
}

function errorResponse(error: ApiError, extra: Record<string, string> = {}): Response {
  return jsonResponse(
    error.status,
    { error: { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) } },
    { "Cache-Control": "no-store", ...error.headers, ...extra },
  );
}

/** A weak ETag of a JSON body. */
function etagOf(body: string): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

async function limit(rule: RateLimitRule, subject: string): Promise<void> {
  const result = await hitRateLimit(rule, subject);
  if (!result.allowed) {
    throw new ApiError(
      "rate_limited",
      `Muitos pedidos à API. Tente de novo em ${result.retryAfterSeconds} s.`,
      { headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
}

/** No request body nests deeper than this (a body of 400 KB of `[[[…]]]` is not an answer). */
const JSON_DEPTH_MAX = 32;

/**
 * Whether a parsed body holds a NUL anywhere, or nests deeper than JSON_DEPTH_MAX (then it is refused too).
 * Walks with its own stack: a deep body cannot overflow the call stack.
 */
function hasNulOrIsTooDeep(parsed: unknown): "nul" | "deep" | null {
  const stack: { value: unknown; depth: number }[] = [{ value: parsed, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return "nul";
    } else if (value && typeof value === "object") {
      if (depth >= JSON_DEPTH_MAX) return "deep";
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes("\u0000")) return "nul";
        stack.push({ value: inner, depth: depth + 1 });
      }
    }
  }
  return null;
}

/** Zod's first issue as a 422 on its field, in Portuguese. */
function invalid(error: z.ZodError, where: "path" | "query" | "body"): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join(".") : undefined;
  const what = field ? `O campo "${field}"` : where === "body" ? "O corpo" : "O endereço";
  let detail = "é inválido";
  if (issue?.code === "invalid_type")
    detail = issue.input === undefined ? "é obrigatório" : "tem o tipo errado";
  else if (issue?.code === "too_small")
    detail = `é curto ou pequeno demais (mínimo ${String(issue.minimum)})`;
  else if (issue?.code === "too_big") detail = `é longo ou grande demais (máximo ${String(issue.maximum)})`;
  else if (issue?.code === "invalid_value")
    detail = `deve ser um destes: ${issue.values.map(String).join(", ")}`;
  else if (issue?.code === "unrecognized_keys") detail = `não conhece os campos ${issue.keys.join(", ")}`;
  return new ApiError("validation", `${what} ${detail}.`, field ? { field } : {});
}

async function readJsonBody(request: Request): Promise<unknown> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (!/^application\/([\w.+-]+\+)?json\b/.test(type)) {
    throw new ApiError("unsupported_media_type", API_MESSAGES.json);
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > API_BODY_MAX_BYTES) throw new ApiError("payload_too_large", API_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > API_BODY_MAX_BYTES) throw new ApiError("payload_too_large", API_MESSAGES.tooLarge);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw new ApiError("validation", API_MESSAGES.invalidJson);
  }
  const unreadable = hasNulOrIsTooDeep(parsed);
  if (unreadable === "nul") throw new ApiError("validation", API_MESSAGES.nul);
  if (unreadable === "deep") throw new ApiError("validation", API_MESSAGES.tooDeep);
  return parsed;
}

function queryObject(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = value;
  return query;
}

/** Who is calling: a token's member, or a visitor. A token that is sent must be valid (401 otherwise). */
async function authenticate(request: Request): Promise<AuthenticatedToken | null> {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const raw = readBearerToken(request);
  const token = raw ? await authenticateAccessToken(await getDb(), raw) : null;
  if (!token) {
    throw new ApiError("unauthenticated", API_MESSAGES.invalidToken, {
      headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' },
    });
  }
  return token;
}

/** Answers one request under /api/v1 (the resource route's loader and action both land here). */
export async function dispatch(
  request: Request,
  context: Readonly<RouterContextProvider>,
  handlers: Handlers,
): Promise<Response> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const read = method === "GET" || method === "HEAD";
  const cors = read || method === "OPTIONS" ? CORS_READ_HEADERS : {};
  const path = url.pathname.slice(API_BASE_PATH.length).replace(/\/+$/, "") || "/";
  let decoded: string;
  try {
    decoded = decodeURI(path);
  } catch {
    decoded = path;
  }
  // The site's input guard does not run under /api/v1 (the API reads JSON, not forms): a NUL in the address
  // is refused here, before any parameter reaches a query.
  if (decoded.includes("\u0000") || url.search.includes("%00") || /%00/i.test(url.pathname)) {
    return errorResponse(new ApiError("validation", API_MESSAGES.nul), cors);
  }
  const candidates = routes()
    .map((route) => ({ route, match: route.pattern.exec(decoded) }))
    .filter((found) => found.match !== null);
  if (candidates.length === 0) return errorResponse(new ApiError("not_found", API_MESSAGES.notFound), cors);
  const allowed = [...new Set(candidates.map((c) => c.route.operation.method.toUpperCase()))];
  if (allowed.includes("GET")) allowed.push("HEAD");
  // CORS preflight: reads may be made from any page (no cookies are ever read, so nothing ambient leaks);
  // writes are for scripts and servers, not for other sites' pages.
  if (method === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: {
        ...CORS_READ_HEADERS,
        "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
        "Access-Control-Allow-Headers": "Authorization, If-None-Match",
        "Access-Control-Max-Age": "600",
        Allow: [...allowed, "OPTIONS"].join(", "),
      },
    });
  }
  const found = candidates.find((c) => c.route.operation.method.toUpperCase() === (read ? "GET" : method));
  if (!found?.match) {
    return errorResponse(new ApiError("method_not_allowed", API_MESSAGES.methodNotAllowed), {
      ...cors,
      Allow: [...allowed, "OPTIONS"].join(", "),
    });
  }
  const { operation, names } = found.route;
  let token: AuthenticatedToken | null = null;
  try {
    // Keyed like every other per-address limit: an IPv6 client owns its whole /64.
    await limit(API_RATE_LIMITS.perAddress, clientAddressKey(context.get(clientIpContext) || "unknown"));
    token = await authenticate(request);
    if (token) await limit(API_RATE_LIMITS.perToken, String(token.tokenId));
    const viewer = token?.viewer ?? null;
    if (operation.access !== "public" && !token) {
      throw new ApiError("unauthenticated", API_MESSAGES.unauthenticated, {
        headers: { "WWW-Authenticate": "Bearer" },
      });
    }
    if (operation.access === "write") {
      if (!token?.scopes.includes("write")) throw new ApiError("insufficient_scope", API_MESSAGES.writeScope);
      // A suspended member reads but does not write, through the API as on the site (the same refusal).
      const refusal = await suspendedWriteRefusal(request, viewer);
      if (refusal) throw new ApiError("forbidden", refusal);
    }
    const rawParams = Object.fromEntries(names.map((name, i) => [name, found.match?.[i + 1] ?? ""]));
    const params = operation.params ? operation.params.safeParse(rawParams) : null;
    if (params && !params.success) throw invalid(params.error, "path");
    const query = operation.query ? operation.query.safeParse(queryObject(url)) : null;
    if (query && !query.success) throw invalid(query.error, "query");
    let body: unknown;
    if (operation.body) {
      const parsed = operation.body.safeParse(await readJsonBody(request));
      if (!parsed.success) throw invalid(parsed.error, "body");
      body = parsed.data;
    }
    const handler = handlers[operation.operationId] as unknown as (
      input: HandlerInput<Operation>,
    ) => Promise<unknown>;
    const result = await handler({
      params: params?.data,
      query: query?.data,
      body,
      viewer,
      token,
      request,
      context,
    } as HandlerInput<Operation>);
    const text = JSON.stringify(result);
    if (!read)
      return new Response(text, {
        status: operation.success.status,
        headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
      });
    const etag = etagOf(text);
    const headers = {
      ...cors,
      ETag: etag,
      Vary: "Authorization",
      // A member's answer is theirs (their votes and favourites); a visitor's may be kept a few seconds.
      "Cache-Control": token ? "private, no-cache" : "public, max-age=10",
    };
    if (matchesEtag(request.headers.get("if-none-match"), etag))
      return new Response(null, { status: 304, headers });
    return new Response(text, {
      status: 200,
      headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
    });
  } catch (error) {
    const refusal = apiErrorFrom(error);
    if (refusal) return errorResponse(refusal, cors);
    logger.error({ err: error, operationId: operation.operationId }, "REST API operation failed");
    return errorResponse(new ApiError("internal", API_MESSAGES.internal), cors);
  }
}
