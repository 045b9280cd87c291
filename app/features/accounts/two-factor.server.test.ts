// Two-factor sign-in (ADR 049) on the real database: the setup, the second step after every way in, its limits,
// recovery codes, trusted browsers, turning it off, and staff who hold their powers only with it on.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { knownDevices, recoveryCodes, signInChallenges, users } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember, TEST_TOTP_SECRET } from "#tests/support/factories.ts";
import { signedIn } from "#tests/support/sign-in.ts";
import { settleBackgroundWork } from "#app/lib/background-work.server.ts";
import { issueToken } from "./account-tokens.server.ts";
import { resetPassword, signIn } from "./accounts.server.ts";
import type { RequestMeta } from "./sessions.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { resolveSession } from "./sessions.server.ts";
import {
  newRecoveryCodesConfirmed,
  startTwoFactorSetupConfirmed,
  turnOffTwoFactorConfirmed,
} from "./settings.server.ts";
import {
  CHALLENGE_ATTEMPTS,
  completeSecondStep,
  confirmTwoFactorSetup,
  currentTotp,
  startTwoFactorSetup,
  TRUSTED_BROWSER_MS,
  twoFactorState,
  type SignInOutcome,
} from "./two-factor.server.ts";
import { TWO_FACTOR_MESSAGES } from "./two-factor-rules.ts";
import { toViewer, viewerColumns } from "./viewer-row.server.ts";

const db = setupTestDatabase();

let counter = 0;
function meta(overrides: Partial<RequestMeta> = {}): RequestMeta {
  counter += 1;
  return {
    ip: `10.9.${Math.floor(counter / 250)}.${counter % 250}`,
    userAgent: "vitest",
    origin: "https://sdd.test",
    ...overrides,
  };
}

const PASSWORD = "senha-de-quem-testa-1";

/** A member with a password who turned two-factor sign-in on; returns them with their ten recovery codes. */
async function memberWithTwoFactor() {
  const member = await createMember(db(), { passwordHash: await hashPassword(PASSWORD) });
  await startTwoFactorSetup(member);
  const [row] = await db().select({ secret: users.totpSecret }).from(users).where(eq(users.id, member.id));
  const codes = await confirmTwoFactorSetup(member, currentTotp(row!.secret!));
  return { member, secret: row!.secret!, codes };
}

function challengeOf(outcome: SignInOutcome): string {
  if (!("challenge" in outcome)) throw new Error("signed in without the second step");
  return outcome.challenge;
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { message: string; status: number },
  );

describe("turning two-factor sign-in on", () => {
  test("shows a key and QR code, asks for nothing until a right code from the app, then gives ten recovery codes", async () => {
    const member = await createMember(db(), { passwordHash: await hashPassword(PASSWORD) });
    await startTwoFactorSetup(member);
    const state = await twoFactorState(member);
    expect(state.enabled).toBe(false);
    expect(state.setup?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(state.setup?.uri).toContain("otpauth://totp/Suporte%20de%20Domingo:");
    expect(state.setup?.qrSvg).toMatch(/^<svg /);
    // Half-way through the setup, the password alone still signs in.
    expect("viewer" in (await signIn({ email: member.email, password: PASSWORD }, meta()))).toBe(true);

    const wrong = await rejection(confirmTwoFactorSetup(member, "000000"));
    expect(wrong?.message).toBe(TWO_FACTOR_MESSAGES.setupCodeWrong);
    const codes = await confirmTwoFactorSetup(member, currentTotp(state.setup!.secret));
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await twoFactorState(member)).toMatchObject({ enabled: true, setup: null, recoveryCodesLeft: 10 });
    // Only hashes are kept.
    const stored = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id));
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0]);
    await settleBackgroundWork();
  });
});

