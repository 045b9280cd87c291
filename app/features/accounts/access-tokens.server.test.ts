import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { accessTokens, users } from "#db/schema.ts";
import { isAppError } from "#app/lib/errors.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import {
  ACCESS_TOKENS_PER_MEMBER,
  authenticateAccessToken,
  createAccessToken,
  listAccessTokens,
  readBearerToken,
  revokeAccessToken,
} from "./access-tokens.server.ts";

const db = setupTestDatabase();

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("personal access tokens", () => {
  test("a token is shown once, kept only as a hash, and speaks for its member with its scopes", async () => {
    const ana = await createMember(db());
    const { token, summary } = await createAccessToken(db(), ana, {
      name: " meu  script ",
      scopes: ["write"],
    });
    expect(token).toMatch(/^sdd_[\w-]{43}$/);
    expect(summary).toMatchObject({ name: "meu script", scopes: ["read", "write"], revokedAt: null });
    expect(token.startsWith(summary.prefix)).toBe(true);
    const [stored] = await db().select().from(accessTokens).where(eq(accessTokens.id, summary.id));
    expect(JSON.stringify(stored)).not.toContain(token.slice(4));

    const used = await authenticateAccessToken(db(), token);
    expect(used?.viewer.id).toBe(ana.id);
    expect(used?.scopes).toEqual(["read", "write"]);
    const [afterUse] = await listAccessTokens(db(), ana);
    expect(afterUse?.lastUsedAt).toBeInstanceOf(Date);
  });

  test("a revoked, unknown or malformed token speaks for nobody", async () => {
    const ana = await createMember(db());
    const { token, summary } = await createAccessToken(db(), ana, { name: "leitura", scopes: ["read"] });
    expect((await authenticateAccessToken(db(), token))?.scopes).toEqual(["read"]);
    await revokeAccessToken(db(), ana, summary.id);
    expect(await authenticateAccessToken(db(), token)).toBeNull();
    expect(await authenticateAccessToken(db(), `sdd_${"a".repeat(43)}`)).toBeNull();
    expect(await authenticateAccessToken(db(), "x' or 1=1 --")).toBeNull();
    const [listed] = await listAccessTokens(db(), ana);
    expect(listed?.revokedAt).toBeInstanceOf(Date);
  });

  test("only the owner revokes a token; others are told it does not exist", async () => {
    const ana = await createMember(db());
    const bia = await createMember(db());
    const { token, summary } = await createAccessToken(db(), ana, { name: "ci", scopes: ["read"] });
    expect(await refusal(revokeAccessToken(db(), bia, summary.id))).toMatchObject({ code: "not_found" });
    expect(await refusal(revokeAccessToken(db(), null, summary.id))).toMatchObject({
      code: "unauthenticated",
    });
    expect(await authenticateAccessToken(db(), token)).not.toBeNull();
    expect(await listAccessTokens(db(), bia)).toEqual([]);
  });

  test("names and scopes are checked, and a member holds a bounded number of active tokens", async () => {
    const ana = await createMember(db());
    expect(await refusal(createAccessToken(db(), ana, { name: "  ", scopes: ["read"] }))).toMatchObject({
      code: "validation",
      field: "name",
    });
    expect(await refusal(createAccessToken(db(), ana, { name: "x", scopes: ["admin"] }))).toMatchObject({
      code: "validation",
      field: "scopes",
    });
    expect(await refusal(createAccessToken(db(), null, { name: "x", scopes: ["read"] }))).toMatchObject({
      code: "unauthenticated",
    });
    for (let i = 0; i < ACCESS_TOKENS_PER_MEMBER; i++) {
      await createAccessToken(db(), ana, { name: `t${i}`, scopes: ["read"] });
    }
    expect(
      await refusal(createAccessToken(db(), ana, { name: "um a mais", scopes: ["read"] })),
    ).toMatchObject({
      code: "conflict",
    });
  });

  test("removing the member removes their tokens", async () => {
    const ana = await createMember(db());
    const { token } = await createAccessToken(db(), ana, { name: "ci", scopes: ["read"] });
    await db().delete(users).where(eq(users.id, ana.id));
    expect(await authenticateAccessToken(db(), token)).toBeNull();
  });

  test("the bearer header is read only when it carries one of our tokens", () => {
    const token = `sdd_${"A".repeat(43)}`;
    const ask = (authorization?: string) =>
      readBearerToken(new Request("http://x/", { headers: authorization ? { authorization } : {} }));
    expect(ask(`Bearer ${token}`)).toBe(token);
    expect(ask(`bearer ${token}`)).toBe(token);
    expect(ask(`Basic ${token}`)).toBeNull();
    expect(ask("Bearer abc")).toBeNull();
    expect(ask()).toBeNull();
  });
});
