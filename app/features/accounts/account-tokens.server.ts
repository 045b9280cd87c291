// One-time links sent by e-mail (verify the address, reset the password, confirm a new address): random,
// stored as SHA-256, valid for one hour, used once.
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { authTokens } from "#db/schema.ts";
import type { Executor } from "#app/lib/db.server.ts";
import { createToken, hashToken } from "#app/lib/tokens.server.ts";

export type TokenKind = (typeof authTokens.$inferSelect)["kind"];

const TOKEN_TTL_MS = 60 * 60 * 1000;

/** Issues a new token of `kind` for the member; older unused ones of the same kind stop working. */
export async function issueToken(
  executor: Executor,
  userId: number,
  kind: TokenKind,
  options: { newEmail?: string; now?: Date } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const { token, hash } = createToken();
  await executor
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
  await executor.insert(authTokens).values({
    userId,
    kind,
    tokenHash: hash,
    newEmail: options.newEmail ?? null,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
    createdAt: now,
  });
  return token;
}

export type ValidToken = { id: number; userId: number; newEmail: string | null };

/** The token's row when it is of `kind`, unused and not expired; null otherwise. Does not use it up. */
export async function findValidToken(
  executor: Executor,
  kind: TokenKind,
  token: string,
  now: Date = new Date(),
): Promise<ValidToken | null> {
  const [row] = await executor
    .select({ id: authTokens.id, userId: authTokens.userId, newEmail: authTokens.newEmail })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Uses the token up and returns its row, or null when it is unknown, of another kind, expired or already used.
 * One conditional update, so two simultaneous uses cannot both succeed.
 */
export async function consumeToken(
  executor: Executor,
  kind: TokenKind,
  token: string,
  now: Date = new Date(),
): Promise<ValidToken | null> {
  const [row] = await executor
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ id: authTokens.id, userId: authTokens.userId, newEmail: authTokens.newEmail });
  return row ?? null;
}

/**
 * Uses up every outstanding token of these kinds for the member: a password or e-mail change ends the links
 * sent before it (a reset link in an old mailbox, an e-mail change an intruder asked for).
 */
export async function cancelTokens(
  executor: Executor,
  userId: number,
  kinds: readonly TokenKind[],
  now: Date = new Date(),
): Promise<void> {
  await executor
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(eq(authTokens.userId, userId), inArray(authTokens.kind, [...kinds]), isNull(authTokens.usedAt)),
    );
}
