import { describe, expect, it } from "vitest";
import { redactedUrl } from "./request-log.ts";

const token = "Qk3x9_ZpL0aTy-4nW2vR8sE1uYbC6dF5gH7jK0mN2oP";

describe("redactedUrl", () => {
  it("drops e-mailed tokens wherever they stand in the address", () => {
    for (const url of [
      `/confirmar-email/${token}`,
      `/confirmar-email/${token}.data`,
      `/newsletter/cancelar/12.${token}`,
      `/?auth=recovery&token=${token}`,
      `/entrar?redirectTo=${encodeURIComponent(`/confirmar-email/${token}`)}`,
    ]) {
      const logged = redactedUrl(url);
      expect(logged, url).not.toContain(token);
      expect(logged, url).toContain("[redigido]");
    }
  });

  it("keeps what is not secret: slugs, handles, page numbers", () => {
    const slug = "/blog/como-configurar-o-eslint-com-typescript-em-projetos-grandes";
    expect(redactedUrl(slug)).toBe(slug);
    expect(redactedUrl("/questions?page=2&sort=newest")).toBe("/questions?page=2&sort=newest");
  });
});