describe("turning it on from the settings", () => {
  test("needs the password, and ends the sessions opened with the password alone", async () => {
    const member = await createMember(db(), { passwordHash: await hashPassword(PASSWORD) });
    const elsewhere = signedIn(await signIn({ email: member.email, password: PASSWORD }, meta()));
    const here = signedIn(await signIn({ email: member.email, password: PASSWORD }, meta()));
    expect(await rejection(startTwoFactorSetupConfirmed(member, "nao-e-a-senha"))).toMatchObject({
      status: 400,
    });
    expect((await twoFactorState(member)).setup).toBeNull();

    await startTwoFactorSetupConfirmed(member, PASSWORD);
    const { setup } = await twoFactorState(member);
    await confirmTwoFactorSetup(member, currentTotp(setup!.secret), here.token);
    const alive = async (token: string) =>
      (await resolveSession(new Request("http://x/", { headers: { cookie: `sdd_session=${token}` } })))
        .viewer;
    expect(await alive(elsewhere.token)).toBeNull();
    expect((await alive(here.token))?.id).toBe(member.id);
    await settleBackgroundWork();
  });
});

describe("the second step", () => {
  test("the password alone opens no session; a code from the app does, and the same code never twice", async () => {
    const { member, secret } = await memberWithTwoFactor();
    // The code used to turn it on cannot be used again.
    const first = challengeOf(await signIn({ email: member.email, password: PASSWORD }, meta()));
    const replayed = await rejection(
      completeSecondStep(first, { code: currentTotp(secret), trustBrowser: false }, meta()),
    );
    expect(replayed?.message).toBe(TWO_FACTOR_MESSAGES.codeWrong);

    const next = currentTotp(secret, Date.now() + 30_000);
    const done = await completeSecondStep(first, { code: next, trustBrowser: false }, meta());
    expect(done.viewer.id).toBe(member.id);
    const session = await resolveSession(
      new Request("http://x/", { headers: { cookie: `sdd_session=${done.token}` } }),
    );
    expect(session.viewer?.id).toBe(member.id);
    // The attempt is over: its token opens nothing again.
    const again = await rejection(completeSecondStep(first, { code: next, trustBrowser: false }, meta()));
    expect(again?.message).toBe(TWO_FACTOR_MESSAGES.expired);
  });

  test(`${CHALLENGE_ATTEMPTS} wrong codes end the attempt, and the password is asked again`, async () => {
    const { member } = await memberWithTwoFactor();
    const challenge = challengeOf(await signIn({ email: member.email, password: PASSWORD }, meta()));
    for (let i = 1; i < CHALLENGE_ATTEMPTS; i++) {
      const wrong = await rejection(
        completeSecondStep(challenge, { code: "123456", trustBrowser: false }, meta()),
      );
      expect(wrong).toMatchObject({ message: TWO_FACTOR_MESSAGES.codeWrong, status: 400 });
    }
    const last = await rejection(
      completeSecondStep(challenge, { code: "123456", trustBrowser: false }, meta()),
    );
    expect(last).toMatchObject({ message: TWO_FACTOR_MESSAGES.tooManyAttempts, status: 401 });
    expect(await db().select().from(signInChallenges).where(eq(signInChallenges.userId, member.id))).toEqual(
      [],
    );
  });

  test("a recovery code works once; any case, with or without its hyphen", async () => {
    const { member, codes } = await memberWithTwoFactor();
    const code = codes[3]!;
    const one = challengeOf(await signIn({ email: member.email, password: PASSWORD }, meta()));
    const done = await completeSecondStep(
      one,
      { code: ` ${code.replace("-", "").toUpperCase()} `, trustBrowser: false },
      meta(),
    );
    expect(done.viewer.id).toBe(member.id);
    expect((await twoFactorState(member)).recoveryCodesLeft).toBe(9);
    const two = challengeOf(await signIn({ email: member.email, password: PASSWORD }, meta()));
    const reused = await rejection(completeSecondStep(two, { code, trustBrowser: false }, meta()));
    expect(reused?.message).toBe(TWO_FACTOR_MESSAGES.codeWrong);
  });

  test("'Confiar neste navegador' skips the step on that browser for 30 days, and only there", async () => {
    const { member, codes } = await memberWithTwoFactor();
    const challenge = challengeOf(await signIn({ email: member.email, password: PASSWORD }, meta()));
    const done = await completeSecondStep(challenge, { code: codes[0]!, trustBrowser: true }, meta());
    expect(done.device).toBeTruthy();
    const [device] = await db().select().from(knownDevices).where(eq(knownDevices.userId, member.id));
    expect(device!.twoFactorUntil!.getTime() - Date.now()).toBeGreaterThan(TRUSTED_BROWSER_MS - 60_000);

    expect(
      "viewer" in
        (await signIn({ email: member.email, password: PASSWORD }, meta({ deviceToken: done.device }))),
    ).toBe(true);
    expect("challenge" in (await signIn({ email: member.email, password: PASSWORD }, meta()))).toBe(true);
    // Past the 30 days, the code is asked again.
    await db()
      .update(knownDevices)
      .set({ twoFactorUntil: new Date(Date.now() - 1000) })
      .where(eq(knownDevices.userId, member.id));
    expect(
      "challenge" in
        (await signIn({ email: member.email, password: PASSWORD }, meta({ deviceToken: done.device }))),
    ).toBe(true);
  });

  test("a password reset from the mailbox still stops at the code page", async () => {
    const { member, codes } = await memberWithTwoFactor();
    const token = await issueToken(db(), member.id, "reset_password");
    const outcome = await resetPassword(
      {
        token,
        email: member.email,
        newPassword: "senha-nova-segura-2",
        confirmPassword: "senha-nova-segura-2",
      },
      meta(),
    );
    const challenge = challengeOf(outcome);
    const done = await completeSecondStep(challenge, { code: codes[1]!, trustBrowser: false }, meta());
    expect(done.viewer.id).toBe(member.id);
    await settleBackgroundWork();
  });
});

