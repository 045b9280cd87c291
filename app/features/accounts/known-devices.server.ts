// Known devices (ADR 023): a browser that has signed in to an account keeps a long-lived, httpOnly cookie with a
// random token, and the database keeps its SHA-256 with the member. Such a browser is let past the account-wide
// sign-in limit, so guesses spread over many addresses cannot keep the member out of the devices they use; the
// per-address limits still apply to it. A changed or reset password forgets the others (a thief's included).
import { and, desc, eq, gt, lt, ne, notInArray } from "drizzle-orm";
import { knownDevices } from "#db/schema.ts";
import type { Executor } from "#app/lib/db.server.ts";
import { createToken, hashToken } from "#app/lib/tokens.server.ts";
import { isSecure, readCookie, sessionCookie } from "./sessions.server.ts";

/** A year: the cookie and the row live as long (browsers cap cookies at 400 days). */
export const KNOWN_DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;
const TTL_MS = KNOWN_DEVICE_TTL_SECONDS * 1000;
/** Each member's newest devices are kept, so signing in again and again cannot grow the table without end. */
export const KNOWN_DEVICES_PER_MEMBER = 20;

const COOKIE_NAME = "sdd_device";
/** Under https, like the session cookie: Secure, Path=/ and no Domain, enforced by the browser. */
const SECURE_COOKIE_NAME = "__Host-sdd_device";

const cookieName = (request: Request) => (isSecure(request) ? SECURE_COOKIE_NAME : COOKIE_NAME);

/** The known-device token the browser sent, if any (not checked against the database). */
export function readDeviceToken(request: Request): string | null {
  return readCookie(request, cookieName(request));
}

/** The `Set-Cookie` value that stores the device's token for a year. */
export function deviceCookie(request: Request, token: string): string {
  const attributes = [`Path=/`, `Max-Age=${KNOWN_DEVICE_TTL_SECONDS}`, "HttpOnly", "SameSite=Lax"];
  if (isSecure(request)) attributes.push("Secure");
  return `${cookieName(request)}=${token}; ${attributes.join("; ")}`;
}

/** The headers of an answer that signs a member in: the session cookie, and the device's when it is new. */
export function signedInHeaders(request: Request, signedIn: { token: string; device: string | null }) {
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, signedIn.token));
  if (signedIn.device) headers.append("Set-Cookie", deviceCookie(request, signedIn.device));
  return headers;
}

/** Whether `token` (the request's device cookie) is a device `userId` has signed in from this past year. */
export async function isKnownDevice(
  executor: Executor,
  userId: number,
  token: string | null | undefined,
  now: Date = new Date(),
): Promise<boolean> {
  if (!token) return false;
  const [row] = await executor
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.tokenHash, hashToken(token)),
        eq(knownDevices.userId, userId),
        gt(knownDevices.createdAt, new Date(now.getTime() - TTL_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Marks the browser of a successful sign-in (sign-up, reset) as known for `userId`. Returns the new token for the
 * cookie, or null when the browser's cookie already is this member's. One cookie a browser: a shared computer
 * keeps the exemption of whoever signed in last.
 */
export async function rememberDevice(
  executor: Executor,
  userId: number,
  currentToken: string | null | undefined,
  now: Date = new Date(),
): Promise<string | null> {
  if (await isKnownDevice(executor, userId, currentToken, now)) return null;
  const { token, hash } = createToken();
  await executor.insert(knownDevices).values({ tokenHash: hash, userId, createdAt: now });
  const newest = executor
    .select({ hash: knownDevices.tokenHash })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .orderBy(desc(knownDevices.createdAt))
    .limit(KNOWN_DEVICES_PER_MEMBER);
  await executor
    .delete(knownDevices)
    .where(and(eq(knownDevices.userId, userId), notInArray(knownDevices.tokenHash, newest)));
  // Now and then, forget the devices of every member that are past their year.
  if (Math.random() < 0.02) {
    await executor.delete(knownDevices).where(lt(knownDevices.createdAt, new Date(now.getTime() - TTL_MS)));
  }
  return token;
}

/**
 * Forgets the member's known devices, but the one whose token is `keepToken` (the browser changing the password
 * in its own session): after a password change or reset, no other device keeps the exemption.
 */
export async function forgetDevicesOf(executor: Executor, userId: number, keepToken?: string | null) {
  await executor
    .delete(knownDevices)
    .where(
      keepToken
        ? and(eq(knownDevices.userId, userId), ne(knownDevices.tokenHash, hashToken(keepToken)))
        : eq(knownDevices.userId, userId),
    );
}
