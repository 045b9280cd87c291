// What removing an account leaves behind in other features (ADR 010): names in others' notifications, the
// picture's file, the newsletter subscription; and the API's access tokens. The core of the removal is in
// settings.server.test.ts.
import { stat } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { accessTokens, newsletterSubscriptions, notifications, uploads } from "#db/schema.ts";
import { env } from "#app/lib/env.server.ts";
import { subscribe } from "#app/features/newsletter/newsletter.server.ts";
import { notify, withoutActorName } from "#app/features/notifications/notify.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { authenticateAccessToken, createAccessToken, revokeAccessToken } from "./access-tokens.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { exportAccountData } from "./account-export.server.ts";
import { deleteAccount, setAvatar, updateProfile } from "./settings.server.ts";

const db = setupTestDatabase();
const PASSWORD = "senha-atual-1";

async function member(name: string) {
  return createMember(db(), { name, passwordHash: await hashPassword(PASSWORD) });
}

async function picture(red: number): Promise<File> {
  const bytes = await sharp({
    create: { width: 32, height: 32, channels: 3, background: { r: red, g: 10, b: 200 } },
  })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "foto.png", { type: "image/png" });
}

const fileOf = (url: string) => path.resolve(env().DATA_DIR, "uploads", url.replace("/uploads/", ""));
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe("removing an account", () => {
  test("takes the name out of the notifications it caused, even an older name", async () => {
    const ana = await member("Ana Lima");
    const bia = await member("Bia");
    await notify(db(), {
      userId: bia.id,
      kind: "follower",
      actorId: ana.id,
      title: "Ana Lima começou a seguir você",
      url: `/u/${ana.handle}`,
    });
    await notify(db(), {
      userId: bia.id,
      kind: "like",
      actorId: ana.id,
      title: 'Aninha curtiu seu post "Meu post"',
      url: "/blog/meu-post",
    });
    await deleteAccount(ana, PASSWORD);
    const rows = await db()
      .select({ title: notifications.title, actorId: notifications.actorId })
      .from(notifications)
      .where(eq(notifications.userId, bia.id));
    expect(rows.map((r) => r.title)).toEqual(
      expect.arrayContaining([
        'Membro removido curtiu seu post "Meu post"',
        "Membro removido começou a seguir você",
      ]),
    );
    expect(rows.map((r) => r.title).join(" ")).not.toMatch(/Ana|Aninha/);
    expect(rows.every((r) => r.actorId === null)).toBe(true);
  });

  test("a name that holds one of the phrases does not survive", () => {
    expect(
      withoutActorName('Zé curtiu seu post X curtiu seu post "Y"', "outro nome", "Membro removido"),
    ).toBe('Membro removido curtiu seu post "Y"');
    expect(withoutActorName("Nova pergunta em react: Título", "Ana", "Membro removido")).toBe(
      "Nova pergunta em react: Título",
    );
  });

  test("deletes the picture's file unless another account shows the same file", async () => {
    const ana = await member("Ana");
    const bia = await member("Bia");
    const caio = await member("Caio");
    const anaUrl = await setAvatar(ana, await picture(1));
    const shared = await setAvatar(bia, await picture(2));
    expect(await setAvatar(caio, await picture(2))).toBe(shared);
    // Ana's first picture, replaced since, is hers alone too.
    await updateProfile(ana, { intent: "profile", name: "Ana", roleLine: "", bio: "" });
    const older = await setAvatar(ana, await picture(3));
    expect(await exists(fileOf(anaUrl))).toBe(true);

    await deleteAccount({ ...ana, avatarUrl: older }, PASSWORD);
    await deleteAccount(caio, PASSWORD);

    expect(await exists(fileOf(anaUrl))).toBe(false);
    expect(await exists(fileOf(older))).toBe(false);
    expect(await exists(fileOf(shared))).toBe(true);
    const keys = (await db().select({ key: uploads.key }).from(uploads)).map((u) => `/uploads/${u.key}`);
    expect(keys).toContain(shared);
    expect(keys).not.toContain(anaUrl);
  });

  test("exports the newsletter subscription of the account's address, and removes it", async () => {
    const ana = await member("Ana");
    await subscribe(ana.email, { ip: "192.0.2.50" });
    const exported = await exportAccountData(ana);
    expect(exported.newsletter).toMatchObject({ email: ana.email, confirmedAt: null });
    await deleteAccount(ana, PASSWORD);
    expect(
      await db().select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, ana.email)),
    ).toEqual([]);
  });

  test("exports the access tokens without their hash or the token, and removes them", async () => {
    const ana = await member("Ana");
    const bia = await member("Bia");
    const kept = await createAccessToken(db(), ana, { name: "backup", scopes: ["read"] });
    const revoked = await createAccessToken(db(), ana, { name: "ci", scopes: ["read", "write"] });
    await revokeAccessToken(db(), ana, revoked.summary.id);
    const others = await createAccessToken(db(), bia, { name: "de outra pessoa", scopes: ["read"] });
    await authenticateAccessToken(db(), kept.token);

    const exported = await exportAccountData(ana);
    expect(exported.accessTokens).toEqual([
      {
        id: kept.summary.id,
        name: "backup",
        prefix: kept.summary.prefix,
        scopes: ["read"],
        createdAt: expect.any(Date),
        lastUsedAt: expect.any(Date),
        revokedAt: null,
      },
      {
        id: revoked.summary.id,
        name: "ci",
        prefix: revoked.summary.prefix,
        scopes: ["read", "write"],
        createdAt: expect.any(Date),
        lastUsedAt: null,
        revokedAt: expect.any(Date),
      },
    ]);
    const json = JSON.stringify(exported);
    for (const { token } of [kept, revoked]) expect(json).not.toContain(token.slice(10));
    const hashes = await db().select({ hash: accessTokens.tokenHash }).from(accessTokens);
    for (const { hash } of hashes) expect(json).not.toContain(hash);
    expect(json).not.toContain("de outra pessoa");

    // The row stays (anonymised), so the foreign key's cascade does not reach the tokens: the removal does.
    await deleteAccount(ana, PASSWORD);
    expect(await db().select().from(accessTokens).where(eq(accessTokens.userId, ana.id))).toEqual([]);
    expect(await authenticateAccessToken(db(), kept.token)).toBeNull();
    expect((await authenticateAccessToken(db(), others.token))?.viewer.id).toBe(bia.id);
  });
});
