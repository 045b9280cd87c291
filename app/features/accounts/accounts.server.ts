// Sign-up, sign-in, password recovery, e-mail verification and roles. Every function takes who is asking (or
// the request's IP for the rate limits) explicitly and checks its own rules.
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { users } from "#db/schema.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { env, publicUrl } from "#app/lib/env.server.ts";
import {
  queueMail,
  queueMailJob,
  registerMailRenderer,
  type MailRenderer,
} from "#app/lib/mail-outbox.server.ts";
import { clientAddressKey } from "#app/lib/client-address.ts";
import { AppError } from "#app/lib/errors.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { Role, Viewer } from "#app/lib/viewer.ts";
import {
  cancelTokens,
  consumeToken,
  findValidToken,
  issueToken,
  type TokenKind,
} from "./account-tokens.server.ts";
import { passwordResetMessage, verificationMessage } from "./account-mail.server.ts";
import { uniqueViolation } from "./db-errors.server.ts";
import { activeMembersOnly, isRemovedEmail } from "#app/lib/removed-members.server.ts";
import { availableHandle, baseHandle } from "./handles.server.ts";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.server.ts";
import { forgetDevicesOf, isKnownDevice, rememberDevice } from "./known-devices.server.ts";
import {
  assertAllowed,
  assertRateLimit,
  hitRateLimit,
  peekRateLimit,
  RATE_LIMITS,
} from "#app/lib/rate-limits.server.ts";
import { ACCOUNT_MESSAGES, type RecoveryInput, type SignInInput, type SignUpInput } from "./schemas.ts";
import { revokeAccessTokensOf } from "./access-tokens.server.ts";
import { forgetProvidersOnReset } from "./provider-accounts.server.ts";
import {
  endSessionByToken,
  endSessionsOf,
  startSession,
  type RequestMeta,
  type SignedIn,
} from "./sessions.server.ts";
import { endChallengesOf, sessionOrSecondStep, type SignInOutcome } from "./two-factor.server.ts";
import { toViewer, viewerColumns } from "./viewer-row.server.ts";
// The administrators' blocked e-mail domains (the moderation feature's spam defences).
import { assertEmailDomainAllowed } from "#app/features/moderation/spam-defences.server.ts";
import { ROLE_LABELS } from "./roles.ts";
import { logModeration } from "#app/features/moderation/moderation-log.server.ts";
import { requireAdmin } from "#app/lib/permissions.ts";

/** The client as the address limits see it: an IPv6 /64 is one client (app/lib/client-address.ts). */
const clientOf = (meta: RequestMeta) => clientAddressKey(meta.ip);

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/** Links in e-mails: `/confirmar-email/{token}`, and the reset link opens the modal in recovery mode. */
export const verificationLink = (origin: string, token: string) => `${origin}/confirmar-email/${token}`;
const resetLink = (origin: string, token: string) =>
  `${origin}/?auth=recovery&token=${encodeURIComponent(token)}`;

// ------------------------------------------------------------------------------------------------- sign-up

export async function signUp(input: SignUpInput, meta: RequestMeta): Promise<SignedIn> {
  await assertRateLimit(RATE_LIMITS.signUpPerIp, clientOf(meta));
  const db = await getDb();
  const email = input.email.toLowerCase();
  const name = input.socialName?.trim() || (email.split("@")[0] ?? "membro").slice(0, 60);

  const [existing] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  if (existing) throw new AppError("conflict", ACCOUNT_MESSAGES.emailTaken, { field: "email" });
  await assertEmailDomainAllowed(email, "email");

  const passwordHash = await hashPassword(input.password);
  const base = baseHandle(name, email);
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await db.transaction(async (tx) => {
        const handle =
          attempt === 0 ? await availableHandle(tx, base) : `${base}-${Math.floor(Math.random() * 1e6)}`;
        const [row] = await tx
          .insert(users)
          .values({ name, email, handle, passwordHash })
          .returning(viewerColumns);
        if (!row) throw new Error("sign-up: insert returned nothing");
        const token = await startSession(tx, row.id, meta);
        const device = await rememberDevice(tx, row.id, meta.deviceToken);
        const verification = await issueToken(tx, row.id, "verify_email");
        await queueMail(tx, verificationMessage(email, name, verificationLink(meta.origin, verification)));
        return { viewer: toViewer(row), token, device };
      });
      return { viewer: result.viewer, token: result.token, device: result.device };
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === "users_email_key") {
        throw new AppError("conflict", ACCOUNT_MESSAGES.emailTaken, { field: "email" });
      }
      // Two sign-ups raced for the same handle: try again with a random suffix.
      if (constraint === "users_handle_key" && attempt < 3) continue;
      throw error;
    }
  }
}

