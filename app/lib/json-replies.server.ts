// The JSON answers of the site's own endpoints for its scripts (/api/uploads, /api/drafts): never cached, and a
// refusal answered with its status and Portuguese message, a rate limit with its Retry-After.
import { isAppError } from "./errors.ts";
import { RateLimitError } from "./rate-limits.server.ts";

export function jsonReply(body: Record<string, unknown>, status = 200, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** What `error` answers when it is a refusal (an AppError); null for a failure the caller handles. */
export function refusalOf(
  error: unknown,
): { message: string; status: number; headers: Record<string, string> } | null {
  if (!isAppError(error)) return null;
  const headers: Record<string, string> =
    error instanceof RateLimitError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  return { message: error.message, status: error.status, headers };
}
