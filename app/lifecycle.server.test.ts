// What the app does at start and for the HTTP server: no ADMIN_EMAIL promotion at start (ADR 023), and the
// visitor cache's signed-in question reads the session without renewing it.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { users } from "#db/schema.ts";
import { createSession } from "#app/features/accounts/sessions.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { useTestEnv } from "#tests/support/env.ts";
import { createMember } from "#tests/support/factories.ts";
import { sessionExpiry } from "#tests/support/sign-in.ts";
import { database, installDatabase, type DatabaseHandle } from "./lib/db.server.ts";
import { checkHealth, isSignedIn, startApp } from "./lifecycle.server.ts";

useTestEnv({ ADMIN_EMAIL: "dona@exemplo.com.br", SEED_DEMO: "false" });

const db = setupTestDatabase();
const DAY = 24 * 60 * 60 * 1000;

describe("lifecycle", () => {
  test("start promotes no account, not even ADMIN_EMAIL's verified one (it may be a squatter's, verified by the old GET)", async () => {
    // createMember's rows are verified, like an account verified before the upgrade.
    const earlier = await createMember(db(), { email: "dona@exemplo.com.br" });
    await startApp();
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, earlier.id));
    expect(row?.role).toBe("member");
  });

  test("isSignedIn does not move the session's expiry (the server cannot pass a renewed cookie on)", async () => {
    const member = await createMember(db());
    // Two days old: resolveSession would renew it.
    const token = await createSession(db(), member.id, null, new Date(Date.now() - 2 * DAY));
    const expiry = () => sessionExpiry(db(), token);
    const before = await expiry();
    const request = new Request("http://localhost/", { headers: { cookie: `sdd_session=${token}` } });
    expect(await isSignedIn(request)).toBe(true);
    expect((await expiry())?.getTime()).toBe(before?.getTime());
    expect(await isSignedIn(new Request("http://localhost/"))).toBe(false);
  });

  test("the health check says how long the database took and how many queries wait, and fails when it hangs", async () => {
    const healthy = await checkHealth();
    expect(healthy).toMatchObject({ ok: true, databaseQueue: 0 });
    expect(healthy.databaseMs).toBeLessThan(2000);

    // A database whose queries never come back, with seven waiting.
    const real = await database();
    const hung = {
      ...real,
      db: { execute: () => new Promise(() => {}) } as unknown as DatabaseHandle["db"],
      queueDepth: () => 7,
      queueWaitMs: () => 0,
    } satisfies DatabaseHandle;
    installDatabase(hung);
    try {
      const down = await checkHealth();
      expect(down).toMatchObject({
        ok: false,
        error: "o banco de dados não respondeu em 2 s",
        databaseQueue: 7,
      });
      expect(down.databaseMs).toBeGreaterThanOrEqual(1990);
    } finally {
      installDatabase(real);
    }
  });
});