// ------------------------------------------------------------------------------------------------- sign-in

/**
 * Checks the e-mail and password. An unknown e-mail and a wrong password get the same message after the same
 * work (a dummy hash is checked when there is no account). The session carried by the request is replaced.
 */
export async function signIn(input: SignInInput, meta: RequestMeta): Promise<SignInOutcome> {
  const email = input.email.toLowerCase();
  const client = clientOf(meta);
  await assertRateLimit(RATE_LIMITS.signInPerIp, client);
  // Guesses are held back per account and address, so someone else's wrong passwords never lock the member
  // out of their own address.
  await assertRateLimit(RATE_LIMITS.signInPerAccountAndIp, `${email}|${client}`);
  const db = await getDb();
  const [row] = await db
    .select({ ...viewerColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(byEmail(email))
    .limit(1);
  // Past the pair, the account's own limit holds back a guesser spread over many addresses. It counts failures
  // only (the member's own sign-ins never add to it), and a browser that signed in to this account before is
  // let past it: otherwise anyone could keep the member out by guessing from five addresses a minute (ADR 023).
  const known = row ? await isKnownDevice(db, row.id, meta.deviceToken) : false;
  if (!known) assertAllowed(await peekRateLimit(RATE_LIMITS.signInFailuresPerAccount, email));
  const ok = await verifyPassword(input.password, row?.passwordHash ?? null);
  if (!row || !ok) {
    await hitRateLimit(RATE_LIMITS.signInFailuresPerAccount, email);
    throw new AppError("unauthenticated", ACCOUNT_MESSAGES.wrongCredentials);
  }

  const rehash =
    row.passwordHash && needsRehash(row.passwordHash) ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    if (meta.currentToken) await endSessionByToken(tx, meta.currentToken);
    if (rehash) await tx.update(users).set({ passwordHash: rehash }).where(eq(users.id, row.id));
    await tx.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, row.id));
    return sessionOrSecondStep(tx, row, meta);
  });
}

// ---------------------------------------------------------------------------------------- password reset

/**
 * "Enviar" in the forgot form: when the address has an account, a reset link is sent. The answer, and the
 * time it takes, are the same either way (the token and the e-mail are made in the background).
 */
export async function requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
  await assertRateLimit(RATE_LIMITS.resetPerIp, clientOf(meta));
  // One row in the outbox whatever the address: the sender looks the account up (passwordResetMail).
  await queueMailJob(await getDb(), PASSWORD_RESET_JOB, email, { origin: meta.origin });
}

/** The outbox's kind for a reset asked in the forgot form. */
const PASSWORD_RESET_JOB = "password_reset";

/**
 * A reset asked in the forgot form, made into its e-mail when the outbox sends it: a fresh link for the account
 * of that address, or nothing when there is none (or it was removed).
 */
const passwordResetMail: MailRenderer = async ({ recipient, payload }) => {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(byEmail(recipient))
    .limit(1);
  if (!row || isRemovedEmail(row.email)) return null;
  const token = await issueToken(db, row.id, "reset_password");
  return passwordResetMessage(row.email, row.name, resetLink(payload.origin ?? publicUrl(), token));
};
registerMailRenderer(PASSWORD_RESET_JOB, passwordResetMail);

export type RecoveryState = { valid: boolean };

/**
 * Whether a reset link still works. Never which address it is for: the member types it (a link seen by
 * someone else must not tell them the account's address).
 */
export async function recoveryState(token: string | null): Promise<RecoveryState> {
  if (!token) return { valid: false };
  const db = await getDb();
  return { valid: (await findValidToken(db, "reset_password", token)) !== null };
}

/**
 * "Cadastrar" in the recovery form: uses the token up, sets the new password, ends every session of the member
 * and forgets their known devices (a thief's included), cancels the e-mail changes and other reset links under
 * way (a thief's way back), revokes their API tokens and the GitHub/Google links of an account that had a
 * password, and signs them in, this browser becoming their one known device. Reaching the link
 * proves the address, so it also counts as verified; and since the account is then held by that mailbox alone,
 * ADMIN_EMAIL's account may be promoted (ADR 023).
 */
