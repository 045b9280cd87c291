// Two-factor sign-in (ADR 049): a code from an authenticator app (TOTP, RFC 6238, through `otpauth`) asked after the
// password or provider, ten single-use recovery codes, and "Confiar neste navegador" for 30 days on a known device.
// Moderators and administrators hold their powers only with it on (viewer-row.server.ts).
import { createHash, randomInt } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { href, redirect } from "react-router";
import { renderSVG } from "uqr";
import { knownDevices, recoveryCodes, signInChallenges, users } from "#db/schema.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { queueMail } from "#app/lib/mail-outbox.server.ts";
import { createToken, hashToken } from "#app/lib/tokens.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { twoFactorChangedMessage } from "./account-mail.server.ts";
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES } from "./two-factor-rules.ts";
import { endSessionsOf, isSecure, readCookie, startSession, type SignedIn } from "./sessions.server.ts";
import { rememberDevice, signedInHeaders } from "./known-devices.server.ts";
import {
  assertAllowed,
  assertRateLimit,
  hitRateLimit,
  peekRateLimit,
  RATE_LIMITS,
} from "#app/lib/rate-limits.server.ts";
import { toViewer, viewerColumns, type ViewerRow } from "./viewer-row.server.ts";
import { requireMember } from "#app/lib/permissions.ts";

const ISSUER = "Suporte de Domingo";
/** One step on either side of now: a phone whose clock is 30 s off still signs in. */
const WINDOW = 1;
/** How long the code page waits for the code after the password was right. */
const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes one attempt takes before the password is asked again. */
export const CHALLENGE_ATTEMPTS = 5;
/** "Confiar neste navegador por 30 dias". */
export const TRUSTED_BROWSER_MS = 30 * 24 * 60 * 60 * 1000;

const totpFor = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

/** The 30-second step a six-digit code belongs to (within the window), or null when it matches none. */
export function totpStep(secret: string, code: string, now: number = Date.now()): number | null {
  const delta = totpFor(secret, "").validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 30_000) + delta;
}

/** The current code of a secret (tests and the suite's moderators use it like an authenticator app). */
export function currentTotp(secret: string, now: number = Date.now()): string {
  return totpFor(secret, "").generate({ timestamp: now });
}

/** What an authenticator app reads: the otpauth:// address, as text and as a QR code (SVG). */
type TwoFactorSetup = { secret: string; uri: string; qrSvg: string };