describe("turning it off and new recovery codes", () => {
  test("need the password; then the password alone signs in again and the old codes are gone", async () => {
    const { member, codes } = await memberWithTwoFactor();
    const wrong = await rejection(turnOffTwoFactorConfirmed(member, "nao-e-a-senha"));
    expect(wrong).toMatchObject({ status: 400 });
    expect((await twoFactorState(member)).enabled).toBe(true);

    const fresh = await newRecoveryCodesConfirmed(member, PASSWORD);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    const challenge = challengeOf(await signIn({ email: member.email, password: PASSWORD }, meta()));
    expect(
      await rejection(completeSecondStep(challenge, { code: codes[0]!, trustBrowser: false }, meta())),
    ).toMatchObject({
      message: TWO_FACTOR_MESSAGES.codeWrong,
    });

    await turnOffTwoFactorConfirmed(member, PASSWORD);
    expect(await twoFactorState(member)).toMatchObject({ enabled: false, setup: null });
    signedIn(await signIn({ email: member.email, password: PASSWORD }, meta()));
    expect(await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.id))).toEqual([]);
    await settleBackgroundWork();
  });
});

describe("staff", () => {
  test("a moderator or administrator without it acts as a member, told why; with it, holds the role", async () => {
    const withIt = await createMember(db(), { role: "moderator" });
    expect(withIt.role).toBe("moderator");
    const withoutIt = await createMember(db(), { role: "admin", totpSecret: null });
    expect(withoutIt).toMatchObject({ role: "member", withheldRole: "admin" });
    // Every way of reading who is asking goes through the same row.
    const [row] = await db().select(viewerColumns).from(users).where(eq(users.id, withoutIt.id));
    expect(toViewer(row!)).toMatchObject({ role: "member", withheldRole: "admin" });
    await db()
      .update(users)
      .set({ totpSecret: TEST_TOTP_SECRET, totpEnabledAt: new Date() })
      .where(eq(users.id, withoutIt.id));
    const [after] = await db().select(viewerColumns).from(users).where(eq(users.id, withoutIt.id));
    expect(toViewer(after!).role).toBe("admin");
  });
});