export async function resetPassword(input: RecoveryInput, meta: RequestMeta): Promise<SignInOutcome> {
  const passwordHash = await hashPassword(input.newPassword);
  const db = await getDb();
  const now = new Date();
  const result = await db.transaction(async (tx) => {
    const token = await consumeToken(tx, "reset_password", input.token, now);
    if (!token) throw new AppError("validation", ACCOUNT_MESSAGES.resetTokenInvalid);
    const [before] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, token.userId));
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(and(eq(users.id, token.userId), byEmail(input.email)))
      .returning(viewerColumns);
    // Rolls the transaction back, so the link still works with the right address.
    if (!row) throw new AppError("validation", ACCOUNT_MESSAGES.resetEmailMismatch, { field: "email" });
    await cancelTokens(tx, row.id, ["change_email", "reset_password"], now);
    await endSessionsOf(tx, row.id);
    await forgetDevicesOf(tx, row.id);
    await revokeAccessTokensOf(tx, row.id, now);
    await forgetProvidersOnReset(tx, row.id, Boolean(before?.passwordHash));
    // The mailbox alone does not skip the second step: with it on, the code page comes next (ADR 049).
    await endChallengesOf(tx, row.id);
    return {
      userId: row.id,
      outcome: await sessionOrSecondStep(tx, row, { ...meta, deviceToken: null }, now),
    };
  });
  const { userId, outcome } = result;
  if ((await promoteConfiguredAdmin(userId)) && "viewer" in outcome) {
    // Promoted now; its powers wait for the second step like every administrator's.
    outcome.viewer = { ...outcome.viewer, withheldRole: "admin" };
  }
  return outcome;
}

// ---------------------------------------------------------------------------------------- verification

export type EmailConfirmation =
  | { outcome: "verified"; userId: number }
  | { outcome: "changed"; userId: number; email: string }
  | { outcome: "taken" }
  | { outcome: "invalid" }
  | { outcome: "signInRequired" }
  | { outcome: "otherAccount" };

export type EmailLinkState = "ready" | "invalid" | "signInRequired" | "otherAccount";

const EMAIL_LINK_KINDS = ["verify_email", "change_email"] as const satisfies readonly TokenKind[];

async function findEmailLink(executor: Executor, token: string, now: Date) {
  for (const kind of EMAIL_LINK_KINDS) {
    const found = await findValidToken(executor, kind, token, now);
    if (found) return { kind, ...found };
  }
  return null;
}

/**
 * What opening a verification or e-mail-change link shows (a GET changes nothing: mail scanners and link
 * previews open links too): the confirm button for the account's own session, else why not.
 */
export async function emailLinkState(viewer: Viewer | null, token: string): Promise<EmailLinkState> {
  const db = await getDb();
  const found = await findEmailLink(db, token, new Date());
  if (!found) return "invalid";
  if (!viewer) return "signInRequired";
  return found.userId === viewer.id ? "ready" : "otherAccount";
}

/**
 * The confirm button of the verification and e-mail-change links (single use, one hour). Only a signed-in
 * session of the account that asked completes it: the link proves the mailbox, the session proves the person
 * who signed up (or asked for the change), so a squatter of ADMIN_EMAIL cannot be confirmed, and promoted, by
 * the address's real owner opening the link (ADR 023). A change cancels the links sent before it.
 */
export async function confirmEmailToken(viewer: Viewer | null, token: string): Promise<EmailConfirmation> {
  if (!viewer) return { outcome: "signInRequired" };
  const db = await getDb();
  const now = new Date();
  let result: EmailConfirmation;
  try {
    result = await db.transaction(async (tx): Promise<EmailConfirmation> => {
      const found = await findEmailLink(tx, token, now);
      if (!found) return { outcome: "invalid" };
      if (found.userId !== viewer.id) return { outcome: "otherAccount" };
      // The conditional update, so two presses at once cannot both succeed.
      const used = await consumeToken(tx, found.kind, token, now);
      if (!used) return { outcome: "invalid" };
      if (found.kind === "verify_email") {
        await tx
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
          .where(eq(users.id, used.userId));
        return { outcome: "verified", userId: used.userId };
      }
      if (!used.newEmail) return { outcome: "invalid" };
      await tx
        .update(users)
        .set({ email: used.newEmail, emailVerifiedAt: now })
        .where(eq(users.id, used.userId));
      await cancelTokens(tx, used.userId, ["reset_password", "change_email", "verify_email"], now);
      return { outcome: "changed", userId: used.userId, email: used.newEmail };
    });
  } catch (error) {
    if (uniqueViolation(error) === "users_email_key") return { outcome: "taken" };
    throw error;
  }
  if (result.outcome === "verified" || result.outcome === "changed")
    await promoteConfiguredAdmin(result.userId);
  return result;
}

