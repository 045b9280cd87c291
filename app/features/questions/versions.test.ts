import { describe, expect, test } from "vitest";
import {
  applicability,
  byNewestVersion,
  compareVersions,
  outdatedSince,
  OUTDATED_MARKS_TO_SHOW,
  parseReaderVersion,
  parseVersion,
} from "./versions.ts";

describe("versions compare as versions, not strings", () => {
  test("parsing", () => {
    expect(parseVersion("19")).toEqual({ version: "19", key: [19] });
    expect(parseVersion(" v3.13 ")).toEqual({ version: "3.13", key: [3, 13] });
    expect(parseVersion("24.0.0-rc.1")).toEqual({ version: "24.0.0-rc.1", key: [24, 0, 0] });
    for (const bad of ["", "abc", "1.2.3.4.5", "1..2", "19 ou 20", "<b>1</b>", ".1", "1.", "-1"]) {
      expect(parseVersion(bad)).toBeNull();
    }
  });
  test("ordering", () => {
    expect(compareVersions("3.13", "3.9")).toBe(1);
    expect(compareVersions("19", "9")).toBe(1);
    expect(compareVersions("1.10.2", "1.9")).toBe(1);
    expect(compareVersions("18", "18.0.0")).toBe(0);
    expect(compareVersions("2", "10")).toBe(-1);
  });
  test("the reader's version from the address", () => {
    expect(parseReaderVersion("node@24")).toEqual({ tag: "node", version: "24" });
    expect(parseReaderVersion("Node@v24.1")).toEqual({ tag: "node", version: "24.1" });
    expect(parseReaderVersion("node")).toBeNull();
    expect(parseReaderVersion("node@x")).toBeNull();
  });
});

describe("outdated since", () => {
  const mark = (memberId: number, version: string, tag = "node") => ({ memberId, tag, version });
  test("needs the threshold of members, or the author's own mark", () => {
    const author = 1;
    const below = [mark(2, "26"), mark(3, "25")].slice(0, OUTDATED_MARKS_TO_SHOW - 1);
    expect(outdatedSince(below, author)).toBeNull();
    expect(outdatedSince([...below, mark(4, "27")], author)).toEqual({ tag: "node", version: "27" });
    expect(outdatedSince([mark(1, "26")], author)).toEqual({ tag: "node", version: "26" });
    expect(outdatedSince([mark(2, "25"), mark(3, "26"), mark(4, "26"), mark(1, "28")], author)).toEqual({
      tag: "node",
      version: "26",
    });
  });
});

describe("order and the reader's version", () => {
  const a = (id: number, versions: string[], outdated: string | null = null) => ({
    id,
    versions: versions.map((version) => ({ tag: "node", version })),
    outdatedSince: outdated ? { tag: "node", version: outdated } : null,
  });
  test("newest tested version first, outdated ones after, untested last among the live", () => {
    const list = [a(1, []), a(2, ["9"]), a(3, ["24"], "26"), a(4, ["22"]), a(5, ["22.10"])];
    expect(byNewestVersion(list).map((x) => x.id)).toEqual([5, 4, 2, 1, 3]);
  });
  test("applies: same major, at or below the reader's, not outdated at or below it", () => {
    const reader = { tag: "node", version: "24.2" };
    expect(applicability(a(1, ["24"]), reader)).toBe("applies");
    expect(applicability(a(1, ["24.3"]), reader)).toBe("other-version");
    expect(applicability(a(1, ["22"]), reader)).toBe("other-version");
    expect(applicability(a(1, ["24"], "24.1"), reader)).toBe("outdated");
    expect(applicability(a(1, ["24"], "26"), reader)).toBe("applies");
    expect(applicability(a(1, []), reader)).toBeNull();
    expect(applicability(a(1, ["24"]), { tag: "react", version: "19" })).toBeNull();
  });
});
