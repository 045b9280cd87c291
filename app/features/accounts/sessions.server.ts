// Sessions: a random token in an httpOnly, SameSite=Lax cookie; the database keeps only its SHA-256 with the
// member and the expiry. 30 days, sliding: renewed at most once a day so reading pages does not write; and 90
// days from the sign-in at most, however active (a stolen cookie must not live for ever).
import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { sessions, users } from "#db/schema.ts";
import { getDb, preparedQuery, type Executor } from "#app/lib/db.server.ts";
import { addressForDisplay, networkKey } from "#app/lib/client-address.ts";
import { describeUserAgent } from "#app/lib/user-agent.ts";
import { env } from "#app/lib/env.server.ts";
import { createToken, hashToken } from "#app/lib/tokens.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { toViewer, viewerColumns, type ViewerRow } from "./viewer-row.server.ts";

/** What a request tells the accounts about itself. */
export type RequestMeta = {
  /** The client's address (Express' `req.ip`, proxies trusted per TRUST_PROXY). */
  ip: string;
  userAgent: string | null;
  /** The site's public origin, for links in e-mails. */
  origin: string;
  /** The session token the request already carries, replaced on sign-in. */
  currentToken?: string | null;
  /** The known-device token the browser carries (known-devices.server.ts). */
  deviceToken?: string | null;
};

/**
 * A member signed in by the operation, with the token for the session cookie and, when the browser is not yet
 * known for this member, the one for the known-device cookie.
 */
export type SignedIn = { viewer: Viewer; token: string; device: string | null };

export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
const SESSION_TTL_MS = SESSION_TTL_SECONDS * 1000;
/** The absolute lifetime: no renewal goes past the sign-in plus this (ADR 023). */
const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** A session is pushed forward when its last renewal is older than this. */
const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

const COOKIE_NAME = "sdd_session";
/** Under https the cookie carries the `__Host-` prefix: Secure, Path=/ and no Domain, enforced by the browser. */
const SECURE_COOKIE_NAME = "__Host-sdd_session";

/** Whether the site is served over https (then cookies are Secure and carry the `__Host-` prefix). */
export function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || Boolean(env().PUBLIC_URL?.startsWith("https:"));
}

function sessionCookieName(request: Request): string {
  return isSecure(request) ? SECURE_COOKIE_NAME : COOKIE_NAME;
}

/** A cookie's value when it looks like one of our tokens (anything else is ignored). */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return /^[\w-]{20,100}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** The session token the browser sent, if any (not checked against the database). */
export function readSessionToken(request: Request): string | null {
  return readCookie(request, sessionCookieName(request));
}

/** The `Set-Cookie` value that stores `token` for the whole expiry. */
export function sessionCookie(request: Request, token: string): string {
  const attributes = [`Path=/`, `Max-Age=${SESSION_TTL_SECONDS}`, "HttpOnly", "SameSite=Lax"];
  if (isSecure(request)) attributes.push("Secure");
  return `${sessionCookieName(request)}=${token}; ${attributes.join("; ")}`;
}

/** The `Set-Cookie` value that removes the session cookie. */
export function clearSessionCookie(request: Request): string {
  const attributes = ["Path=/", "Max-Age=0", "HttpOnly", "SameSite=Lax"];
  if (isSecure(request)) attributes.push("Secure");
  return `${sessionCookieName(request)}=; ${attributes.join("; ")}`;
}

/** Whether a response already sets (or clears) the session cookie. */
export function setsSessionCookie(request: Request, response: Response): boolean {
  const name = `${sessionCookieName(request)}=`;
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(name));
}

/**
 * Starts a session for a member who just proved who they are (sign-up, sign-in, a provider, a reset) and
 * remembers the network they came from: votes between members on one network move no reputation (ADR 047).
 */
export async function startSession(
  executor: Executor,
  userId: number,
  client: { userAgent: string | null; ip: string },
  now: Date = new Date(),
): Promise<string> {
  await executor
    .update(users)
    .set({ network: networkKey(client.ip) })
    .where(eq(users.id, userId));
  return createSession(executor, userId, client.userAgent, now, addressForDisplay(client.ip));
}

/** Starts a session for `userId` and returns the token for the cookie. */
export async function createSession(
  executor: Executor,
  userId: number,
  userAgent: string | null,
  now: Date = new Date(),
  place: string | null = null,
): Promise<string> {
  const { token, hash } = createToken();
  await executor.insert(sessions).values({
    idHash: hash,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
    place,
  });
  // Now and then, forget sessions that expired long ago.
  if (Math.random() < 0.02) {
    await executor.delete(sessions).where(lt(sessions.expiresAt, now));
  }
  return token;
}

export type ResolvedSession = {
  viewer: Viewer | null;
  /** The member's unread notifications, read in the same statement. */
  unreadNotifications?: number;
  /** A `Set-Cookie` to add to the response: the renewed cookie, or the removal of a dead one. */
  setCookie?: string;
};

/**
 * What resolving a session reads: the viewer, the session's dates and the bell's count. Exported with the
 * condition below for a statement that reads a page's standing with the session (app/member-pages.server.ts).
 */
export const sessionColumns = {
  ...viewerColumns,
  expiresAt: sessions.expiresAt,
  createdAt: sessions.createdAt,
  // The bell's count rides along: every member page shows it, and a statement of its own was one more
  // round trip to the database on each of them.
  unreadNotifications: sql<number>`(select count(*)::int from notifications n
    where n.user_id = ${users.id} and n.read_at is null)`,
};

