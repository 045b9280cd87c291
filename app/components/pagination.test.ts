import { describe, expect, it } from "vitest";
import { compactPageItems, pageFromUrl, pageItems } from "./pagination.tsx";

const numbers = (items: ReturnType<typeof pageItems>) => items.filter((i) => typeof i === "number");

describe("pageItems", () => {
  it("lists every page when there are at most five", () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it("keeps first and last with an ellipsis on the far side", () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, "ellipsis-end", 10]);
    expect(pageItems(10, 10)).toEqual([1, "ellipsis-start", 7, 8, 9, 10]);
  });
  it("centres the window with ellipses on both sides", () => {
    expect(pageItems(5, 10)).toEqual([1, "ellipsis-start", 4, 5, 6, "ellipsis-end", 10]);
  });
  it("never shows more than five numbers", () => {
    for (let total = 1; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const items = pageItems(current, total);
        expect(numbers(items).length).toBeLessThanOrEqual(5);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(total);
        expect(items).toContain(current);
      }
    }
  });
});

describe("compactPageItems (a phone's row)", () => {
  it("shows the first, the current and the last page, with ellipses over the gaps", () => {
    expect(compactPageItems(1, 3)).toEqual([1, 2, 3]);
    expect(compactPageItems(1, 10)).toEqual([1, "ellipsis-end", 10]);
    expect(compactPageItems(2, 10)).toEqual([1, 2, "ellipsis-end", 10]);
    expect(compactPageItems(5, 10)).toEqual([1, "ellipsis-start", 5, "ellipsis-end", 10]);
    expect(compactPageItems(9, 10)).toEqual([1, "ellipsis-start", 9, 10]);
    expect(compactPageItems(10, 10)).toEqual([1, "ellipsis-start", 10]);
  });
});

describe("pageFromUrl", () => {
  it("reads ?page=N and defaults to 1", () => {
    expect(pageFromUrl("http://x/questions?page=3")).toBe(3);
    expect(pageFromUrl("http://x/questions")).toBe(1);
    expect(pageFromUrl("http://x/questions?page=-2")).toBe(1);
    expect(pageFromUrl("http://x/questions?page=abc")).toBe(1);
  });
  it("treats a number past any real page as no page (it would overflow an SQL offset)", () => {
    expect(pageFromUrl("http://x/blog?page=1000000")).toBe(1_000_000);
    for (const huge of ["1000001", "99999999999999999999", "1.7976931348623157e+308", "0xffffffffffffffff"]) {
      expect(pageFromUrl(`http://x/blog?page=${huge}`), huge).toBe(1);
    }
  });
});
