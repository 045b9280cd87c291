import { describe, expect, test } from "vitest";
import { afterAuthPath, redirectTarget } from "./redirects.server.ts";

describe("where the auth pages send a person afterwards", () => {
  test("back to the page they came from, without the modal's parameters", () => {
    expect(afterAuthPath("/questions?page=2&auth=signIn")).toBe("/questions?page=2");
    expect(afterAuthPath("/?auth=recovery&token=abc")).toBe("/");
    expect(redirectTarget(new Request("http://x/entrar?redirectTo=%2Fask-a-question"))).toBe(
      "/ask-a-question",
    );
  });

  test("never to another site nor back to an auth page", () => {
    for (const value of ["https://evil.example", "//evil.example", "/\\evil.example", "/\t/evil.example"]) {
      const target = redirectTarget(new Request(`http://x/entrar?redirectTo=${encodeURIComponent(value)}`));
      expect(target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\")).toBe(true);
    }
    expect(afterAuthPath("/entrar?redirectTo=/x")).toBe("/");
    expect(afterAuthPath("/sair")).toBe("/");
    expect(redirectTarget(new Request("http://x/entrar"))).toBe("/");
  });
});
