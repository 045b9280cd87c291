import { describe, expect, test } from "vitest";
import { formRowId, MAX_ROW_ID } from "./ids.ts";

describe("formRowId", () => {
  test("reads plain digits up to the integer range", () => {
    expect(formRowId("1")).toBe(1);
    expect(formRowId(" 42 ")).toBe(42);
    expect(formRowId(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
  });

  test("anything that cannot be a row id becomes 0, which no row has", () => {
    for (const value of [
      "",
      "abc",
      "1.5",
      "-1",
      "1e3",
      "0x10",
      "2147483648",
      "99999999999",
      "NaN",
      "Infinity",
    ]) {
      expect(formRowId(value), value).toBe(0);
    }
    expect(formRowId(null)).toBe(0);
    expect(formRowId(new File(["1"], "id.txt"))).toBe(0);
  });
});
