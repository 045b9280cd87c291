// Sign-in with GitHub and Google, the account rules (ADR 044), with the provider's profile given directly:
// new member, link to an existing account only after its password, sign-in by a linked identity, unverified
// e-mails refused, the last way in kept, export and removal.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { accountProviders, signInFlows, users } from "#db/schema.ts";
import { env } from "#app/lib/env.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { createMember } from "#tests/support/factories.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import type { RequestMeta } from "./sessions.server.ts";
import { exportAccountData } from "./account-export.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { PROVIDER_MESSAGES } from "./provider-messages.ts";
import {
  confirmPendingLink,
  linkedProviders,
  pendingLinkState,
  signInWithProvider,
  unlinkProvider,
  type ProviderProfile,
} from "./provider-accounts.server.ts";
import { deleteAccount } from "./settings.server.ts";
import { signedIn } from "#tests/support/sign-in.ts";

const db = setupTestDatabase();
const PASSWORD = "senha-forte-do-teste-1";

// Each test starts with no members (the database is one per file).
beforeEach(async () => {
  await db().execute(sql`truncate users, account_providers, sign_in_flows, rate_limits cascade`);
});

let ipCounter = 0;
const meta = (): RequestMeta => ({
  ip: `10.22.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
  userAgent: "vitest",
  origin: "http://localhost:3000",
});

const github = (over: Partial<ProviderProfile> = {}): ProviderProfile => ({
  provider: "github",
  providerUserId: "583231",
  email: "octo@exemplo.com",
  emailVerified: true,
  name: "Octo Cat",
  avatarUrl: null,
  ...over,
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("a provider identity nobody has", () => {
  test("creates a verified member with a derived handle, no password and no role, and signs them in", async () => {
    const outcome = await signInWithProvider(github(), { kind: "sign-up" }, meta());
    expect(outcome.kind).toBe("signedIn");
    if (outcome.kind !== "signedIn") return;
    expect(outcome.created).toBe(true);
    expect(signedIn(outcome.signedIn).token).toMatch(/^[\w-]{20,}$/);
    const [row] = await db()
      .select()
      .from(users)
      .where(eq(users.id, signedIn(outcome.signedIn).viewer.id));
    expect(row).toMatchObject({
      name: "Octo Cat",
      handle: "octo-cat",
      email: "octo@exemplo.com",
      role: "member",
    });
    expect(row?.passwordHash).toBeNull();
    expect(row?.emailVerifiedAt).not.toBeNull();
    const links = await db().select().from(accountProviders).where(eq(accountProviders.userId, row!.id));
    expect(links).toMatchObject([
      { provider: "github", providerUserId: "583231", email: "octo@exemplo.com" },
    ]);

    // The same identity again signs the same member in.
    const again = await signInWithProvider(
      github({ email: "novo@exemplo.com" }),
      { kind: "sign-in" },
      meta(),
    );
    expect(again).toMatchObject({ kind: "signedIn", created: false, signedIn: { viewer: { id: row!.id } } });
  });

  test("a second member with the same name gets the next free handle; the picture importer is used and may fail", async () => {
    await createMember(db(), { name: "Octo Cat", handle: "octo-cat" });
    const outcome = await signInWithProvider(
      github({ providerUserId: "77", email: "outra@exemplo.com", avatarUrl: "http://127.0.0.1:9/a.png" }),
      { kind: "sign-up" },
      meta(),
      { importAvatar: () => Promise.reject(new Error("down")) },
    );
    expect(outcome).toMatchObject({
      kind: "signedIn",
      signedIn: { viewer: { handle: "octo-cat-2", avatarUrl: null } },
    });
    const withPicture = await signInWithProvider(
      github({ providerUserId: "78", email: "foto@exemplo.com", avatarUrl: "http://x/a.png", name: "Foto" }),
      { kind: "sign-up" },
      meta(),
      { importAvatar: () => Promise.resolve("/uploads/abc.png") },
    );
    expect(withPicture).toMatchObject({ signedIn: { viewer: { avatarUrl: "/uploads/abc.png" } } });
  });

  test("an unverified e-mail is refused and nothing is created", async () => {
    const error = await rejection(
      signInWithProvider(github({ emailVerified: false }), { kind: "sign-up" }, meta()),
    );
    expect(error.message).toBe(PROVIDER_MESSAGES.unverified("github"));
    expect(await db().select().from(users)).toHaveLength(0);
    expect(await db().select().from(accountProviders)).toHaveLength(0);
  });

  test("ADMIN_EMAIL's address signing up through a provider gets no role", async () => {
    const admin = env().ADMIN_EMAIL ?? "octo@exemplo.com";
    const outcome = await signInWithProvider(github({ email: admin }), { kind: "sign-up" }, meta());
    expect(outcome).toMatchObject({ kind: "signedIn", signedIn: { viewer: { role: "member" } } });
  });
});

describe("a provider e-mail that matches an existing account", () => {
  test("signs nobody in and links only after that account's password", async () => {
    const owner = await createMember(db(), {
      email: "Octo@Exemplo.com",
      passwordHash: await hashPassword(PASSWORD),
    });
    const outcome = await signInWithProvider(github(), { kind: "sign-in" }, meta(), {
      returnTo: "/questions",
    });
    expect(outcome.kind).toBe("needsProof");
    if (outcome.kind !== "needsProof") return;
    expect(await db().select().from(accountProviders)).toHaveLength(0);
    expect(await pendingLinkState(outcome.flowToken)).toEqual({
      provider: "github",
      email: "octo@exemplo.com",
      hasPassword: true,
      returnTo: "/questions",
    });

    const wrong = await rejection(confirmPendingLink(outcome.flowToken, "nao-e-a-senha", meta()));
    expect(wrong.message).toBe(PROVIDER_MESSAGES.wrongPassword);
    expect(await db().select().from(accountProviders)).toHaveLength(0);

    const done = await confirmPendingLink(outcome.flowToken, PASSWORD, meta());
    expect(signedIn(done.signedIn).viewer.id).toBe(owner.id);
    expect(done.returnTo).toBe("/questions");
    const links = await db().select().from(accountProviders);
    expect(links).toMatchObject([{ userId: owner.id, provider: "github" }]);

    // Single use.
    const replay = await rejection(confirmPendingLink(outcome.flowToken, PASSWORD, meta()));
    expect(replay.message).toBe(PROVIDER_MESSAGES.pendingExpired);
    expect(await pendingLinkState(outcome.flowToken)).toBeNull();

    // From now on the identity signs in directly.
    const again = await signInWithProvider(github(), { kind: "sign-in" }, meta());
    expect(again).toMatchObject({ kind: "signedIn", signedIn: { viewer: { id: owner.id } } });
  });

  test("an expired pending link is refused", async () => {
    await createMember(db(), { email: "octo@exemplo.com", passwordHash: await hashPassword(PASSWORD) });
    const outcome = await signInWithProvider(github(), { kind: "sign-in" }, meta());
    if (outcome.kind !== "needsProof") throw new Error("expected needsProof");
    await db()
      .update(signInFlows)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const error = await rejection(confirmPendingLink(outcome.flowToken, PASSWORD, meta()));
    expect(error.message).toBe(PROVIDER_MESSAGES.pendingExpired);
  });
});

describe("linking from Configurações", () => {
  test("links to the member who asked, refuses an identity linked to someone else", async () => {
    const ana = await createMember(db(), { passwordHash: await hashPassword(PASSWORD) });
    const bia = await createMember(db(), { passwordHash: await hashPassword(PASSWORD) });
    const google: ProviderProfile = {
      ...github(),
      provider: "google",
      providerUserId: "sub-1",
      email: "ana@gmail.com",
    };
    expect(await signInWithProvider(google, { kind: "link", userId: ana.id }, meta())).toEqual({
      kind: "linked",
      provider: "google",
    });
    // Again by the same member: nothing changes.
    await signInWithProvider(google, { kind: "link", userId: ana.id }, meta());
    const error = await rejection(signInWithProvider(google, { kind: "link", userId: bia.id }, meta()));
    expect(error.message).toBe(PROVIDER_MESSAGES.linkedElsewhere("google"));
    const other = await rejection(
      signInWithProvider({ ...google, providerUserId: "sub-2" }, { kind: "link", userId: ana.id }, meta()),
    );
    expect(other.message).toBe(PROVIDER_MESSAGES.alreadyHasProvider("google"));
    expect((await linkedProviders(ana)).providers).toMatchObject([
      { provider: "google", email: "ana@gmail.com" },
    ]);
  });
});

describe("unlinking", () => {
  test("the last way in is refused; with a second provider or a password it goes", async () => {
    const outcome = await signInWithProvider(github(), { kind: "sign-up" }, meta());
    if (outcome.kind !== "signedIn") throw new Error("expected signedIn");
    const viewer = signedIn(outcome.signedIn).viewer;
    const error = await rejection(unlinkProvider(viewer, "github"));
    expect(error.message).toBe(PROVIDER_MESSAGES.lastWayIn);
    expect(await linkedProviders(viewer)).toMatchObject({
      hasPassword: false,
      providers: [{ provider: "github" }],
    });

    await signInWithProvider(
      { ...github(), provider: "google", providerUserId: "sub-9" },
      { kind: "link", userId: viewer.id },
      meta(),
    );
    await unlinkProvider(viewer, "github");
    const rest = await linkedProviders(viewer);
    expect(rest.providers.map((p) => p.provider)).toEqual(["google"]);
    await expect(unlinkProvider(viewer, "google")).rejects.toThrow(PROVIDER_MESSAGES.lastWayIn);

    await db()
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, viewer.id));
    await unlinkProvider(viewer, "google");
    expect((await linkedProviders(viewer)).providers).toEqual([]);
  });
});

describe("LGPD", () => {
  test("the export lists linked providers (no tokens); removal deletes the links", async () => {
    const ana = await createMember(db(), { passwordHash: await hashPassword(PASSWORD) });
    await signInWithProvider(github(), { kind: "link", userId: ana.id }, meta());
    const exported = await exportAccountData(ana);
    expect(exported.signInProviders).toEqual([
      { provider: "github", email: "octo@exemplo.com", linkedAt: expect.any(Date) as Date },
    ]);
    await deleteAccount(ana, PASSWORD);
    expect(await db().select().from(accountProviders)).toHaveLength(0);
    // The identity is free again: it would make a new member, not reach the removed one.
    const outcome = await signInWithProvider(github(), { kind: "sign-in" }, meta());
    expect(outcome).toMatchObject({ kind: "signedIn", created: true });
    if (outcome.kind === "signedIn") expect(signedIn(outcome.signedIn).viewer.id).not.toBe(ana.id);
  });
});

describe("linking from Configurações", () => {
  test("an account whose e-mail is not confirmed cannot start a link (the security review)", async () => {
    const { startProviderFlow } = await import("./sign-in-providers.server.ts");
    const squatter = await createMember(db(), { email: "admin-squatter@exemplo.com" });
    const unverified = { ...squatter, emailVerified: false };
    const refusal = await rejection(
      startProviderFlow("github", { intent: "link", returnTo: "/configuracoes", viewer: unverified }, meta()),
    );
    expect(refusal.code).toBe("forbidden");
    expect(refusal.message).toMatch(/Confirme o seu e-mail/);
    expect(await db().select().from(signInFlows)).toEqual([]);
  });
});
