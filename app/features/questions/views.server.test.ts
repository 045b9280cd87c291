import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { questions } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { askAs } from "./test-support.ts";
import { pruneViews, recordView, viewerKey } from "./views.server.ts";

const db = setupTestDatabase();

async function views(id: number) {
  const [row] = await db().select({ n: questions.viewCount }).from(questions).where(eq(questions.id, id));
  return row?.n;
}

describe("views", () => {
  test("once per visitor per hour", async () => {
    const member = await createMember(db());
    const id = await askAs(member);
    const at = new Date("2026-03-01T10:15:00Z");
    expect(await recordView(id, "u:1", at)).toBe(true);
    expect(await recordView(id, "u:1", new Date("2026-03-01T10:59:00Z"))).toBe(false);
    expect(await recordView(id, "u:2", at)).toBe(true);
    expect(await recordView(id, "u:1", new Date("2026-03-01T11:00:00Z"))).toBe(true);
    expect(await views(id)).toBe(3);
    // The same visitor in many tabs at once counts once.
    await Promise.all(Array.from({ length: 5 }, () => recordView(id, "a:same", at)));
    expect(await views(id)).toBe(4);
    expect(await pruneViews(new Date("2026-03-05T00:00:00Z"))).toBeGreaterThan(0);
  });

  test("the visitor key: the member, or a hash of IP and user agent that never shows the IP", () => {
    const request = new Request("http://x/questions/1", {
      headers: { "x-forwarded-for": "203.0.113.9, 10.0.0.1", "user-agent": "Firefox" },
    });
    expect(viewerKey({ id: 7 } as never, request)).toBe("u:7");
    const key = viewerKey(null, request);
    expect(key).toMatch(/^a:/);
    expect(key).not.toContain("203.0.113.9");
    const otherAgent = new Request("http://x/", {
      headers: { "x-forwarded-for": "203.0.113.9", "user-agent": "Chrome" },
    });
    expect(viewerKey(null, otherAgent)).not.toBe(key);
  });
});
