import { describe, expect, test } from "vitest";
import { setupTestDatabase } from "#tests/support/database.ts";
import { assertRateLimit, hitRateLimit, limitOf } from "./rate-limits.server.ts";

setupTestDatabase();
const rule = { name: "test", limit: 3, windowSeconds: 60 };

describe("rate limits", () => {
  test("count per subject in fixed windows", async () => {
    const start = new Date("2030-05-01T12:00:00Z");
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    expect((await hitRateLimit(rule, "a", at(0))).count).toBe(1);
    expect((await hitRateLimit(rule, "a", at(10))).count).toBe(2);
    expect((await hitRateLimit(rule, "b", at(10))).count).toBe(1);
    const third = await hitRateLimit(rule, "a", at(20));
    expect(third).toEqual({ allowed: true, count: 3, retryAfterSeconds: 40 });
    const fourth = await hitRateLimit(rule, "a", at(59));
    expect(fourth).toEqual({ allowed: false, count: 4, retryAfterSeconds: 1 });
    // A new window starts from zero.
    expect(await hitRateLimit(rule, "a", at(60))).toMatchObject({ allowed: true, count: 1 });
  });

  test("simultaneous hits are all counted", async () => {
    const now = new Date("2030-05-02T12:00:00Z");
    const results = await Promise.all(Array.from({ length: 8 }, () => hitRateLimit(rule, "c", now)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  test("past the limit: a 429 AppError saying how long to wait", async () => {
    const hourly = { name: "hourly", limit: 1, windowSeconds: 3600 };
    const now = new Date("2030-05-03T12:00:00Z");
    await assertRateLimit(hourly, "d", now);
    await expect(assertRateLimit(hourly, "d", now)).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 3600,
      message: "Muitas tentativas em pouco tempo. Tente de novo em 60 minutos.",
    });
  });

  test("test servers may lower a limit by name; a production server never does", () => {
    const lowered = { TEST_RATE_LIMITS: "other=2, test=1" };
    expect(limitOf(rule, { ...lowered, NODE_ENV: "test" })).toBe(1);
    expect(limitOf(rule, { ...lowered, NODE_ENV: "production", E2E: "1" })).toBe(1);
    expect(limitOf(rule, { ...lowered, NODE_ENV: "production" })).toBe(3);
    expect(limitOf(rule, { TEST_RATE_LIMITS: "test=zero", NODE_ENV: "test" })).toBe(3);
    expect(limitOf({ ...rule, name: "elsewhere" }, { ...lowered, NODE_ENV: "test" })).toBe(3);
  });
});