/** Sends a new verification link (settings' "Reenviar"); nothing when the address is already verified. */
export async function resendVerification(viewer: Viewer, meta: RequestMeta): Promise<boolean> {
  if (viewer.emailVerified) return false;
  await assertRateLimit(RATE_LIMITS.resetPerIp, clientOf(meta));
  const db = await getDb();
  await db.transaction(async (tx) => {
    const token = await issueToken(tx, viewer.id, "verify_email");
    await queueMail(tx, verificationMessage(viewer.email, viewer.name, verificationLink(meta.origin, token)));
  });
  return true;
}

// ----------------------------------------------------------------------------------------------- roles

/**
 * Makes member `userId` an admin when their address is ADMIN_EMAIL, right after they proved it: a confirmation
 * pressed in their own session, or a password reset (which ends every other way in). Never at start, nor for an
 * address verified before: the old verification link confirmed on a plain GET, so an account verified then may
 * be a squatter's; an operator whose account was verified before runs `npm run admin:create` (ADR 023).
 */
export async function promoteConfiguredAdmin(userId: number): Promise<boolean> {
  const email = env().ADMIN_EMAIL;
  if (!email) return false;
  const db = await getDb();
  const promoted = await db
    .update(users)
    .set({ role: "admin" })
    .where(
      and(eq(users.id, userId), byEmail(email), isNotNull(users.emailVerifiedAt), ne(users.role, "admin")),
    )
    .returning({ id: users.id });
  if (promoted.length > 0) logger.info({ email }, "ADMIN_EMAIL promoted to admin");
  return promoted.length > 0;
}

/** `npm run admin:create`: creates an admin, or promotes the account that already has this e-mail. */
export async function createOrPromoteAdmin(input: {
  email: string;
  name?: string;
  password?: string;
}): Promise<{ created: boolean; handle: string }> {
  const db = await getDb();
  const email = input.email.trim().toLowerCase();
  const [existing] = await db
    .update(users)
    .set({ role: "admin", emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(byEmail(email))
    .returning({ handle: users.handle });
  if (existing) return { created: false, handle: existing.handle };
  if (!input.password) throw new AppError("validation", "Informe uma senha para criar a conta.");
  const name = input.name?.trim() || (email.split("@")[0] ?? "admin");
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const handle = await availableHandle(tx, baseHandle(name, email));
    await tx
      .insert(users)
      .values({ name, email, handle, passwordHash, role: "admin", emailVerifiedAt: new Date() });
    return { created: true, handle };
  });
}

/** An admin gives a member a role (never to themselves). */
export async function setRole(viewer: Viewer | null, userId: number, role: Role): Promise<void> {
  const admin = requireAdmin(viewer);
  if (admin.id === userId) {
    throw new AppError("forbidden", "Você não pode mudar o seu próprio papel. Peça a outro administrador.");
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ role })
      .where(and(eq(users.id, userId), activeMembersOnly()))
      .returning({ id: users.id });
    if (!row) throw new AppError("not_found", "Este membro não existe.");
    await logModeration(tx, {
      actorId: admin.id,
      action: "role",
      target: { kind: "user", id: userId },
      subjectId: userId,
      reason: ROLE_LABELS[role],
    });
  });
}

export type StaffMember = { id: number; handle: string; name: string; role: Exclude<Role, "member"> };

/** The moderators and administrators, administrators first (the admin area's list of roles). */
export async function listStaff(viewer: Viewer | null): Promise<StaffMember[]> {
  requireAdmin(viewer);
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, handle: users.handle, name: users.name, role: users.role })
    .from(users)
    .where(and(inArray(users.role, ["moderator", "admin"]), activeMembersOnly()))
    .orderBy(desc(users.role), asc(users.name));
  return rows.map((r) => ({ ...r, role: r.role === "admin" ? "admin" : "moderator" }));
}

/** `setRole` for the member with this handle (`@ana` or `ana`); returns their name for the confirmation. */
export async function setRoleByHandle(viewer: Viewer | null, handle: string, role: Role): Promise<string> {
  requireAdmin(viewer);
  const wanted = handle.trim().replace(/^@/, "").toLowerCase();
  if (!wanted) throw new AppError("validation", "Informe a arroba do membro.", { field: "handle" });
  const db = await getDb();
  const [member] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.handle, wanted), activeMembersOnly()));
  if (!member) throw new AppError("not_found", "Nenhum membro com essa arroba.", { field: "handle" });
  await setRole(viewer, member.id, role);
  return member.name;
}
