// The standing a member's kept page is chosen by (ADR 074), read against a real database: the question page's
// session and marks in one statement, which must say exactly what resolving the session says (who, their bell,
// a dead cookie dropped) and must move with each of the member's own marks.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { sessions } from "#db/schema.ts";
import { createSession, resolveSession } from "#app/features/accounts/sessions.server.ts";
import { toggleFavorite } from "#app/features/questions/favorites.server.ts";
import { hashToken } from "#app/lib/tokens.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { askAs } from "#tests/support/questions.ts";
import { sessionExpiry } from "#tests/support/sign-in.ts";
import { memberPageStanding } from "./member-pages.server.ts";

const db = setupTestDatabase();
const DAY = 24 * 60 * 60 * 1000;

let author: Viewer;
let questionId: number;
beforeAll(async () => {
  author = await createMember(db(), { name: "Autora" });
  questionId = await askAs(author);
});

const requestFor = (token: string | null, path = `/questions/${questionId}`) =>
  new Request(`http://localhost${path}`, token ? { headers: { cookie: `sdd_session=${token}` } } : {});

describe("a member's question page standing", () => {
  test("says who is asking as resolving the session does, and moves with the member's own favourite", async () => {
    const reader = await createMember(db(), { name: "Leitora" });
    const token = await createSession(db(), reader.id, null);
    // The first reading of a page not in memory yet cannot say whom the member follows on it: the app answers.
    expect((await memberPageStanding(requestFor(token), "127.0.0.1")).standing).toBeNull();
    const first = await memberPageStanding(requestFor(token), "127.0.0.1");
    expect(first.setCookie).toBeUndefined();
    expect(first.standing?.identity).toMatchObject({ id: reader.id, name: "Leitora" });
    expect(first.standing?.pattern).toBe("/questions/:id");

    // The same again: the same key. A favourite of their own: a key of its own.
    expect((await memberPageStanding(requestFor(token), "127.0.0.1")).standing?.key).toBe(
      first.standing?.key,
    );
    await toggleFavorite(reader, questionId);
    const after = await memberPageStanding(requestFor(token), "127.0.0.1");
    expect(after.standing?.key).not.toBe(first.standing?.key);
    expect(after.standing?.key).toContain('"favorited":true');
  });

  test("a session two days old is renewed, and the cookie saying so is passed on", async () => {
    const reader = await createMember(db());
    const token = await createSession(db(), reader.id, null, new Date(Date.now() - 2 * DAY));
    const expiry = () => sessionExpiry(db(), token);
    const before = await expiry();
    const read = await memberPageStanding(requestFor(token), "127.0.0.1");
    expect(read.standing?.identity.id).toBe(reader.id);
    expect(read.setCookie).toContain(`sdd_session=${token}`);
    expect((await expiry())!.getTime()).toBeGreaterThan(before!.getTime());
  });

  test("a dead or unknown cookie gets no standing and is told to go, as resolving the session tells it", async () => {
    const reader = await createMember(db());
    const token = await createSession(db(), reader.id, null, new Date(Date.now() - 40 * DAY));
    const dead = await memberPageStanding(requestFor(token), "127.0.0.1");
    const resolved = await resolveSession(requestFor(token));
    expect(resolved.viewer).toBeNull();
    expect(dead).toEqual({ standing: null, setCookie: resolved.setCookie });
    expect(dead.setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);

    // A session signed out: its cookie leads nowhere.
    const signedOut = await createSession(db(), reader.id, null);
    await db()
      .delete(sessions)
      .where(eq(sessions.idHash, hashToken(signedOut)));
    expect(await memberPageStanding(requestFor(signedOut), "127.0.0.1")).toEqual({
      standing: null,
      setCookie: resolved.setCookie,
    });
    expect(await memberPageStanding(requestFor(null), "127.0.0.1")).toEqual({ standing: null });
  });

  test("a question that does not exist, its author and a moderator are left to the app", async () => {
    const reader = await createMember(db());
    const token = await createSession(db(), reader.id, null);
    expect(await memberPageStanding(requestFor(token, "/questions/999999"), "127.0.0.1")).toEqual({
      standing: null,
    });
    const authorToken = await createSession(db(), author.id, null);
    expect((await memberPageStanding(requestFor(authorToken), "127.0.0.1")).standing).toBeNull();
    const moderator = await createMember(db(), { role: "moderator" });
    const moderatorToken = await createSession(db(), moderator.id, null);
    expect((await memberPageStanding(requestFor(moderatorToken), "127.0.0.1")).standing).toBeNull();
  });
});
