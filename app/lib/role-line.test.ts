import { expect, test } from "vitest";
import { visibleRoleLine } from "./role-line.ts";

test("a role line shows what the member wrote; the default placeholder and blanks show nothing", () => {
  expect(visibleRoleLine("Desenvolvedora Front-end")).toBe("Desenvolvedora Front-end");
  expect(visibleRoleLine("  Tech Lead ")).toBe("Tech Lead");
  expect(visibleRoleLine("Membro")).toBeNull();
  expect(visibleRoleLine(" Membro ")).toBeNull();
  expect(visibleRoleLine("")).toBeNull();
  expect(visibleRoleLine(null)).toBeNull();
  expect(visibleRoleLine("Membro fundador")).toBe("Membro fundador");
});
