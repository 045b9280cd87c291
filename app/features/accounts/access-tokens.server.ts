// Personal access tokens for the REST API (ADR 036). A member creates a token in Configurações, sees it once, and
// sends it as `Authorization: Bearer sdd_…`. The database keeps only its SHA-256, like sessions: a stolen
// database yields no working token. Scopes: `read`, or `read` + `write`.
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { accessTokens, users } from "#db/schema.ts";
import { preparedQuery, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { hashToken } from "#app/lib/tokens.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { toViewer, viewerColumns } from "./viewer-row.server.ts";

type AccessTokenScope = "read" | "write";
const ACCESS_TOKEN_SCOPES: readonly AccessTokenScope[] = ["read", "write"];

/** Tokens a member may hold at once (revoked ones do not count). */
export const ACCESS_TOKENS_PER_MEMBER = 20;
export const ACCESS_TOKEN_NAME_MAX = 60;
/** `last_used_at` is written at most this often per token, so reading through the API does not write each time. */
const LAST_USED_PRECISION_MS = 60_000;

/** Every token starts with this, so secret scanners (and people) recognise one pasted where it should not be. */
const TOKEN_PREFIX = "sdd_";
const TOKEN_SHAPE = /^sdd_[A-Za-z0-9_-]{43}$/;

export type AccessTokenSummary = {
  id: number;
  name: string;
  /** The first characters of the token, enough to tell two apart, never enough to use one. */
  prefix: string;
  scopes: AccessTokenScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export type AuthenticatedToken = {
  viewer: Viewer;
  tokenId: number;
  scopes: AccessTokenScope[];
};

const summaryColumns = {
  id: accessTokens.id,
  name: accessTokens.name,
  prefix: accessTokens.prefix,
  scopes: accessTokens.scopes,
  createdAt: accessTokens.createdAt,
  lastUsedAt: accessTokens.lastUsedAt,
  revokedAt: accessTokens.revokedAt,
};

function toSummary(row: Omit<AccessTokenSummary, "scopes"> & { scopes: string[] }): AccessTokenSummary {
  return { ...row, scopes: normaliseScopes(row.scopes) };
}

/** `write` always brings `read` along; unknown scopes are dropped. */
function normaliseScopes(scopes: readonly string[]): AccessTokenScope[] {
  const wanted = new Set(scopes);
  if (wanted.has("write")) wanted.add("read");
  return ACCESS_TOKEN_SCOPES.filter((scope) => wanted.has(scope));
}

/** Creates a token for the viewer. The returned `token` is shown once and never again. */
export async function createAccessToken(
  executor: Executor,
  viewer: Viewer | null,
  input: { name: string; scopes: readonly string[] },
  now: Date = new Date(),
): Promise<{ token: string; summary: AccessTokenSummary }> {
  if (!viewer) throw new AppError("unauthenticated", "Entre na sua conta para criar um token.");
  const name = input.name.trim().replace(/\s+/g, " ");
  if (!name) throw new AppError("validation", "Dê um nome ao token.", { field: "name" });
  if (name.length > ACCESS_TOKEN_NAME_MAX) {
    throw new AppError("validation", `O nome pode ter até ${ACCESS_TOKEN_NAME_MAX} caracteres.`, {
      field: "name",
    });
  }
  const scopes = normaliseScopes(input.scopes);
  if (scopes.length === 0) {
    throw new AppError("validation", "Escolha o que o token pode fazer.", { field: "scopes" });
  }
  const [counted] = await executor
    .select({ active: sql<number>`count(*)::int` })
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, viewer.id), isNull(accessTokens.revokedAt)));
  if ((counted?.active ?? 0) >= ACCESS_TOKENS_PER_MEMBER) {
    throw new AppError(
      "conflict",
      `Você já tem ${ACCESS_TOKENS_PER_MEMBER} tokens ativos. Revogue um que não use mais para criar outro.`,
      { field: "name" },
    );
  }
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const [row] = await executor
    .insert(accessTokens)
    .values({
      userId: viewer.id,
      name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, TOKEN_PREFIX.length + 6),
      scopes,
      createdAt: now,
    })
    .returning(summaryColumns);
  if (!row) throw new Error("createAccessToken: insert returned nothing");
  return { token, summary: toSummary(row) };
}

/** The viewer's tokens, newest first (revoked ones included, marked). */
export async function listAccessTokens(executor: Executor, viewer: Viewer): Promise<AccessTokenSummary[]> {
  const rows = await executor
    .select(summaryColumns)
    .from(accessTokens)
    .where(eq(accessTokens.userId, viewer.id))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id))
    .limit(100);
  return rows.map(toSummary);
}

/** Revokes one of the viewer's tokens; another member's token, or none, is "not found". */
export async function revokeAccessToken(
  executor: Executor,
  viewer: Viewer | null,
  tokenId: number,
  now: Date = new Date(),
): Promise<void> {
  if (!viewer) throw new AppError("unauthenticated", "Entre na sua conta para revogar um token.");
  const [row] = await executor
    .update(accessTokens)
    .set({ revokedAt: sql`coalesce(${accessTokens.revokedAt}, ${now})` })
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, viewer.id)))
    .returning({ id: accessTokens.id });
  if (!row) throw new AppError("not_found", "Token não encontrado.");
}

const tokenByHash = preparedQuery((db) =>
  db
    .select({
      ...viewerColumns,
      tokenId: accessTokens.id,
      scopes: accessTokens.scopes,
      lastUsedAt: accessTokens.lastUsedAt,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, sql.placeholder("tokenHash")), isNull(accessTokens.revokedAt)))
    .limit(1)
    .prepare("access_token_by_hash"),
);

/** The raw token of an `Authorization: Bearer …` header, or null when there is none or it is not one of ours. */
export function readBearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  const token = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  return token && TOKEN_SHAPE.test(token) ? token : null;
}

/**
 * Who a token speaks for: one indexed query. Null for an unknown or revoked token. Notes the time of use (at
 * most once a minute per token).
 */
export async function authenticateAccessToken(
  executor: Executor,
  token: string,
  now: Date = new Date(),
): Promise<AuthenticatedToken | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await tokenByHash({ tokenHash: hashToken(token) });
  if (!row) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await executor.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, row.tokenId));
  }
  return { viewer: toViewer(row), tokenId: row.tokenId, scopes: normaliseScopes(row.scopes) };
}

/**
 * Revokes every active token of a member. A password reset or change ends what a thief may hold — sessions,
 * devices, e-mail links — and a token they made with a stolen session is one more way back in.
 */
export async function revokeAccessTokensOf(
  executor: Executor,
  userId: number,
  now: Date = new Date(),
): Promise<void> {
  await executor
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
}
