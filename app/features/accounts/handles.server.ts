// Profile handles (/u/{handle}): made from the member's name, unique regardless of case.
import { eq, or, sql } from "drizzle-orm";
import { users } from "#db/schema.ts";
import type { Executor } from "#app/lib/db.server.ts";
import { slugify } from "#app/lib/slug.ts";

const HANDLE_MAX_LENGTH = 24;

/** "Maria da Silva" → "maria-da-silva"; falls back to the e-mail's name, then to "membro". */
export function baseHandle(name: string, email: string): string {
  return (
    slugify(name, { maxLength: HANDLE_MAX_LENGTH }) ||
    slugify(email.split("@")[0] ?? "", { maxLength: HANDLE_MAX_LENGTH }) ||
    "membro"
  );
}

/** The base itself when free, else the first free "base-2", "base-3"… (one query). */
export async function availableHandle(executor: Executor, base: string): Promise<string> {
  const lowered = sql`lower(${users.handle})`;
  // slugify only makes [a-z0-9-], so the base is safe inside a LIKE pattern.
  const rows = await executor
    .select({ handle: users.handle })
    .from(users)
    .where(or(eq(lowered, base), sql`${lowered} like ${`${base}-%`}`));
  const taken = new Set(rows.map((row) => row.handle.toLowerCase()));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
