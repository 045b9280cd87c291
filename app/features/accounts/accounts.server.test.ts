import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { accountProviders, authTokens, knownDevices, sessions, users } from "#db/schema.ts";
import { outboxDir } from "#app/lib/mail.server.ts";
import { hashToken } from "#app/lib/tokens.server.ts";
import { authenticateAccessToken, createAccessToken } from "./access-tokens.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { settleBackgroundWork } from "#app/lib/background-work.server.ts";
import { issueToken } from "./account-tokens.server.ts";
import {
  confirmEmailToken,
  recoveryState,
  requestPasswordReset,
  resendVerification,
  resetPassword as resetPasswordStep,
  setRole,
  signIn as signInStep,
  signUp,
} from "./accounts.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { ACCOUNT_MESSAGES } from "./schemas.ts";
import { resolveSession, type RequestMeta } from "./sessions.server.ts";
import { signedIn } from "#tests/support/sign-in.ts";

const signIn = async (...args: Parameters<typeof signInStep>) => signedIn(await signInStep(...args));
const resetPassword = async (...args: Parameters<typeof resetPasswordStep>) =>
  signedIn(await resetPasswordStep(...args));

const db = setupTestDatabase();

let ipCounter = 0;
/** Each call comes from its own address, so the per-IP limits only count where a test wants them to. */
function meta(overrides: Partial<RequestMeta> = {}): RequestMeta {
  ipCounter += 1;
  return {
    ip: `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
    userAgent: "vitest",
    origin: "https://sdd.test",
    ...overrides,
  };
}

let emailCounter = 0;
const uniqueEmail = (prefix = "pessoa") => `${prefix}-${++emailCounter}-${Date.now()}@exemplo.com.br`;

type Mail = { to: string; subject: string; text: string };
async function mailsTo(to: string): Promise<Mail[]> {
  await settleBackgroundWork();
  const files = await readdir(outboxDir()).catch(() => [] as string[]);
  const mails = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir(), f), "utf8")) as Mail),
  );
  return mails.filter((m) => m.to === to);
}
const tokenIn = (mail: Mail | undefined) => {
  const match = mail?.text.match(/(?:token=|confirmar-email\/)([\w-]+)/);
  if (!match?.[1]) throw new Error("no token in the e-mail");
  return decodeURIComponent(match[1]);
};

let minute = 0;
/** Runs `fn` at the start of a fresh minute (and hour), so a limit's window cannot roll over mid-test. */
async function inAFreshWindow(fn: () => Promise<void>) {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(Date.UTC(2031, 0, 1, ++minute, 0, 1)) });
  try {
    await fn();
  } finally {
    vi.useRealTimers();
  }
}

async function member(password = "senha-secreta-1") {
  const email = uniqueEmail();
  const viewer = await createMember(db(), { email, passwordHash: await hashPassword(password) });
  return { viewer, email, password };
}

describe("sign-up", () => {
  test("creates the member, signs them in and sends a verification link", async () => {
    const email = uniqueEmail("Nova");
    const { viewer, token } = await signUp(
      { socialName: "Nova Pessoa", email, password: "senha-forte-1" },
      meta(),
    );
    expect(viewer).toMatchObject({ name: "Nova Pessoa", email: email.toLowerCase(), role: "member" });
    expect(viewer.emailVerified).toBe(false);
    const session = await resolveSession(
      new Request("http://x/", { headers: { cookie: `sdd_session=${token}` } }),
    );
    expect(session.viewer?.id).toBe(viewer.id);

    const [mail] = await mailsTo(email.toLowerCase());
    expect(mail?.subject).toMatch(/Confirme seu e-mail/);
    expect(mail?.text).toContain("https://sdd.test/confirmar-email/");
    expect(await confirmEmailToken(viewer, tokenIn(mail))).toMatchObject({
      outcome: "verified",
      userId: viewer.id,
    });
    const [row] = await db().select().from(users).where(eq(users.id, viewer.id));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    // Single use.
    expect(await confirmEmailToken(viewer, tokenIn(mail))).toEqual({ outcome: "invalid" });
  });

  test("an e-mail is unique regardless of case", async () => {
    const email = uniqueEmail();
    await signUp({ email, password: "senha-forte-1" }, meta());
    await expect(
      signUp({ email: email.toUpperCase(), password: "outra-senha-1" }, meta()),
    ).rejects.toMatchObject({
      code: "conflict",
      field: "email",
      message: ACCOUNT_MESSAGES.emailTaken,
    });
    // Even written straight to the table, the unique index on lower(email) refuses it.
    await expect(
      db()
        .insert(users)
        .values({ name: "X", handle: `x-${Date.now()}`, email: email.toUpperCase() }),
    ).rejects.toThrow();
  });

  test("handles are unique: the second 'Maria Silva' gets maria-silva-2, whatever the case", async () => {
    const first = await signUp(
      { socialName: "Maria Silva", email: uniqueEmail(), password: "senha-forte-1" },
      meta(),
    );
    const second = await signUp(
      { socialName: "MARIA SILVA", email: uniqueEmail(), password: "senha-forte-1" },
      meta(),
    );
    const third = await signUp(
      { socialName: "Maria  Silva!", email: uniqueEmail(), password: "senha-forte-1" },
      meta(),
    );
    expect([first.viewer.handle, second.viewer.handle, third.viewer.handle]).toEqual([
      "maria-silva",
      "maria-silva-2",
      "maria-silva-3",
    ]);
  });

  test("simultaneous sign-ups with the same name all get their own handle", async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        signUp({ socialName: "João Concorrente", email: uniqueEmail(), password: "senha-forte-1" }, meta()),
      ),
    );
    const handles = results.map((r) => r.viewer.handle);
    expect(new Set(handles).size).toBe(4);
    for (const handle of handles) expect(handle).toMatch(/^joao-concorrente(-\d+)?$/);
  });

  test("without a social name, the e-mail's name is used", async () => {
    const { viewer } = await signUp(
      { email: "zé.ninguem@exemplo.com.br", password: "senha-forte-1" },
      meta(),
    );
    expect(viewer.name).toBe("zé.ninguem");
    expect(viewer.handle).toBe("ze-ninguem");
  });

  test("five sign-ups an hour per IP, the sixth gets a 429 with a Portuguese message", () =>
    inAFreshWindow(async () => {
      const same = meta();
      for (let i = 0; i < 5; i++) await signUp({ email: uniqueEmail(), password: "senha-forte-1" }, same);
      await expect(signUp({ email: uniqueEmail(), password: "senha-forte-1" }, same)).rejects.toMatchObject({
        code: "rate_limited",
        status: 429,
        message: expect.stringMatching(/^Muitas tentativas/),
      });
      await expect(signUp({ email: uniqueEmail(), password: "senha-forte-1" }, meta())).resolves.toBeTruthy();
    }));
});

describe("sign-in", () => {
  test("the right password signs in; a wrong password and an unknown e-mail get the same message", async () => {
    const { viewer, email, password } = await member();
    const ok = await signIn({ email: email.toUpperCase(), password }, meta());
    expect(ok.viewer.id).toBe(viewer.id);

    const wrong = await signIn({ email, password: "senha-errada-1" }, meta()).catch((e: unknown) => e);
    const unknown = await signIn({ email: uniqueEmail("ninguem"), password }, meta()).catch(
      (e: unknown) => e,
    );
    expect(wrong).toMatchObject({ code: "unauthenticated", message: ACCOUNT_MESSAGES.wrongCredentials });
    expect(unknown).toMatchObject({ code: "unauthenticated", message: ACCOUNT_MESSAGES.wrongCredentials });
    expect((wrong as Error).message).toBe((unknown as Error).message);
  });

  test("members without a password (the demo seed) cannot sign in", async () => {
    const email = uniqueEmail();
    await createMember(db(), { email });
    await expect(signIn({ email, password: "qualquer-senha" }, meta())).rejects.toMatchObject({
      message: ACCOUNT_MESSAGES.wrongCredentials,
    });
  });

  test("signing in replaces the session the browser carried", async () => {
    const { viewer, email, password } = await member();
    const first = await signIn({ email, password }, meta());
    const second = await signIn({ email, password }, meta({ currentToken: first.token }));
    expect(second.token).not.toBe(first.token);
    const rows = await db().select().from(sessions).where(eq(sessions.userId, viewer.id));
    expect(rows.map((r) => r.idHash)).toEqual([hashToken(second.token)]);
  });

  test("ten attempts a minute per IP", () =>
    inAFreshWindow(async () => {
      const same = meta();
      for (let i = 0; i < 10; i++) {
        await signIn({ email: uniqueEmail(), password: "senha-errada-1" }, same).catch(() => undefined);
      }
      const { email, password } = await member();
      await expect(signIn({ email, password }, same)).rejects.toMatchObject({
        code: "rate_limited",
        status: 429,
      });
      await expect(signIn({ email, password }, meta())).resolves.toBeTruthy();
    }));

  test("five attempts a minute per account and address: someone else's guesses do not lock the member out", () =>
    inAFreshWindow(async () => {
      const { email, password } = await member();
      const guesser = meta();
      for (let i = 0; i < 5; i++) {
        await signIn({ email, password: "senha-errada-1" }, guesser).catch(() => undefined);
      }
      await expect(signIn({ email, password }, guesser)).rejects.toMatchObject({
        code: "rate_limited",
        message: "Muitas tentativas seguidas. Espere um minuto e tente de novo.",
      });
      await expect(signIn({ email, password }, meta())).resolves.toBeTruthy();
    }));

  test("spread over many addresses, guesses meet the account's own limit: twenty failures a minute, then a minute's wait", () =>
    inAFreshWindow(async () => {
      const { email, password } = await member();
      for (let i = 0; i < 20; i++) {
        await signIn({ email, password: "senha-errada-1" }, meta()).catch(() => undefined);
      }
      // A browser new to the account waits (the accepted trade-off, ADR 023)…
      await expect(signIn({ email, password }, meta())).rejects.toMatchObject({ code: "rate_limited" });
      // …and the refused attempt did not count: the next window starts afresh, a back-off, not a lock.
      vi.setSystemTime(new Date(Date.now() + 60_000));
      await expect(signIn({ email, password }, meta())).resolves.toBeTruthy();
    }));

  test("only failed sign-ins count toward the account's limit", () =>
    inAFreshWindow(async () => {
      const { email, password } = await member();
      for (let i = 0; i < 25; i++) await expect(signIn({ email, password }, meta())).resolves.toBeTruthy();
      for (let i = 0; i < 19; i++) {
        await signIn({ email, password: "senha-errada-1" }, meta()).catch(() => undefined);
      }
      await expect(signIn({ email, password }, meta())).resolves.toBeTruthy();
    }));

  test("a browser that signed in before is let past the account's limit; a new one, or another account's, is not", () =>
    inAFreshWindow(async () => {
      const { viewer, email, password } = await member();
      const first = await signIn({ email, password }, meta());
      expect(first.device).toMatch(/^[\w-]{40,}$/);
      // Only its hash is stored.
      const rows = await db().select().from(knownDevices).where(eq(knownDevices.userId, viewer.id));
      expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(first.device!)]);

      // The review's attack: five wrong passwords from each of five addresses, in a minute.
      for (let address = 0; address < 5; address++) {
        const from = meta();
        for (let i = 0; i < 5; i++) {
          await signIn({ email, password: `senha-errada-${i}` }, from).catch(() => undefined);
        }
      }
      const known = await signIn({ email, password }, meta({ deviceToken: first.device }));
      expect(known.viewer.id).toBe(viewer.id);
      // Already known: no new cookie, no new row.
      expect(known.device).toBeNull();
      await expect(signIn({ email, password }, meta())).rejects.toMatchObject({ code: "rate_limited" });
      const other = await member();
      const { device: othersDevice } = await signIn({ email: other.email, password: other.password }, meta());
      await expect(signIn({ email, password }, meta({ deviceToken: othersDevice }))).rejects.toMatchObject({
        code: "rate_limited",
      });
      // Wrong passwords from a known device are still refused, and still held back per address.
      const home = meta({ deviceToken: first.device });
      for (let i = 0; i < 4; i++) {
        await expect(signIn({ email, password: "senha-errada-1" }, home)).rejects.toMatchObject({
          code: "unauthenticated",
        });
      }
      await expect(signIn({ email, password }, home)).resolves.toBeTruthy();
      await expect(signIn({ email, password }, home)).rejects.toMatchObject({ code: "rate_limited" });
    }));

  test("the address limits hold an IPv6 /64 as one client", () =>
    inAFreshWindow(async () => {
      const { email, password } = await member();
      for (let i = 1; i <= 5; i++) {
        await signIn({ email, password: "senha-errada-1" }, meta({ ip: `2001:db8:7:8::${i}` })).catch(
          () => undefined,
        );
      }
      await expect(signIn({ email, password }, meta({ ip: "2001:db8:7:8:ffff::1" }))).rejects.toMatchObject({
        code: "rate_limited",
      });
      await expect(signIn({ email, password }, meta({ ip: "2001:db8:7:9::1" }))).resolves.toBeTruthy();
      for (let i = 1; i <= 5; i++) {
        await signUp({ email: uniqueEmail(), password: "senha-forte-1" }, meta({ ip: `2001:db8:a::${i}` }));
      }
      await expect(
        signUp({ email: uniqueEmail(), password: "senha-forte-1" }, meta({ ip: "2001:db8:a:0:1::9" })),
      ).rejects.toMatchObject({ code: "rate_limited" });
      for (let i = 1; i <= 5; i++)
        await requestPasswordReset(uniqueEmail(), meta({ ip: `2001:db8:b::${i}` }));
      await expect(requestPasswordReset(uniqueEmail(), meta({ ip: "2001:db8:b::99" }))).rejects.toMatchObject(
        {
          code: "rate_limited",
        },
      );
    }));

  test("sign-up marks the browser as known", async () => {
    const { viewer, device } = await signUp({ email: uniqueEmail(), password: "senha-forte-1" }, meta());
    const rows = await db().select().from(knownDevices).where(eq(knownDevices.userId, viewer.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(device!)]);
  });

  test("a password reset cancels the e-mail changes and other links under way", async () => {
    const { viewer, email } = await member();
    const change = await issueToken(db(), viewer.id, "change_email", { newEmail: "intruso@exemplo.com.br" });
    await requestPasswordReset(email, meta());
    const token = tokenIn((await mailsTo(email)).at(-1));
    const { viewer: after } = await resetPassword(
      { token, email, newPassword: "nova-senha-123", confirmPassword: "nova-senha-123" },
      meta(),
    );
    expect(await confirmEmailToken(after, change)).toEqual({ outcome: "invalid" });
    const [row] = await db().select().from(users).where(eq(users.id, viewer.id));
    expect(row?.email).toBe(email);
  });

  test("a confirmed e-mail change ends the reset links sent to the old address", async () => {
    const { viewer } = await member();
    const reset = await issueToken(db(), viewer.id, "reset_password");
    const change = await issueToken(db(), viewer.id, "change_email", { newEmail: uniqueEmail() });
    expect(await confirmEmailToken(viewer, change)).toMatchObject({ outcome: "changed" });
    expect(await recoveryState(reset)).toEqual({ valid: false });
  });

  test("a wrong password and an unknown e-mail take about the same time (real scrypt cost)", async () => {
    const { email } = await member("a-senha-certa-1");
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      // The real cost for the account too, so both paths derive the same way.
      await db()
        .update(users)
        .set({ passwordHash: await hashPassword("a-senha-certa-1") })
        .where(eq(sql`lower(${users.email})`, email));
      const time = async (address: string) => {
        const start = performance.now();
        await signIn({ email: address, password: "senha-errada-1" }, meta()).catch(() => undefined);
        return performance.now() - start;
      };
      await time(uniqueEmail()); // warms the dummy hash
      const wrong: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        wrong.push(await time(email));
        unknown.push(await time(uniqueEmail()));
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[1] ?? 0;
      const ratio = median(unknown) / median(wrong);
      expect(median(wrong)).toBeGreaterThan(40);
      // Without the dummy hash the ratio would be near 0.05; the margin absorbs a busy machine.
      expect(ratio).toBeGreaterThan(0.35);
      expect(ratio).toBeLessThan(3);
    } finally {
      process.env.NODE_ENV = previous;
    }
  });
});

describe("password recovery", () => {
  test("'Enviar' answers the same whether the address exists; only real accounts get a link", async () => {
    const { email } = await member();
    const unknown = uniqueEmail("fantasma");
    await expect(requestPasswordReset(email, meta())).resolves.toBeUndefined();
    await expect(requestPasswordReset(unknown, meta())).resolves.toBeUndefined();
    expect(await mailsTo(unknown)).toEqual([]);
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toMatch(/Recupere sua senha/);
    expect(mail?.text).toContain("https://sdd.test/?auth=recovery&token=");
  });

  test("an account made by GitHub sets its first password through the e-mail and keeps its GitHub", async () => {
    const email = uniqueEmail("sem-senha");
    const viewer = await createMember(db(), { email });
    await db()
      .insert(accountProviders)
      .values({ userId: viewer.id, provider: "github", providerUserId: `dono-${viewer.id}`, email });
    await requestPasswordReset(email, meta());
    const token = tokenIn((await mailsTo(email)).at(-1));
    await resetPassword(
      { token, email, newPassword: "nova-senha-123", confirmPassword: "nova-senha-123" },
      meta(),
    );
    const links = await db().select().from(accountProviders).where(eq(accountProviders.userId, viewer.id));
    expect(links.map((link) => link.provider)).toEqual(["github"]);
  });

  test("the link sets a new password once, ends every session and signs the member in", async () => {
    const { viewer, email, password } = await member();
    const elsewhere = await signIn({ email, password }, meta());
    const thief = await signIn({ email, password }, meta());
    await requestPasswordReset(email, meta());
    const token = tokenIn((await mailsTo(email)).at(-1));
    expect(await recoveryState(token)).toEqual({ valid: true });

    // A token made with a stolen session must not outlive the recovery (the API's security review), nor
    // a GitHub account linked to it (the sign-in providers' review).
    const apiToken = (await createAccessToken(db(), viewer, { name: "do ladrão", scopes: ["write"] })).token;
    await db()
      .insert(accountProviders)
      .values({ userId: viewer.id, provider: "github", providerUserId: `ladrao-${viewer.id}`, email });

    const input = { token, email, newPassword: "nova-senha-123", confirmPassword: "nova-senha-123" };
    const result = await resetPassword(input, meta());
    expect(result.viewer.id).toBe(viewer.id);
    expect(await authenticateAccessToken(db(), apiToken)).toBeNull();
    expect(await db().select().from(accountProviders).where(eq(accountProviders.userId, viewer.id))).toEqual(
      [],
    );
    const rows = await db().select().from(sessions).where(eq(sessions.userId, viewer.id));
    expect(rows.map((r) => r.idHash)).toEqual([hashToken(result.token)]);
    expect(rows.map((r) => r.idHash)).not.toContain(hashToken(elsewhere.token));
    // Every known device is forgotten (a thief's too); this browser becomes the one known device.
    const devices = await db().select().from(knownDevices).where(eq(knownDevices.userId, viewer.id));
    expect(devices.map((r) => r.tokenHash)).toEqual([hashToken(result.device!)]);
    expect(devices.map((r) => r.tokenHash)).not.toContain(hashToken(thief.device!));

    await expect(signIn({ email, password }, meta())).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(signIn({ email, password: "nova-senha-123" }, meta())).resolves.toBeTruthy();
    // Single use.
    expect(await recoveryState(token)).toEqual({ valid: false });
    await expect(resetPassword(input, meta())).rejects.toMatchObject({
      message: ACCOUNT_MESSAGES.resetTokenInvalid,
    });
  });

  test("a link expires after one hour", async () => {
    const { viewer, email } = await member();
    const token = await issueToken(db(), viewer.id, "reset_password", {
      now: new Date(Date.now() - 61 * 60_000),
    });
    expect(await recoveryState(token)).toEqual({ valid: false });
    await expect(
      resetPassword(
        { token, email, newPassword: "nova-senha-123", confirmPassword: "nova-senha-123" },
        meta(),
      ),
    ).rejects.toMatchObject({ message: ACCOUNT_MESSAGES.resetTokenInvalid });
    const fresh = await issueToken(db(), viewer.id, "reset_password", {
      now: new Date(Date.now() - 59 * 60_000),
    });
    expect(await recoveryState(fresh)).toEqual({ valid: true });
  });

  test("a newer link replaces the older one", async () => {
    const { viewer } = await member();
    const older = await issueToken(db(), viewer.id, "reset_password");
    const newer = await issueToken(db(), viewer.id, "reset_password");
    expect(await recoveryState(older)).toEqual({ valid: false });
    expect((await recoveryState(newer)).valid).toBe(true);
  });

  test("another address in the form is refused and does not use the link up", async () => {
    const { viewer, email } = await member();
    const token = await issueToken(db(), viewer.id, "reset_password");
    const input = {
      token,
      email: uniqueEmail(),
      newPassword: "nova-senha-123",
      confirmPassword: "nova-senha-123",
    };
    await expect(resetPassword(input, meta())).rejects.toMatchObject({
      field: "email",
      message: ACCOUNT_MESSAGES.resetEmailMismatch,
    });
    await expect(resetPassword({ ...input, email }, meta())).resolves.toBeTruthy();
  });

  test("tokens are stored hashed", async () => {
    const { viewer } = await member();
    const token = await issueToken(db(), viewer.id, "reset_password");
    const rows = await db().select().from(authTokens).where(eq(authTokens.userId, viewer.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test("two simultaneous uses of one link: only one succeeds", async () => {
    const { viewer, email } = await member();
    const token = await issueToken(db(), viewer.id, "reset_password");
    const input = { token, email, newPassword: "nova-senha-123", confirmPassword: "nova-senha-123" };
    const results = await Promise.allSettled([resetPassword(input, meta()), resetPassword(input, meta())]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  test("five reset requests an hour per IP", () =>
    inAFreshWindow(async () => {
      const same = meta();
      for (let i = 0; i < 5; i++) await requestPasswordReset(uniqueEmail(), same);
      await expect(requestPasswordReset(uniqueEmail(), same)).rejects.toMatchObject({ code: "rate_limited" });
    }));
});

describe("verification", () => {
  test("a new verification link can be asked for while the address is unverified", async () => {
    const email = uniqueEmail();
    const { viewer } = await signUp({ email, password: "senha-forte-1" }, meta());
    expect(await resendVerification(viewer, meta())).toBe(true);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    // Only the newest link (the one still unused in the table) works.
    const [pending] = await db()
      .select({ hash: authTokens.tokenHash })
      .from(authTokens)
      .where(and(eq(authTokens.userId, viewer.id), isNull(authTokens.usedAt)));
    const tokens = mails.map(tokenIn);
    const newest = tokens.find((t) => hashToken(t) === pending?.hash);
    const older = tokens.find((t) => t !== newest);
    expect(newest && older).toBeTruthy();
    expect(await confirmEmailToken(viewer, older ?? "")).toEqual({ outcome: "invalid" });
    expect(await confirmEmailToken(viewer, newest ?? "")).toMatchObject({ outcome: "verified" });
    expect(await resendVerification({ ...viewer, emailVerified: true }, meta())).toBe(false);
  });

  test("a reset link for another kind does not verify", async () => {
    const { viewer } = await member();
    const token = await issueToken(db(), viewer.id, "reset_password");
    expect(await confirmEmailToken(viewer, token)).toEqual({ outcome: "invalid" });
  });
});

describe("roles", () => {
  test("only an admin gives roles, never to themselves", async () => {
    const admin = await createMember(db(), { role: "admin" });
    const moderator = await createMember(db(), { role: "moderator" });
    const target = await createMember(db());
    await expect(setRole(null, target.id, "moderator")).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(setRole(target, target.id, "admin")).rejects.toMatchObject({ code: "forbidden" });
    await expect(setRole(moderator, target.id, "moderator")).rejects.toMatchObject({ code: "forbidden" });
    await expect(setRole(admin, admin.id, "member")).rejects.toMatchObject({ code: "forbidden" });
    await setRole(admin, target.id, "moderator");
    const [row] = await db().select({ role: users.role }).from(users).where(eq(users.id, target.id));
    expect(row?.role).toBe("moderator");
    await expect(setRole(admin, 999_999, "moderator")).rejects.toMatchObject({ code: "not_found" });
  });
});