function setupOf(secret: string, email: string): TwoFactorSetup {
  const uri = totpFor(secret, email).toString();
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

export type TwoFactorState = {
  enabled: boolean;
  /** Set between "Ativar" and the first right code: the secret and QR code to show. */
  setup: TwoFactorSetup | null;
  recoveryCodesLeft: number;
  hasPassword: boolean;
};

export async function twoFactorState(viewer: Viewer | null): Promise<TwoFactorState> {
  const member = requireMember(viewer);
  const db = await getDb();
  const [row] = await db
    .select({
      secret: users.totpSecret,
      enabledAt: users.totpEnabledAt,
      email: users.email,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      left: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userId} = ${users.id} and ${recoveryCodes.usedAt} is null)`,
    })
    .from(users)
    .where(eq(users.id, member.id));
  if (!row) throw new AppError("not_found", "Esta conta não existe mais.");
  return {
    enabled: row.enabledAt !== null,
    setup: row.enabledAt === null && row.secret ? setupOf(row.secret, row.email) : null,
    recoveryCodesLeft: row.enabledAt ? row.left : 0,
    hasPassword: row.hasPassword,
  };
}

/** "Ativar": a new secret for the app to read; nothing is asked at sign-in until a code from it is confirmed. */
export async function startTwoFactorSetup(viewer: Viewer | null): Promise<void> {
  const member = requireMember(viewer);
  const db = await getDb();
  const secret = new Secret({ size: 20 }).base32;
  const [row] = await db
    .update(users)
    .set({ totpSecret: secret })
    .where(and(eq(users.id, member.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (!row) throw new AppError("conflict", TWO_FACTOR_MESSAGES.alreadyOn);
}

/** "Cancelar" during the setup: forgets the secret the app may have read. */
export async function cancelTwoFactorSetup(viewer: Viewer | null): Promise<void> {
  const member = requireMember(viewer);
  const db = await getDb();
  await db
    .update(users)
    .set({ totpSecret: null })
    .where(and(eq(users.id, member.id), isNull(users.totpEnabledAt)));
}

/** Recovery codes as shown: ten characters in two groups, from an alphabet without look-alikes. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A recovery code as typed (any case, with or without the hyphen and spaces) into what is stored. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
export const hashRecoveryCode = (code: string) =>
  createHash("sha256")
    .update(`recuperacao:${normalizeRecoveryCode(code)}`)
    .digest("hex");

async function replaceRecoveryCodes(executor: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await executor
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })))
    .onConflictDoNothing();
  return codes;
}

/**
 * The first code from the app: turns the second step on and returns the ten recovery codes, shown once.
 * Limited like the password checks, so the setup form cannot be used to guess.
 */
export async function confirmTwoFactorSetup(
  viewer: Viewer | null,
  code: string,
  keepSessionToken: string | null = null,
): Promise<string[]> {
  const member = requireMember(viewer);
  await assertRateLimit(RATE_LIMITS.passwordCheckPerAccount, String(member.id));
  const db = await getDb();
  const [row] = await db
    .select({
      secret: users.totpSecret,
      enabledAt: users.totpEnabledAt,
      email: users.email,
      name: users.name,
    })
    .from(users)
    .where(eq(users.id, member.id));
  if (row?.enabledAt) throw new AppError("conflict", TWO_FACTOR_MESSAGES.alreadyOn);
  if (!row?.secret) throw new AppError("validation", TWO_FACTOR_MESSAGES.noSetup, { field: "code" });
  const step = totpStep(row.secret, code.replace(/\s/g, ""));
  if (step === null) throw new AppError("validation", TWO_FACTOR_MESSAGES.setupCodeWrong, { field: "code" });
  return db.transaction(async (tx) => {
    const [on] = await tx
      .update(users)
      .set({ totpEnabledAt: new Date(), totpLastStep: step })
      .where(and(eq(users.id, member.id), eq(users.totpSecret, row.secret!), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (!on) throw new AppError("conflict", TWO_FACTOR_MESSAGES.alreadyOn);
    await queueMail(tx, twoFactorChangedMessage(row.email, row.name, "on"));
    // Sessions opened with the password alone end: none of them carries a staff member's powers from now on.
    await endSessionsOf(tx, member.id, keepSessionToken);
    return replaceRecoveryCodes(tx, member.id);
  });
}

/** Turns the second step off (the caller checked the password): secret, recovery codes and trusted browsers go. */
export async function turnOffTwoFactor(executor: Executor, userId: number): Promise<boolean> {
  const [row] = await executor
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(and(eq(users.id, userId), sql`${users.totpEnabledAt} is not null`))
    .returning({ email: users.email, name: users.name });
  await executor.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await executor.update(knownDevices).set({ twoFactorUntil: null }).where(eq(knownDevices.userId, userId));
  if (row) await queueMail(executor, twoFactorChangedMessage(row.email, row.name, "off"));
  return row !== undefined;
}

/** "Gerar novos códigos": the old ones stop working. */
export async function regenerateRecoveryCodes(viewer: Viewer | null): Promise<string[]> {
  const member = requireMember(viewer);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ enabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, member.id))
      .for("update");
    if (!row?.enabledAt) throw new AppError("conflict", TWO_FACTOR_MESSAGES.notOn);
    return replaceRecoveryCodes(tx, member.id);
  });
}

// ------------------------------------------------------------------------------------------ the second step

const CHALLENGE_COOKIE = "sdd_2fa";
const SECURE_CHALLENGE_COOKIE = "__Host-sdd_2fa";
const challengeCookieName = (request: Request) =>
  isSecure(request) ? SECURE_CHALLENGE_COOKIE : CHALLENGE_COOKIE;

export function readChallengeToken(request: Request): string | null {
  return readCookie(request, challengeCookieName(request));
}

/** The `Set-Cookie` that keeps the attempt for ten minutes (or, with `clear`, drops it). */
export function challengeCookie(request: Request, token: string | null): string {
  const maxAge = token ? CHALLENGE_TTL_MS / 1000 : 0;
  const attributes = ["Path=/", `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Lax"];
  if (isSecure(request)) attributes.push("Secure");
  return `${challengeCookieName(request)}=${token ?? ""}; ${attributes.join("; ")}`;
}

/**
 * Whether a sign-in of `userId` from this browser must stop at the code page: the account has the second step on
 * and the browser is not one the member trusted for 30 days.
 */
async function needsSecondStep(
  executor: Executor,
  userId: number,
  deviceToken: string | null | undefined,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await executor
    .select({
      enabledAt: users.totpEnabledAt,
      trusted: deviceToken
        ? sql<boolean>`exists (select 1 from ${knownDevices} where ${knownDevices.tokenHash} = ${hashToken(deviceToken)} and ${knownDevices.userId} = ${users.id} and ${knownDevices.twoFactorUntil} > ${now})`
        : sql<boolean>`false`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.enabledAt) && !row?.trusted;
}

/** Opens the code page's attempt; returns the token for its cookie. */
async function startChallenge(executor: Executor, userId: number, now: Date = new Date()): Promise<string> {
  const { token, hash } = createToken();
  await executor
    .delete(signInChallenges)
    .where(lt(signInChallenges.createdAt, new Date(now.getTime() - CHALLENGE_TTL_MS)));
  await executor.insert(signInChallenges).values({ tokenHash: hash, userId, createdAt: now });
  return token;
}

/** Whether the browser's attempt is still open (the code page sends the visitor back to Login otherwise). */
export async function challengeIsOpen(token: string | null, now: Date = new Date()): Promise<boolean> {
  if (!token) return false;
  const db = await getDb();
  const [row] = await db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(
      and(
        eq(signInChallenges.tokenHash, hashToken(token)),
        gt(signInChallenges.createdAt, new Date(now.getTime() - CHALLENGE_TTL_MS)),
      ),
    );
  return row !== undefined;
}

export type SecondStepMeta = { ip: string; userAgent: string | null; deviceToken?: string | null };

/**
 * "Verificar" on the code page: a six-digit code from the app (each step used once) or an unused recovery code.
 * Right: the attempt ends, the session starts, and with `trustBrowser` this browser skips the step for 30 days.
 * Wrong: counted; the fifth ends the attempt. Also limited per account, whatever the number of attempts.
 */
export async function completeSecondStep(
  token: string | null,
  input: { code: string; trustBrowser: boolean },
  meta: SecondStepMeta,
  now: Date = new Date(),
) {
  const db = await getDb();
  const tokenHash = token ? hashToken(token) : null;
  const [challenge] = tokenHash
    ? await db
        .select({ userId: signInChallenges.userId, attempts: signInChallenges.attempts })
        .from(signInChallenges)
        .where(
          and(
            eq(signInChallenges.tokenHash, tokenHash),
            gt(signInChallenges.createdAt, new Date(now.getTime() - CHALLENGE_TTL_MS)),
          ),
        )
    : [];
  if (!challenge || !tokenHash) throw new AppError("unauthenticated", TWO_FACTOR_MESSAGES.expired);
  // Only wrong codes count, so the member's own sign-ins never hold them back.
  const account = String(challenge.userId);
  assertAllowed(await peekRateLimit(RATE_LIMITS.secondStepFailuresPerAccount, account, now));
  assertAllowed(await peekRateLimit(RATE_LIMITS.secondStepFailuresPerAccountDay, account, now));

  const signedIn = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...viewerColumns, secret: users.totpSecret, lastStep: users.totpLastStep })
      .from(users)
      .where(eq(users.id, challenge.userId))
      .for("update");
    if (!row?.secret || !row.totpEnabledAt) return null;
    const typed = input.code.trim();
    let accepted = false;
    if (/^\d{3}\s?\d{3}$/.test(typed)) {
      const step = totpStep(row.secret, typed.replace(/\s/g, ""), now.getTime());
      // Each step once: a code seen over a shoulder (or sent twice) cannot open a second session.
      if (step !== null && (row.lastStep === null || step > row.lastStep)) {
        await tx.update(users).set({ totpLastStep: step }).where(eq(users.id, row.id));
        accepted = true;
      }
    } else if (normalizeRecoveryCode(typed).length === 10) {
      const [used] = await tx
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(recoveryCodes.userId, row.id),
            eq(recoveryCodes.codeHash, hashRecoveryCode(typed)),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ userId: recoveryCodes.userId });
      accepted = used !== undefined;
    }
    if (!accepted) return null;
    await tx.delete(signInChallenges).where(eq(signInChallenges.tokenHash, tokenHash));
    await tx.update(users).set({ lastActiveAt: now }).where(eq(users.id, row.id));
    const session = await startSession(tx, row.id, meta, now);
    const device = await rememberDevice(tx, row.id, meta.deviceToken, now);
    if (input.trustBrowser) {
      const deviceToken = device ?? meta.deviceToken;
      if (deviceToken) {
        await tx
          .update(knownDevices)
          .set({ twoFactorUntil: new Date(now.getTime() + TRUSTED_BROWSER_MS) })
          .where(and(eq(knownDevices.tokenHash, hashToken(deviceToken)), eq(knownDevices.userId, row.id)));
      }
    }
    return { viewer: toViewer(row), token: session, device };
  });
  if (signedIn) return signedIn;
  await hitRateLimit(RATE_LIMITS.secondStepFailuresPerAccount, account, now);
  await hitRateLimit(RATE_LIMITS.secondStepFailuresPerAccountDay, account, now);

  const [counted] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(eq(signInChallenges.tokenHash, tokenHash))
    .returning({ attempts: signInChallenges.attempts });
  if (!counted || counted.attempts >= CHALLENGE_ATTEMPTS) {
    await db.delete(signInChallenges).where(eq(signInChallenges.tokenHash, tokenHash));
    throw new AppError("unauthenticated", TWO_FACTOR_MESSAGES.tooManyAttempts);
  }
  throw new AppError("validation", TWO_FACTOR_MESSAGES.codeWrong, { field: "code" });
}

