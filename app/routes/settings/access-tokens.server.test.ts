// Configurações › Tokens de acesso through the page's own action and loader: creating a token shows it once, in
// an answer no cache keeps; bad input is a 4xx with the message beside its field; only the owner revokes; a
// visitor is sent to sign in; creation is rate-limited and capped.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { accessTokens } from "#db/schema.ts";
import {
  ACCESS_TOKEN_MESSAGES,
  ACCESS_TOKEN_NAME_MAX_LENGTH,
} from "#app/features/accounts/access-token-schemas.ts";
import { ACCESS_TOKEN_CREATION_LIMIT } from "#app/features/accounts/access-token-settings.server.ts";
import {
  ACCESS_TOKEN_NAME_MAX,
  ACCESS_TOKENS_PER_MEMBER,
  authenticateAccessToken,
  createAccessToken,
} from "#app/features/accounts/access-tokens.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { actionArgs, statusOf } from "#tests/support/route-calls.ts";
import type { AccessTokenActionData } from "./actions/access-tokens.server.ts";
import { action, loader } from "./settings.tsx";

const db = setupTestDatabase();

type Reply = { data: AccessTokenActionData; init?: ResponseInit };

/** What the action answered to `fields` posted by `viewer`: its payload, status and headers. */
async function post(viewer: Viewer | null, fields: Record<string, string>) {
  const reply = (await action(actionArgs("/configuracoes", viewer, fields))) as unknown as Reply;
  return {
    status: reply.init?.status ?? 200,
    headers: new Headers(reply.init?.headers),
    data: reply.data,
  };
}

const create = (viewer: Viewer, name: string, access = "write") =>
  post(viewer, { intent: "create-access-token", name, access });

async function pageOf(viewer: Viewer) {
  const context = new RouterContextProvider();
  context.set(viewerContext, viewer);
  const request = new Request("http://localhost:3000/configuracoes");
  return loader({ request, context, params: {} } as never);
}

