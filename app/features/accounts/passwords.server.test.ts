import { describe, expect, test } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.server.ts";

describe("passwords", () => {
  test("scrypt with a salt of its own: the same password hashes differently and verifies", async () => {
    const [a, b] = [await hashPassword("minha senha 1"), await hashPassword("minha senha 1")];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("minha senha 1", a)).toBe(true);
    expect(await verifyPassword("minha senha 2", a)).toBe(false);
  });

  test("a missing or malformed hash never matches", async () => {
    expect(await verifyPassword("qualquer", null)).toBe(false);
    expect(await verifyPassword("qualquer", "md5$abc")).toBe(false);
  });

  test("hashes made with a lower cost ask to be redone", async () => {
    expect(needsRehash("scrypt$16$8$1$c2FsdA$a2V5")).toBe(true);
    expect(needsRehash(await hashPassword("x"))).toBe(false);
  });
});