/** Ends every open attempt of a member (a password reset or the second step turned off). */
export async function endChallengesOf(executor: Executor, userId: number): Promise<void> {
  await executor.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
}

/** A right password (or provider) of an account with the second step on, from a browser it does not trust. */
type SecondStepNeeded = { challenge: string };
export type SignInOutcome = SignedIn | SecondStepNeeded;

/**
 * The end of every way in (password, reset link, GitHub/Google): a session and a known device, or, when the account
 * asks for a code on this browser, the code page's attempt instead. Runs inside the caller's transaction.
 */
export async function sessionOrSecondStep(
  tx: Executor,
  row: ViewerRow,
  meta: SecondStepMeta,
  now: Date = new Date(),
): Promise<SignInOutcome> {
  if (await needsSecondStep(tx, row.id, meta.deviceToken, now)) {
    return { challenge: await startChallenge(tx, row.id, now) };
  }
  const token = await startSession(tx, row.id, meta, now);
  const device = await rememberDevice(tx, row.id, meta.deviceToken, now);
  return { viewer: toViewer(row), token, device };
}

/** The answer to a way in: to `target` signed in, or to the code page (keeping `target` for after it). */
export function signInRedirect(request: Request, outcome: SignInOutcome, target: string): Response {
  if ("challenge" in outcome) {
    const next = target === "/" ? "" : `?redirectTo=${encodeURIComponent(target)}`;
    return redirect(`${href("/entrar/verificacao")}${next}`, {
      headers: { "Set-Cookie": challengeCookie(request, outcome.challenge) },
    });
  }
  return redirect(target, { headers: signedInHeaders(request, outcome) });
}
