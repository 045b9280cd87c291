import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, onTestFinished, test, vi } from "vitest";
import { answers, favorites, follows, knownDevices, questions, sessions, users } from "#db/schema.ts";
import { outboxDir } from "#app/lib/mail.server.ts";
import { hashToken } from "#app/lib/tokens.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { settleBackgroundWork } from "#app/lib/background-work.server.ts";
import { issueToken } from "./account-tokens.server.ts";
import { confirmEmailToken, recoveryState, signIn } from "./accounts.server.ts";
import type { RequestMeta } from "./sessions.server.ts";
import { rememberDevice } from "./known-devices.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { getProfile } from "./profiles.server.ts";
import { ACCOUNT_MESSAGES } from "./schemas.ts";
import { createSession, resolveSession } from "./sessions.server.ts";
import { exportAccountData } from "./account-export.server.ts";
import { authenticateAccessToken, createAccessToken } from "./access-tokens.server.ts";
import {
  changePassword,
  deleteAccount,
  endOtherSessions,
  getSettings,
  requestEmailChange,
  updateProfile,
} from "./settings.server.ts";

const db = setupTestDatabase();
let n = 0;
const meta = (): RequestMeta => ({ ip: `10.1.0.${++n}`, userAgent: "vitest", origin: "https://sdd.test" });
const email = (prefix = "membro") => `${prefix}-${++n}-${Date.now()}@exemplo.com.br`;
const PASSWORD = "senha-atual-1";

async function member() {
  const address = email();
  return createMember(db(), { email: address, passwordHash: await hashPassword(PASSWORD) });
}

async function lastMailTo(to: string) {
  await settleBackgroundWork();
  const files = await readdir(outboxDir()).catch(() => [] as string[]);
  const mails = await Promise.all(
    files.map(
      async (f) =>
        JSON.parse(await readFile(path.join(outboxDir(), f), "utf8")) as { to: string; text: string },
    ),
  );
  return mails.filter((m) => m.to === to).at(-1);
}

const cookieFor = (token: string) =>
  new Request("http://x/", { headers: { cookie: `sdd_session=${token}` } });

