import { describe, expect, it } from "vitest";
import { noteMemberWrote, sharedListPages, shortCache } from "./short-cache.server.ts";
import type { Viewer } from "./viewer.ts";

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

describe("sharedListPages", () => {
  const member = (id: number) => ({ id }) as Viewer;

  it("shares a page between members, while visitors and a member who just wrote read it fresh", async () => {
    const pages = sharedListPages<number>();
    let version = 0;
    const read = async () => ++version;
    // A visitor's read (their page is kept by the visitor cache) is fresh, and left for the members.
    expect(await pages.get(null, "p1", read)).toBe(1);
    expect(await pages.get(member(1), "p1", read)).toBe(1);
    expect(await pages.get(member(2), "p1", read)).toBe(1);
    // The list changed (version 2 in the database): a member who wrote sees it at once…
    noteMemberWrote(3);
    expect(await pages.get(member(3), "p1", read)).toBe(2);
    // …and leaves the fresh page to the others; without a write, they shared one read.
    expect(await pages.get(member(1), "p1", read)).toBe(2);
    expect(version).toBe(2);
    // Another page of the list is its own.
    expect(await pages.get(member(1), "p2", read)).toBe(3);
  });
});
