import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";

describe("parseEnv", () => {
  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("treats empty variables as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });

  it("names every bad variable with a clear Portuguese message", () => {
    let message = "";
    try {
      parseEnv({ PORT: "abc", DATABASE_URL: "mysql://x", CONTACT_EMAIL: "nope" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Configuração inválida:/);
    for (const name of ["PORT", "DATABASE_URL", "CONTACT_EMAIL"]) expect(message).toContain(`- ${name}:`);
    expect(message).toContain("postgres://");
  });
});
