import { describe, expect, it } from "vitest";
import { batches, planLarge, tagNames } from "./plan.ts";

describe("large seed plan", () => {
  it("keeps the community's proportions", () => {
    const plan = planLarge(1_000_000);
    expect(plan.members).toBe(100_000);
    expect(plan.posts).toBe(20_000);
    expect(plan.tags).toBe(3000);
    expect(planLarge(10).members).toBe(20);
  });

  it("refuses counts that are not a positive integer", () => {
    expect(() => planLarge(0)).toThrow(/--questions/);
    expect(() => planLarge(1.5)).toThrow(/--questions/);
  });

  it("covers every item once in batches", () => {
    expect(batches(5, 2)).toEqual([
      [1, 2],
      [3, 4],
      [5, 5],
    ]);
  });

  it("makes as many distinct tag names as asked", () => {
    const names = tagNames(500, ["a", "b"], ["x", "y"]);
    expect(names).toHaveLength(500);
    expect(new Set(names).size).toBe(500);
    expect(names.slice(0, 4)).toEqual(["a", "b", "a-x", "b-x"]);
  });
});