/** A live session by its token's hash, over `sessions` joined to `users` (placeholders of `sessionLookupOf`). */
export const liveSessionCondition = and(
  eq(sessions.idHash, sql.placeholder("idHash")),
  gt(sessions.expiresAt, sql.placeholder("now")),
  // Sessions renewed before the absolute lifetime existed may carry a later expiry.
  gt(sessions.createdAt, sql.placeholder("bornAfter")),
);

const sessionByToken = preparedQuery((db) =>
  db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionCondition)
    .limit(1)
    .prepare("session_by_token"),
);

/** The values `liveSessionCondition` is read with for this request's cookie, or null: no cookie. */
export function sessionLookupOf(request: Request, now: Date = new Date()) {
  const token = readSessionToken(request);
  if (!token) return null;
  return { token, idHash: hashToken(token), now, bornAfter: new Date(now.getTime() - SESSION_MAX_AGE_MS) };
}

type SessionLookup = NonNullable<ReturnType<typeof sessionLookupOf>>;
type SessionRow = ViewerRow & { expiresAt: Date; createdAt: Date; unreadNotifications: number };

/**
 * Who is asking, from the session cookie: one indexed query (sessions' primary key joined to users).
 * Pushes the expiry forward at most once a day, and tells the browser to drop a cookie that leads nowhere.
 */
export async function resolveSession(request: Request, now: Date = new Date()): Promise<ResolvedSession> {
  const lookup = sessionLookupOf(request, now);
  if (!lookup) return { viewer: null };
  const { idHash, bornAfter } = lookup;
  const [row] = await sessionByToken({ idHash, now, bornAfter });
  return sessionOfRow(request, lookup, row);
}

/** The session a row of `sessionColumns` read under `liveSessionCondition` says, renewed once a day; none: no row. */
export async function sessionOfRow(
  request: Request,
  { token, idHash, now }: SessionLookup,
  row: SessionRow | undefined,
): Promise<ResolvedSession> {
  if (!row) return { viewer: null, setCookie: clearSessionCookie(request) };

  const viewer = toViewer(row);
  const unreadNotifications = Number(row.unreadNotifications);
  const lastRenewal = row.expiresAt.getTime() - SESSION_TTL_MS;
  const end = row.createdAt.getTime() + SESSION_MAX_AGE_MS;
  // Once the expiry reaches the absolute end, there is nothing left to push forward.
  if (now.getTime() - lastRenewal < SESSION_RENEW_AFTER_MS || row.expiresAt.getTime() >= end) {
    return { viewer, unreadNotifications };
  }

  const db = await getDb();
  await Promise.all([
    db
      .update(sessions)
      .set({ expiresAt: new Date(Math.min(now.getTime() + SESSION_TTL_MS, end)) })
      .where(eq(sessions.idHash, idHash)),
    db.update(users).set({ lastActiveAt: now }).where(eq(users.id, viewer.id)),
  ]);
  return { viewer, unreadNotifications, setCookie: sessionCookie(request, token) };
}

/**
 * Whether the request's session cookie belongs to a live session, read-only: the same indexed query as
 * `resolveSession`, but no renewal and no `lastActiveAt` write. For callers that cannot pass a `Set-Cookie` on
 * (the HTTP server's visitor cache): a renewal there would move the expiry while the browser's cookie stays.
 */
export async function hasLiveSession(request: Request, now: Date = new Date()): Promise<boolean> {
  const lookup = sessionLookupOf(request, now);
  if (!lookup) return false;
  const [row] = await sessionByToken({ idHash: lookup.idHash, now, bornAfter: lookup.bornAfter });
  return row !== undefined;
}

/** Ends the session of this request (sign-out). */
export async function endSession(request: Request): Promise<void> {
  const token = readSessionToken(request);
  if (!token) return;
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Ends the session whose cookie token is `token`. */
export async function endSessionByToken(executor: Executor, token: string): Promise<void> {
  await executor.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/** Ends every session of a member, except the one whose token is `keepToken`. */
export async function endSessionsOf(executor: Executor, userId: number, keepToken?: string | null) {
  await executor
    .delete(sessions)
    .where(
      keepToken
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, hashToken(keepToken)))
        : eq(sessions.userId, userId),
    );
}

/** A session as the sessions page lists it: named by its public id, never by the cookie's hash. */
export type SessionSummary = {
  id: string;
  browser: string;
  place: string | null;
  startedAt: Date;
  /** The day of its last renewal: sessions are pushed forward at most once a day. */
  lastSeenAt: Date;
  current: boolean;
};

/** A member's open sessions, newest first, this browser's marked. */
export async function listSessions(
  userId: number,
  currentToken: string | null,
  now: Date = new Date(),
): Promise<SessionSummary[]> {
  const db = await getDb();
  const currentHash = currentToken ? hashToken(currentToken) : null;
  const rows = await db
    .select({
      idHash: sessions.idHash,
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      place: sessions.place,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, new Date(now.getTime() - SESSION_MAX_AGE_MS)),
      ),
    )
    .orderBy(desc(sessions.expiresAt))
    .limit(100);
  return rows.map((row) => ({
    id: row.publicId,
    browser: describeUserAgent(row.userAgent),
    place: row.place,
    startedAt: row.createdAt,
    lastSeenAt: new Date(Math.max(row.createdAt.getTime(), row.expiresAt.getTime() - SESSION_TTL_MS)),
    current: row.idHash === currentHash,
  }));
}

/** "Sair" beside one session of the member's own; false when it was not theirs or had ended already. */
export async function endSessionById(executor: Executor, userId: number, publicId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(publicId)) return false;
  const ended = await executor
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ userId: sessions.userId });
  return ended.length > 0;
}
