// The first admin: ADMIN_EMAIL (promoted when its owner confirms it from their session or resets the password,
// never for an address verified before) and `npm run admin:create`.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { users } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { useTestEnv } from "#tests/support/env.ts";
import { createMember } from "#tests/support/factories.ts";
import { settleBackgroundWork } from "#app/lib/background-work.server.ts";
import { issueToken } from "./account-tokens.server.ts";
import {
  confirmEmailToken,
  createOrPromoteAdmin,
  promoteConfiguredAdmin,
  resetPassword as resetPasswordStep,
  signIn as signInStep,
  signUp,
} from "./accounts.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { signedIn } from "#tests/support/sign-in.ts";

const signIn = async (...args: Parameters<typeof signInStep>) => signedIn(await signInStep(...args));
const resetPassword = async (...args: Parameters<typeof resetPasswordStep>) =>
  signedIn(await resetPasswordStep(...args));

useTestEnv({ ADMIN_EMAIL: "Chefe@Exemplo.com.br" });

const db = setupTestDatabase();
const meta = { ip: "10.2.0.1", userAgent: null, origin: "https://sdd.test" };
const roleOf = async (id: number) =>
  (await db().select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

describe("the first admin", () => {
  test("ADMIN_EMAIL signs up as a member and becomes admin once the address is verified", async () => {
    const { viewer } = await signUp({ email: "chefe@exemplo.com.br", password: "senha-chefe-1" }, meta);
    await settleBackgroundWork();
    expect(viewer.role).toBe("member");
    expect(await promoteConfiguredAdmin(viewer.id)).toBe(false);
    expect(await roleOf(viewer.id)).toBe("member");
    const token = await issueToken(db(), viewer.id, "verify_email");
    expect(await confirmEmailToken(viewer, token)).toMatchObject({ outcome: "verified" });
    expect(await roleOf(viewer.id)).toBe("admin");
    expect(await promoteConfiguredAdmin(viewer.id)).toBe(false);
  });

  test("a squatter's link, pressed without the account's session, verifies and promotes nobody", async () => {
    // The first test's account gives the address up.
    await db()
      .update(users)
      .set({ email: "antes@exemplo.com.br", role: "member" })
      .where(eq(users.email, "chefe@exemplo.com.br"));
    const { viewer: squatter } = await signUp(
      { email: "chefe@exemplo.com.br", password: "senha-do-invasor" },
      meta,
    );
    await settleBackgroundWork();
    const token = await issueToken(db(), squatter.id, "verify_email");
    // The address's real owner opens the link signed out, or signed in to an account of their own.
    expect(await confirmEmailToken(null, token)).toEqual({ outcome: "signInRequired" });
    const owner = await createMember(db());
    expect(await confirmEmailToken(owner, token)).toEqual({ outcome: "otherAccount" });
    const [row] = await db().select().from(users).where(eq(users.id, squatter.id));
    expect(row?.emailVerifiedAt).toBeNull();
    expect(await promoteConfiguredAdmin(squatter.id)).toBe(false);
    expect(await roleOf(squatter.id)).toBe("member");
  });

  test("an address verified before (by the old GET, maybe a squatter) is promoted by nobody else's confirmation; a reset of its own promotes it", async () => {
    await db()
      .update(users)
      .set({ email: "outra@exemplo.com.br" })
      .where(eq(users.email, "chefe@exemplo.com.br"));
    // Verified the old way: emailVerifiedAt set, no confirmation from its own session now.
    const earlier = await createMember(db(), {
      email: "chefe@exemplo.com.br",
      passwordHash: await hashPassword("senha-antiga-1"),
    });
    const { viewer: someone } = await signUp(
      { email: "alguem@exemplo.com.br", password: "senha-alguem-1" },
      meta,
    );
    expect(
      await confirmEmailToken(someone, await issueToken(db(), someone.id, "verify_email")),
    ).toMatchObject({
      outcome: "verified",
    });
    // Signing in changes nothing either.
    await signIn({ email: "chefe@exemplo.com.br", password: "senha-antiga-1" }, meta);
    expect(await roleOf(earlier.id)).toBe("member");

    // The mailbox resets the password (every other way in ends): now the account is the owner's.
    const reset = await issueToken(db(), earlier.id, "reset_password");
    const { viewer } = await resetPassword(
      {
        token: reset,
        email: "chefe@exemplo.com.br",
        newPassword: "senha-nova-1a",
        confirmPassword: "senha-nova-1a",
      },
      meta,
    );
    // Promoted, with the powers held until two-factor sign-in is on (ADR 049).
    expect(viewer).toMatchObject({ role: "member", withheldRole: "admin" });
    expect(await roleOf(earlier.id)).toBe("admin");
    await settleBackgroundWork();
  });

  test("admin:create creates a verified admin who can sign in, or promotes an existing account", async () => {
    const created = await createOrPromoteAdmin({
      email: "Nova@Admin.dev",
      name: "Nova Admin",
      password: "senha-admin-1",
    });
    expect(created).toEqual({ created: true, handle: "nova-admin" });
    const signedIn = await signIn({ email: "nova@admin.dev", password: "senha-admin-1" }, meta);
    expect(signedIn.viewer).toMatchObject({ role: "member", withheldRole: "admin", emailVerified: true });

    const member = await createMember(db(), { email: "antigo@membro.dev" });
    expect(await createOrPromoteAdmin({ email: "ANTIGO@membro.dev" })).toEqual({
      created: false,
      handle: member.handle,
    });
    expect(await roleOf(member.id)).toBe("admin");
    await expect(createOrPromoteAdmin({ email: "sem-senha@admin.dev" })).rejects.toMatchObject({
      code: "validation",
    });
  });
});
