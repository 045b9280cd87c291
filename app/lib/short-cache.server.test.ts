import { describe, expect, it } from "vitest";
import { shortCache } from "./short-cache.server.ts";

describe("shortCache", () => {
  it("shares one computation between concurrent callers and keeps it until it expires", async () => {
    const cache = shortCache<number>(1000);
    let runs = 0;
    const compute = async () => ++runs;
    const [a, b] = await Promise.all([cache.get("k", compute, 0), cache.get("k", compute, 10)]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    expect(await cache.get("k", compute, 999)).toBe(1);
    expect(await cache.get("k", compute, 1000)).toBe(2);
  });

  it("forgets failures", async () => {
    const cache = shortCache<number>(1000);
    await expect(cache.get("k", () => Promise.reject(new Error("x")), 0)).rejects.toThrow("x");
    expect(await cache.get("k", async () => 7, 1)).toBe(7);
  });
});
