import { expect, test } from "vitest";
import { bountyTimeLeft } from "./bounty-time.ts";

test("the time left of a bounty, in words", () => {
  const now = new Date("2026-05-01T12:00:00Z");
  const at = (ms: number) => new Date(now.getTime() + ms);
  expect(bountyTimeLeft(at(7 * 86_400_000), now)).toBe("expira em 7 dias");
  expect(bountyTimeLeft(at(86_400_000 + 5), now)).toBe("expira em 1 dia");
  expect(bountyTimeLeft(at(5 * 3_600_000), now)).toBe("expira em 5 horas");
  expect(bountyTimeLeft(at(90_000), now)).toBe("expira em 1 minuto");
  expect(bountyTimeLeft(at(-1), now)).toBe("expirado");
});
