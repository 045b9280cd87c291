import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { questions } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { askAs } from "#tests/support/questions.ts";
import { flushViews, pruneViews, queueView, viewerKey } from "./views.server.ts";

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
    queueView(id, "u:1", at);
    expect(await flushViews()).toBe(1);
    // Within the hour the same visitor does not count again, in a later batch or in the same one.
    queueView(id, "u:1", new Date("2026-03-01T10:59:00Z"));
    queueView(id, "u:2", at);
    queueView(id, "u:2", new Date("2026-03-01T10:30:00Z"));
    queueView(id, "u:1", new Date("2026-03-01T11:00:00Z"));
    expect(await flushViews()).toBe(2);
    expect(await views(id)).toBe(3);
    // The same visitor in many tabs at once counts once.
    for (let i = 0; i < 5; i++) queueView(id, "a:same", at);
    await Promise.all([flushViews(), flushViews()]);
    expect(await views(id)).toBe(4);
    // Nothing queued, nothing written; a view queued by itself is written within a second or so.
    expect(await flushViews()).toBe(0);
    queueView(id, "a:later", at);
    await expect.poll(() => views(id), { timeout: 5000 }).toBe(5);
    expect(await pruneViews(new Date("2026-03-05T00:00:00Z"))).toBeGreaterThan(0);
  });

  test("the visitor key: the member, or a hash of the trusted client address alone", () => {
    expect(viewerKey({ id: 7 } as never, "203.0.113.9")).toBe("u:7");
    const key = viewerKey(null, "203.0.113.9");
    expect(key).toMatch(/^a:/);
    expect(key).not.toContain("203.0.113.9");
    // The same address is one visitor whatever it claims (IPv4 written as IPv6 too); another address is not.
    expect(viewerKey(null, "::ffff:203.0.113.9")).toBe(key);
    expect(viewerKey(null, "203.0.113.10")).not.toBe(key);
    // An IPv6 visitor holds a whole /64: rotating the rest of the address is still one visitor.
    const v6 = viewerKey(null, "2001:db8:1:2::1");
    expect(viewerKey(null, "2001:0db8:0001:0002:ffff:1:2:3")).toBe(v6);
    expect(viewerKey(null, "2001:db8:1:3::1")).not.toBe(v6);
  });
});
