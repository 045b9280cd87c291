import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { notifications, sessions, users } from "#db/schema.ts";
import { hashToken } from "#app/lib/tokens.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { sessionExpiry } from "#tests/support/sign-in.ts";
import {
  SESSION_TTL_SECONDS,
  clearSessionCookie,
  createSession,
  endSession,
  endSessionsOf,
  hasLiveSession,
  resolveSession,
  sessionCookie,
} from "./sessions.server.ts";

const db = setupTestDatabase();
const DAY = 24 * 60 * 60 * 1000;

const requestWith = (token: string, url = "http://localhost/") =>
  new Request(url, { headers: { cookie: `outro=1; sdd_session=${token}` } });

const expiryOf = (token: string) => sessionExpiry(db(), token);

describe("sessions", () => {
  test("a visitor without a cookie, or with a cookie that leads nowhere, is nobody", async () => {
    expect(await resolveSession(new Request("http://localhost/"))).toEqual({ viewer: null });
    const unknown = await resolveSession(requestWith("x".repeat(43)));
    expect(unknown.viewer).toBeNull();
    expect(unknown.setCookie).toMatch(/^sdd_session=; .*Max-Age=0/);
  });

  test("the cookie finds the member; only the token's hash is stored", async () => {
    const member = await createMember(db());
    const token = await createSession(db(), member.id, "vitest");
    const rows = await db().select().from(sessions).where(eq(sessions.userId, member.id));
    expect(rows.map((r) => r.idHash)).toEqual([hashToken(token)]);
    const { viewer, setCookie } = await resolveSession(requestWith(token));
    expect(viewer).toEqual(member);
    // Fresh sessions are not written again.
    expect(setCookie).toBeUndefined();
  });

  test("the member's unread notifications come with the session, counted as they are now", async () => {
    const member = await createMember(db());
    const token = await createSession(db(), member.id, "vitest");
    expect((await resolveSession(requestWith(token))).unreadNotifications).toBe(0);
    const note = { userId: member.id, kind: "answer", title: "Nova resposta", url: "/questions/1" };
    await db()
      .insert(notifications)
      .values([note, note, { ...note, readAt: new Date() }]);
    expect((await resolveSession(requestWith(token))).unreadNotifications).toBe(2);
  });

  test("an expired session is refused and its cookie removed", async () => {
    const member = await createMember(db());
    const token = await createSession(db(), member.id, null, new Date(Date.now() - 31 * DAY));
    const { viewer, setCookie } = await resolveSession(requestWith(token));
    expect(viewer).toBeNull();
    expect(setCookie).toMatch(/Max-Age=0/);
  });

  test("30 days, sliding: renewed at most once a day", async () => {
    const member = await createMember(db());
    const now = new Date();
    const token = await createSession(db(), member.id, null, new Date(now.getTime() - 2 * DAY));
    const before = await expiryOf(token);
    const renewed = await resolveSession(requestWith(token), now);
    expect(renewed.viewer?.id).toBe(member.id);
    expect(renewed.setCookie).toBe(sessionCookie(requestWith(token), token));
    const after = await expiryOf(token);
    expect(after?.getTime()).toBe(now.getTime() + SESSION_TTL_SECONDS * 1000);
    expect(after!.getTime()).toBeGreaterThan(before!.getTime());
    const [row] = await db().select({ at: users.lastActiveAt }).from(users).where(eq(users.id, member.id));
    expect(row?.at.getTime()).toBe(now.getTime());

    // Within the next day: no write, no cookie.
    const later = new Date(now.getTime() + 23 * 60 * 60 * 1000);
    const again = await resolveSession(requestWith(token), later);
    expect(again.setCookie).toBeUndefined();
    expect((await expiryOf(token))?.getTime()).toBe(after?.getTime());
    // A day and more later: pushed forward again.
    const nextDay = new Date(now.getTime() + DAY + 60_000);
    expect((await resolveSession(requestWith(token), nextDay)).setCookie).toBeDefined();
  });

  test("90 days from the sign-in at most, however often the member comes back", async () => {
    const member = await createMember(db());
    const start = new Date(Date.now() - 200 * DAY);
    const token = await createSession(db(), member.id, null, start);
    const at = (days: number) => new Date(start.getTime() + days * DAY);
    // Back every 25 days: each visit pushes the expiry, never past the 90th day.
    for (const day of [25, 50, 75]) {
      expect((await resolveSession(requestWith(token), at(day))).viewer?.id).toBe(member.id);
    }
    expect((await expiryOf(token))?.getTime()).toBe(at(90).getTime());
    expect((await resolveSession(requestWith(token), at(89))).viewer?.id).toBe(member.id);
    const ended = await resolveSession(requestWith(token), at(90.5));
    expect(ended.viewer).toBeNull();
    expect(ended.setCookie).toMatch(/Max-Age=0/);
    // A row renewed before this limit existed (its expiry past the 90th day) ends at the 90th day too.
    await db()
      .update(sessions)
      .set({ expiresAt: at(120) })
      .where(eq(sessions.idHash, hashToken(token)));
    expect((await resolveSession(requestWith(token), at(91))).viewer).toBeNull();
  });

  test("hasLiveSession answers whether the cookie leads to a live session, and never renews it", async () => {
    const member = await createMember(db());
    const now = new Date();
    const token = await createSession(db(), member.id, null, new Date(now.getTime() - 2 * DAY));
    const before = await expiryOf(token);
    const [{ at: activeBefore } = { at: null }] = await db()
      .select({ at: users.lastActiveAt })
      .from(users)
      .where(eq(users.id, member.id));
    expect(await hasLiveSession(requestWith(token), now)).toBe(true);
    expect((await expiryOf(token))?.getTime()).toBe(before?.getTime());
    const [row] = await db().select({ at: users.lastActiveAt }).from(users).where(eq(users.id, member.id));
    expect(row?.at.getTime()).toBe(activeBefore?.getTime());
    expect(await hasLiveSession(new Request("http://localhost/"))).toBe(false);
    expect(await hasLiveSession(requestWith("x".repeat(43)))).toBe(false);
    expect(await hasLiveSession(requestWith(token), new Date(now.getTime() + 29 * DAY))).toBe(false);
    // Past the absolute lifetime, whatever the stored expiry.
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + 200 * DAY) })
      .where(eq(sessions.idHash, hashToken(token)));
    expect(await hasLiveSession(requestWith(token), new Date(now.getTime() + 89 * DAY))).toBe(false);
  });

  test("the cookie is httpOnly and SameSite=Lax; Secure with the __Host- prefix under https", () => {
    const http = sessionCookie(new Request("http://localhost/"), "abc");
    expect(http).toBe(`sdd_session=abc; Path=/; Max-Age=${SESSION_TTL_SECONDS}; HttpOnly; SameSite=Lax`);
    const https = sessionCookie(new Request("https://sdd.dev/"), "abc");
    expect(https).toBe(
      `__Host-sdd_session=abc; Path=/; Max-Age=${SESSION_TTL_SECONDS}; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(clearSessionCookie(new Request("https://sdd.dev/"))).toMatch(
      /^__Host-sdd_session=; .*Max-Age=0.*Secure$/,
    );
  });

  test("under https the plain cookie name is not read", async () => {
    const member = await createMember(db());
    const token = await createSession(db(), member.id, null);
    expect((await resolveSession(requestWith(token, "https://sdd.dev/"))).viewer).toBeNull();
    const secure = new Request("https://sdd.dev/", { headers: { cookie: `__Host-sdd_session=${token}` } });
    expect((await resolveSession(secure)).viewer?.id).toBe(member.id);
  });

  test("sign-out ends this session only; endSessionsOf ends the others", async () => {
    const member = await createMember(db());
    const [a, b, c] = [
      await createSession(db(), member.id, null),
      await createSession(db(), member.id, null),
      await createSession(db(), member.id, null),
    ];
    await endSession(requestWith(a));
    expect((await resolveSession(requestWith(a))).viewer).toBeNull();
    expect((await resolveSession(requestWith(b))).viewer).not.toBeNull();
    await endSessionsOf(db(), member.id, c);
    expect((await resolveSession(requestWith(b))).viewer).toBeNull();
    expect((await resolveSession(requestWith(c))).viewer).not.toBeNull();
  });

  test("deleting a member ends their sessions", async () => {
    const member = await createMember(db());
    const token = await createSession(db(), member.id, null);
    await db().delete(users).where(eq(users.id, member.id));
    expect((await resolveSession(requestWith(token))).viewer).toBeNull();
  });
});