describe("settings", () => {
  test("a visitor has no settings", async () => {
    await expect(getSettings(null)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(
      updateProfile(null, { intent: "profile", name: "X", roleLine: "", bio: "" }),
    ).rejects.toMatchObject({
      code: "unauthenticated",
    });
  });

  test("name, role line and bio are updated for the member asking only", async () => {
    const ana = await member();
    const bia = await member();
    await updateProfile(ana, {
      intent: "profile",
      name: "Ana Souza",
      roleLine: "Dev Front-end",
      bio: "Olá!",
    });
    expect(await getSettings(ana)).toMatchObject({
      name: "Ana Souza",
      roleLine: "Dev Front-end",
      bio: "Olá!",
    });
    expect((await getSettings(bia)).name).toBe(bia.name);
    // An empty role line stays empty (no placeholder), and the "Membro" every account starts with reads as none.
    expect((await getSettings(bia)).roleLine).toBe("");
    await updateProfile(ana, { intent: "profile", name: "Ana Souza", roleLine: "", bio: "" });
    expect((await getSettings(ana)).roleLine).toBe("");
  });

  test("the e-mail changes only when the link sent to the new address is opened", async () => {
    const ana = await member();
    const newEmail = email("novo");
    await expect(
      requestEmailChange(ana, { intent: "email", newEmail, currentPassword: "senha-errada" }, meta()),
    ).rejects.toMatchObject({ field: "currentPassword", message: ACCOUNT_MESSAGES.currentPasswordWrong });
    await requestEmailChange(ana, { intent: "email", newEmail, currentPassword: PASSWORD }, meta());
    expect(await getSettings(ana)).toMatchObject({ email: ana.email, pendingEmail: newEmail });
    expect((await lastMailTo(ana.email))?.text).toContain(newEmail);
    const link = (await lastMailTo(newEmail))?.text.match(/confirmar-email\/([\w-]+)/)?.[1] ?? "";
    expect(await confirmEmailToken(ana, link)).toEqual({
      outcome: "changed",
      userId: ana.id,
      email: newEmail,
    });
    expect(await getSettings(ana)).toMatchObject({
      email: newEmail,
      emailVerified: true,
      pendingEmail: null,
    });
    expect(await confirmEmailToken(ana, link)).toEqual({ outcome: "invalid" });
  });

  test("an address in use (any case) or the same address is refused", async () => {
    const ana = await member();
    const bia = await member();
    await expect(
      requestEmailChange(
        ana,
        { intent: "email", newEmail: bia.email.toUpperCase(), currentPassword: PASSWORD },
        meta(),
      ),
    ).rejects.toMatchObject({ field: "newEmail", message: ACCOUNT_MESSAGES.emailTaken });
    await expect(
      requestEmailChange(ana, { intent: "email", newEmail: ana.email, currentPassword: PASSWORD }, meta()),
    ).rejects.toMatchObject({ field: "newEmail", message: ACCOUNT_MESSAGES.emailUnchanged });
  });

  test("an address taken between the request and the link is not stolen", async () => {
    const ana = await member();
    const wanted = email("disputado");
    await requestEmailChange(ana, { intent: "email", newEmail: wanted, currentPassword: PASSWORD }, meta());
    const link = (await lastMailTo(wanted))?.text.match(/confirmar-email\/([\w-]+)/)?.[1] ?? "";
    await createMember(db(), { email: wanted });
    expect(await confirmEmailToken(ana, link)).toEqual({ outcome: "taken" });
    expect((await getSettings(ana)).email).toBe(ana.email);
  });

  test("the password changes with the current one; the other sessions end", async () => {
    const ana = await member();
    const here = await createSession(db(), ana.id, null);
    const there = await createSession(db(), ana.id, null);
    const input = {
      intent: "password" as const,
      newPassword: "nova-senha-1",
      confirmPassword: "nova-senha-1",
    };
    await expect(
      changePassword(ana, { ...input, currentPassword: "errada-123" }, here),
    ).rejects.toMatchObject({
      field: "currentPassword",
    });
    const apiToken = (await createAccessToken(db(), ana, { name: "script", scopes: ["read"] })).token;
    await changePassword(ana, { ...input, currentPassword: PASSWORD }, here);
    expect((await resolveSession(cookieFor(here))).viewer?.id).toBe(ana.id);
    // API tokens end with the old password.
    expect(await authenticateAccessToken(db(), apiToken)).toBeNull();
    expect((await resolveSession(cookieFor(there))).viewer).toBeNull();
    await expect(signIn({ email: ana.email, password: "nova-senha-1" }, meta())).resolves.toBeTruthy();
  });

  test("a new password forgets the other known devices (a thief's), this browser stays known", async () => {
    const ana = await member();
    const here = await rememberDevice(db(), ana.id, null);
    const thief = await rememberDevice(db(), ana.id, null);
    await changePassword(
      ana,
      {
        intent: "password",
        currentPassword: PASSWORD,
        newPassword: "nova-senha-1",
        confirmPassword: "nova-senha-1",
      },
      null,
      here,
    );
    const rows = await db().select().from(knownDevices).where(eq(knownDevices.userId, ana.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(here!)]);
    expect(rows.map((r) => r.tokenHash)).not.toContain(hashToken(thief!));
  });

  test("a new password cancels the e-mail change under way and the reset links", async () => {
    const ana = await member();
    await requestEmailChange(
      ana,
      { intent: "email", newEmail: email("intruso"), currentPassword: PASSWORD },
      meta(),
    );
    const reset = await issueToken(db(), ana.id, "reset_password");
    const change = (await lastMailTo((await getSettings(ana)).pendingEmail ?? ""))?.text.match(
      /confirmar-email\/([\w-]+)/,
    )?.[1];
    await changePassword(
      ana,
      {
        intent: "password",
        currentPassword: PASSWORD,
        newPassword: "nova-senha-1",
        confirmPassword: "nova-senha-1",
      },
      null,
    );
    expect((await getSettings(ana)).pendingEmail).toBeNull();
    expect(await confirmEmailToken(ana, change ?? "")).toEqual({ outcome: "invalid" });
    expect(await recoveryState(reset)).toEqual({ valid: false });
  });

  test("guessing the current password is rate limited, apart from sign-in guesses", async () => {
    // The limit counts in one-minute windows: the clock starts this test at the top of a minute (and runs on),
    // so a slow machine cannot spread the guesses over two windows.
    vi.useFakeTimers({
      toFake: ["Date"],
      now: Math.floor(Date.now() / 60_000) * 60_000,
      shouldAdvanceTime: true,
    });
    onTestFinished(() => void vi.useRealTimers());
    const ana = await member();
    const input = {
      intent: "password" as const,
      newPassword: "nova-senha-1",
      confirmPassword: "nova-senha-1",
    };
    // Someone else's wrong sign-ins do not lock the member out of their settings.
    for (let i = 0; i < 6; i++) {
      await signIn({ email: ana.email, password: "nao-e-a-senha" }, meta()).catch(() => undefined);
    }
    await requestEmailChange(
      ana,
      { intent: "email", newEmail: email("livre"), currentPassword: PASSWORD },
      meta(),
    );
    for (let i = 0; i < 9; i++) {
      await changePassword(ana, { ...input, currentPassword: `errada-${i}-abc` }, null).catch(
        () => undefined,
      );
    }
    await expect(changePassword(ana, { ...input, currentPassword: PASSWORD }, null)).rejects.toMatchObject({
      code: "rate_limited",
    });
  });

  test("'end the other sessions' keeps this one", async () => {
    const ana = await member();
    const [here, there] = [await createSession(db(), ana.id, null), await createSession(db(), ana.id, null)];
    expect((await getSettings(ana)).sessionCount).toBe(2);
    await endOtherSessions(ana, here);
    expect((await getSettings(ana)).sessionCount).toBe(1);
    expect((await resolveSession(cookieFor(there))).viewer).toBeNull();
  });

  test("the export holds the member's own data and nobody else's", async () => {
    const ana = await member();
    const bia = await member();
    await db()
      .insert(questions)
      .values({ authorId: ana.id, title: "Pergunta da Ana", description: "<p>x</p>" });
    await db()
      .insert(questions)
      .values({ authorId: bia.id, title: "Pergunta da Bia", description: "<p>y</p>" });
    await db().insert(follows).values({ followerId: ana.id, followeeId: bia.id });
    await expect(exportAccountData(null)).rejects.toMatchObject({ code: "unauthenticated" });
    const exported = await exportAccountData(ana);
    expect(exported.account).toMatchObject({ id: ana.id, email: ana.email, handle: ana.handle });
    expect(exported.questions.map((q) => q.title)).toEqual(["Pergunta da Ana"]);
    expect(exported.following).toEqual([{ handle: bia.handle, since: expect.any(Date) }]);
    expect(JSON.stringify(exported)).not.toContain("Pergunta da Bia");
    expect(JSON.stringify(exported)).not.toContain("password");
  });
});

describe("deleting an account", () => {
  test("needs the password", async () => {
    const ana = await member();
    await expect(deleteAccount(ana, "senha-errada")).rejects.toMatchObject({
      field: "password",
      message: ACCOUNT_MESSAGES.currentPasswordWrong,
    });
    await expect(deleteAccount(null, PASSWORD)).rejects.toMatchObject({ code: "unauthenticated" });
  });

  test("removes personal data, keeps the content under 'Membro removido', frees the e-mail", async () => {
    const ana = await member();
    const bia = await member();
    await updateProfile(ana, { intent: "profile", name: "Ana Souza", roleLine: "Dev", bio: "Minha bio" });
    const token = await createSession(db(), ana.id, null);
    await rememberDevice(db(), ana.id, null);
    const [question] = await db()
      .insert(questions)
      .values({ authorId: bia.id, title: "Pergunta", description: "<p>x</p>", favoriteCount: 1 })
      .returning();
    await db()
      .insert(answers)
      .values({ questionId: question!.id, authorId: ana.id, body: "<p>Resposta da Ana</p>" });
    await db().insert(favorites).values({ userId: ana.id, targetKind: "question", targetId: question!.id });
    await db()
      .insert(follows)
      .values([
        { followerId: ana.id, followeeId: bia.id },
        { followerId: bia.id, followeeId: ana.id },
      ]);

    await deleteAccount(ana, PASSWORD);

    const [row] = await db().select().from(users).where(eq(users.id, ana.id));
    expect(row).toMatchObject({
      name: "Membro removido",
      handle: `~removido-${ana.id}`,
      bio: "",
      roleLine: "",
      avatarUrl: null,
      passwordHash: null,
      emailVerifiedAt: null,
    });
    expect(row?.email).not.toContain("@");
    expect(await db().select().from(sessions).where(eq(sessions.userId, ana.id))).toEqual([]);
    expect(await db().select().from(knownDevices).where(eq(knownDevices.userId, ana.id))).toEqual([]);
    expect((await resolveSession(cookieFor(token))).viewer).toBeNull();
    expect(await db().select().from(follows).where(eq(follows.followeeId, ana.id))).toEqual([]);
    expect(await db().select().from(favorites).where(eq(favorites.userId, ana.id))).toEqual([]);
    const [q] = await db().select().from(questions).where(eq(questions.id, question!.id));
    expect(q?.favoriteCount).toBe(0);
    // The answer stays, attributed to the placeholder.
    const kept = await db().select().from(answers).where(eq(answers.authorId, ana.id));
    expect(kept.map((a) => a.body)).toEqual(["<p>Resposta da Ana</p>"]);
    // No sign-in, no profile; the address can be used again.
    await expect(signIn({ email: ana.email, password: PASSWORD }, meta())).rejects.toMatchObject({
      code: "unauthenticated",
    });
    expect(await getProfile(ana.handle)).toEqual({ status: "missing" });
    expect(await getProfile(`~removido-${ana.id}`)).toEqual({ status: "removed" });
    await expect(createMember(db(), { email: ana.email })).resolves.toBeTruthy();
  });
});