describe("creating a token in Configurações", () => {
  test("shows the token once, in an answer no cache keeps; the page lists only its prefix afterwards", async () => {
    const ana = await createMember(db());
    const reply = await create(ana, "  Script   de backup ");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Cache-Control")).toBe("no-store");
    const created = reply.data.created;
    expect(created?.token).toMatch(/^sdd_[\w-]{43}$/);
    expect(created).toMatchObject({ name: "Script de backup", prefix: created?.token.slice(0, 10) });
    expect(reply.data.message).toContain("não será mostrado de novo");
    // It works, with both scopes.
    expect((await authenticateAccessToken(db(), created!.token))?.scopes).toEqual(["read", "write"]);

    const page = await pageOf(ana);
    expect(JSON.stringify(page)).not.toContain(created!.token.slice(10));
    expect(page.accessTokens).toEqual([
      expect.objectContaining({
        name: "Script de backup",
        prefix: created!.prefix,
        scopes: ["read", "write"],
        lastUsedAt: expect.any(Date),
        revokedAt: null,
      }),
    ]);
    expect(page.accessTokensMax).toBe(ACCESS_TOKENS_PER_MEMBER);
    expect(page.suspended).toBe(false);
  });

  test("reading only is the other choice", async () => {
    const ana = await createMember(db());
    const reply = await create(ana, "leitura", "read");
    expect((await authenticateAccessToken(db(), reply.data.created!.token))?.scopes).toEqual(["read"]);
  });

  test("bad input answers 400 with the message beside its field, and creates nothing", async () => {
    const ana = await createMember(db());
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ name: "", access: "read" }, "name", ACCESS_TOKEN_MESSAGES.nameRequired],
      [{ name: " \t\n ", access: "read" }, "name", ACCESS_TOKEN_MESSAGES.nameRequired],
      [
        { name: "x".repeat(ACCESS_TOKEN_NAME_MAX_LENGTH + 1), access: "read" },
        "name",
        ACCESS_TOKEN_MESSAGES.nameMax,
      ],
      [{ name: "ci" }, "access", ACCESS_TOKEN_MESSAGES.accessRequired],
      [{ name: "ci", access: "admin" }, "access", ACCESS_TOKEN_MESSAGES.accessRequired],
      [{ name: "ci", access: "read\u0000" }, "access", ACCESS_TOKEN_MESSAGES.accessRequired],
    ];
    for (const [fields, field, message] of cases) {
      const reply = await post(ana, { intent: "create-access-token", ...fields });
      expect(reply.status, JSON.stringify(fields)).toBe(400);
      expect(reply.data.result.error?.[field]).toEqual([message]);
      expect(reply.data.created).toBeUndefined();
    }
    expect(await db().select().from(accessTokens).where(eq(accessTokens.userId, ana.id))).toEqual([]);
  });

  test("the schema and the feature agree on the longest name", () => {
    expect(ACCESS_TOKEN_NAME_MAX_LENGTH).toBe(ACCESS_TOKEN_NAME_MAX);
  });

  test("a member holding the most active tokens is told to revoke one (409 beside the name)", async () => {
    const ana = await createMember(db());
    for (let i = 0; i < ACCESS_TOKENS_PER_MEMBER; i++) {
      await createAccessToken(db(), ana, { name: `token ${i}`, scopes: ["read"] });
    }
    const reply = await create(ana, "mais um");
    expect(reply.status).toBe(409);
    expect(reply.data.result.error?.name?.[0]).toMatch(/Revogue um que não use mais/);
    expect(reply.data.created).toBeUndefined();
  });

  test(`creating is limited to ${ACCESS_TOKEN_CREATION_LIMIT.limit} an hour (429 with Retry-After)`, async () => {
    const ana = await createMember(db());
    for (let i = 0; i < ACCESS_TOKEN_CREATION_LIMIT.limit; i++) {
      expect((await create(ana, `token ${i}`, "read")).status).toBe(200);
    }
    const refused = await create(ana, "um a mais", "read");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data.result.error?.[""]?.[0]).toMatch(/Muitas tentativas/);
    // Another member is not held back.
    expect((await create(await createMember(db()), "outro", "read")).status).toBe(200);
  });

  test("a visitor is sent to sign in, for creating and revoking alike", async () => {
    const writes: Record<string, string>[] = [
      { intent: "create-access-token", name: "x", access: "read" },
      { intent: "revoke-access-token", tokenId: "1" },
    ];
    for (const fields of writes) {
      const refused = await action(actionArgs("/configuracoes", null, fields)).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).status).toBe(302);
      expect((refused as Response).headers.get("Location")).toMatch(/^\/entrar\?redirectTo=/);
    }
  });
});

describe("revoking a token in Configurações", () => {
  test("the owner revokes it: it stops working and stays listed as revoked; twice changes nothing", async () => {
    const ana = await createMember(db());
    const { token, summary } = await createAccessToken(db(), ana, { name: "ci", scopes: ["read"] });
    const revoke = { intent: "revoke-access-token", tokenId: String(summary.id) };
    const reply = await post(ana, revoke);
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({
      intent: "create-access-token",
      message: expect.stringMatching(/revogado/),
    });
    expect(await authenticateAccessToken(db(), token)).toBeNull();
    const [listed] = (await pageOf(ana)).accessTokens;
    expect(listed?.revokedAt).toBeInstanceOf(Date);
    expect((await post(ana, revoke)).status).toBe(200);
    expect((await pageOf(ana)).accessTokens[0]?.revokedAt).toEqual(listed?.revokedAt);
  });

  test("another member's token, or none, is a 404 and the token keeps working", async () => {
    const ana = await createMember(db());
    const bia = await createMember(db());
    const { token, summary } = await createAccessToken(db(), ana, { name: "ci", scopes: ["read"] });
    for (const tokenId of [String(summary.id), "2000000000"]) {
      expect(
        await statusOf(() =>
          action(actionArgs("/configuracoes", bia, { intent: "revoke-access-token", tokenId })),
        ),
      ).toBe(404);
    }
    expect(await authenticateAccessToken(db(), token)).not.toBeNull();
  });

  test("an id that cannot be a row's is a 400", async () => {
    const ana = await createMember(db());
    for (const tokenId of ["", "abc", "-1", "0", "1.5", "99999999999", "1 or 1=1"]) {
      expect(
        await statusOf(() =>
          action(actionArgs("/configuracoes", ana, { intent: "revoke-access-token", tokenId })),
        ),
        tokenId,
      ).toBe(400);
    }
  });
});
