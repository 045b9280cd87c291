// PostgreSQL's unique-violation error (23505), as both drivers report it (Drizzle wraps it in `cause`).
type PgError = { code?: string; constraint?: string; cause?: unknown; message?: string };

/** The name of the violated unique constraint, or null when `error` is something else. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as PgError;
    if (candidate.code === "23505") {
      return candidate.constraint ?? /"([^"]+)"/.exec(candidate.message ?? "")?.[1] ?? "unknown";
    }
    current = candidate.cause;
  }
  return null;
}
