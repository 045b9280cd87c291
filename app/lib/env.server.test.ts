import { describe, expect, it } from "vitest";
import { configuredProviders, parseEnv, s3Config, signInProviderOrigins } from "./env.server.ts";

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

  it("reads TRUST_PROXY as Express expects it, and refuses what Express would crash on", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::/8" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "fd00::/8",
    ]);
    for (const bad of ["yes", "10.0.0.0/33", "proxy.local", "10.0.0.1/8/1"]) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("takes PUBLIC_URL as an http(s) origin only", () => {
    expect(parseEnv({ PUBLIC_URL: "https://exemplo.com.br" }).PUBLIC_URL).toBe("https://exemplo.com.br");
    for (const bad of ["ftp://exemplo.com.br", "https://exemplo.com.br/forum", "https://a@exemplo.com.br"]) {
      expect(() => parseEnv({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });

  it("takes WEB_CONCURRENCY as a whole number of app servers, unset meaning one per core", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBeUndefined();
    expect(parseEnv({ WEB_CONCURRENCY: "4" }).WEB_CONCURRENCY).toBe(4);
    for (const bad of ["0", "-1", "1.5", "muitos", "65"]) {
      expect(() => parseEnv({ WEB_CONCURRENCY: bad }), bad).toThrow(
        /WEB_CONCURRENCY: deve ser um número inteiro/,
      );
    }
  });

  it("keeps uploads on the disk without S3_*, and refuses a partial S3 configuration without echoing secrets", () => {
    expect(s3Config(parseEnv({}))).toBeNull();
    const full = {
      S3_BUCKET: "sdd-uploads",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "segredo-que-nao-aparece",
    };
    expect(s3Config(parseEnv(full))).toEqual({
      endpoint: undefined,
      bucket: "sdd-uploads",
      region: "us-east-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "segredo-que-nao-aparece",
      forcePathStyle: false,
    });
    expect(
      s3Config(
        parseEnv({
          ...full,
          S3_ENDPOINT: "http://127.0.0.1:9000",
          S3_REGION: "sa-east-1",
          S3_FORCE_PATH_STYLE: "true",
        }),
      ),
    ).toMatchObject({ endpoint: "http://127.0.0.1:9000", region: "sa-east-1", forcePathStyle: true });

    let message = "";
    try {
      parseEnv({ S3_BUCKET: "sdd-uploads", S3_SECRET_ACCESS_KEY: "segredo-que-nao-aparece" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Configuração inválida:\n {2}- S3_ACCESS_KEY_ID: deve ser definida/);
    expect(message.split("\n")).toHaveLength(2);
    expect(message).not.toContain("segredo-que-nao-aparece");
    expect(() => parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      /- S3_BUCKET:.*\n.*- S3_ACCESS_KEY_ID:/s,
    );
    expect(() => parseEnv({ ...full, S3_BUCKET: "Uploads_Do_Site" })).toThrow(/- S3_BUCKET: deve ser o nome/);
    expect(() => parseEnv({ ...full, S3_ENDPOINT: "ftp://s3.local" })).toThrow(/- S3_ENDPOINT:/);
    expect(() => parseEnv({ ...full, S3_FORCE_PATH_STYLE: "sim" })).toThrow(/- S3_FORCE_PATH_STYLE:/);
  });
});

describe("sign-in providers (ADR 044)", () => {
  it("none by default; each pair all or nothing; test URLs only https or loopback http", () => {
    expect(configuredProviders(parseEnv({}))).toEqual([]);
    const github = { GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "segredo" };
    expect(configuredProviders(parseEnv(github))).toEqual(["github"]);
    expect(signInProviderOrigins(parseEnv(github))).toEqual(["https://github.com"]);
    expect(() => parseEnv({ GITHUB_CLIENT_ID: "id" })).toThrow(
      /- GITHUB_CLIENT_SECRET: deve ser definida junto/,
    );
    expect(() => parseEnv({ GOOGLE_CLIENT_SECRET: "s" })).toThrow(
      /- GOOGLE_CLIENT_ID: deve ser definida junto/,
    );
    const google = {
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "s",
      GOOGLE_ISSUER: "http://127.0.0.1:9000",
    };
    expect(signInProviderOrigins(parseEnv(google))).toEqual(["http://127.0.0.1:9000"]);
    expect(() => parseEnv({ GITHUB_API_URL: "http://github.example" })).toThrow(/- GITHUB_API_URL:/);
  });
});
