// /configuracoes: a member's own profile, avatar, e-mail, password and sessions, and the removal of their
// account (LGPD, see docs/decisions: the row is anonymised, the content stays). The export of their data is in
// account-export.server.ts.
import { eq, inArray, sql } from "drizzle-orm";
import {
  accessTokens,
  accountProviders,
  authTokens,
  favorites,
  follows,
  knownDevices,
  notificationPreferences,
  notifications,
  posts,
  questions,
  recoveryCodes,
  savedFilters,
  sessions,
  signInChallenges,
  signInFlows,
  tagFollows,
  uploads,
  users,
} from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import { queueMail } from "#app/lib/mail-outbox.server.ts";
import { visibleRoleLine } from "#app/lib/role-line.ts";
import { AppError } from "#app/lib/errors.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { Theme } from "#app/lib/theme.ts";
import type { Viewer } from "#app/lib/viewer.ts";
// Avatars are stored like every other image members upload (the uploads feature's public function).
import {
  forgetUnusedUploadsOf,
  removeUploadFiles,
  storeImage,
} from "#app/features/uploads/uploads.server.ts";
// What other features keep about a member, taken out on removal (their public functions).
import { removeSubscriptionOf } from "#app/features/newsletter/newsletter.server.ts";
import { anonymiseActor } from "#app/features/notifications/notify.server.ts";
import { cancelTokens, issueToken } from "./account-tokens.server.ts";
import {
  emailChangeMessage,
  emailChangeNoticeMessage,
  passwordChangedMessage,
} from "./account-mail.server.ts";
import { verificationLink } from "./accounts.server.ts";
import { REMOVED_EMAIL_PREFIX, REMOVED_NAME } from "#app/lib/removed-members.server.ts";
import { forgetDevicesOf } from "./known-devices.server.ts";
import { hashPassword, verifyPassword } from "./passwords.server.ts";
import { assertRateLimit, RATE_LIMITS } from "#app/lib/rate-limits.server.ts";
import {
  ACCOUNT_MESSAGES,
  type EmailChangeInput,
  type PasswordChangeInput,
  type ProfileInput,
} from "./schemas.ts";
import { revokeAccessTokensOf } from "./access-tokens.server.ts";
import { endSessionsOf, type RequestMeta } from "./sessions.server.ts";
import {
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  totpStep,
  turnOffTwoFactor,
} from "./two-factor.server.ts";
import { TWO_FACTOR_MESSAGES } from "./two-factor-rules.ts";
import { requireMember } from "#app/lib/permissions.ts";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE = 256;

export type AccountSettings = {
  handle: string;
  name: string;
  /** What the member wrote; empty for none (the "Membro" every account starts with counts as none). */
  roleLine: string;
  bio: string;
  avatarUrl: string | null;
  email: string;
  emailVerified: boolean;
  /** A new address waiting for its confirmation link to be opened. */
  pendingEmail: string | null;
  /** Open sessions, this one included. */
  sessionCount: number;
};

export async function getSettings(viewer: Viewer | null): Promise<AccountSettings> {
  const member = requireMember(viewer);
  const db = await getDb();
  const now = new Date();
  const [row] = await db
    .select({
      handle: users.handle,
      name: users.name,
      roleLine: users.roleLine,
      bio: users.bio,
      avatarUrl: users.avatarUrl,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      // Qualified names: a one-table select prints bare column names inside subqueries.
      pendingEmail: sql<
        string | null
      >`(select t."new_email" from "auth_tokens" t where t."user_id" = "users"."id" and t."kind" = 'change_email' and t."used_at" is null and t."expires_at" > ${now} order by t."id" desc limit 1)`,
      sessionCount:
        sql<number>`(select count(*) from "sessions" s where s."user_id" = "users"."id" and s."expires_at" > ${now})`.mapWith(
          Number,
        ),
    })
    .from(users)
    .where(eq(users.id, member.id));
  if (!row) throw new AppError("unauthenticated", ACCOUNT_MESSAGES.signInRequired);
  const { emailVerifiedAt, ...rest } = row;
  return { ...rest, roleLine: visibleRoleLine(rest.roleLine) ?? "", emailVerified: emailVerifiedAt !== null };
}

export async function updateProfile(viewer: Viewer | null, input: ProfileInput): Promise<void> {
  const member = requireMember(viewer);
  const db = await getDb();
  await db
    .update(users)
    // An empty role line stays empty: no placeholder is shown for it (role-line.ts).
    .set({ name: input.name, roleLine: input.roleLine, bio: input.bio })
    .where(eq(users.id, member.id));
}

/** PNG or JPEG up to 2 MB, cropped to a 256 px square; returns the new picture's address. */
export async function setAvatar(viewer: Viewer | null, file: File): Promise<string> {
  const member = requireMember(viewer);
  const image = await storeImage(member, file, {
    maxBytes: AVATAR_MAX_BYTES,
    resizeTo: AVATAR_SIZE,
    fit: "cover",
  });
  const db = await getDb();
  await db.update(users).set({ avatarUrl: image.url }).where(eq(users.id, member.id));
  return image.url;
}

export async function removeAvatar(viewer: Viewer | null): Promise<void> {
  const member = requireMember(viewer);
  const db = await getDb();
  await db.update(users).set({ avatarUrl: null }).where(eq(users.id, member.id));
}

/** Keeps the member's theme (Claro, Escuro, Sistema) with their account: every device shows it. */
export async function setTheme(viewer: Viewer | null, theme: Theme): Promise<void> {
  const member = requireMember(viewer);
  const db = await getDb();
  await db.update(users).set({ theme }).where(eq(users.id, member.id));
}

/**
 * Checks the member's current password, with a limit of its own so it cannot be guessed here; sign-in guesses
 * by others do not count against it (they once locked members out of their settings).
 */
async function checkPassword(member: Viewer, password: string, field: string): Promise<void> {
  await assertRateLimit(RATE_LIMITS.passwordCheckPerAccount, String(member.id));
  const db = await getDb();
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, member.id));
  if (!(await verifyPassword(password, row?.hash ?? null))) {
    throw new AppError("validation", ACCOUNT_MESSAGES.currentPasswordWrong, { field });
  }
}

/**
 * Sends a confirmation link to the new address (the change happens when it is opened) and a notice to the
 * current one. The account keeps its address until then.
 */
export async function requestEmailChange(
  viewer: Viewer | null,
  input: EmailChangeInput,
  meta: RequestMeta,
): Promise<void> {
  const member = requireMember(viewer);
  const newEmail = input.newEmail.toLowerCase();
  if (newEmail === member.email.toLowerCase()) {
    throw new AppError("validation", ACCOUNT_MESSAGES.emailUnchanged, { field: "newEmail" });
  }
  await checkPassword(member, input.currentPassword, "currentPassword");
  const db = await getDb();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, newEmail))
    .limit(1);
  if (taken) throw new AppError("conflict", ACCOUNT_MESSAGES.emailTaken, { field: "newEmail" });
  await db.transaction(async (tx) => {
    const token = await issueToken(tx, member.id, "change_email", { newEmail });
    // The link opens a page whose button, pressed in a session of this account, makes the change (ADR 023).
    await queueMail(tx, emailChangeMessage(newEmail, member.name, verificationLink(meta.origin, token)));
    await queueMail(tx, emailChangeNoticeMessage(member.email, member.name, newEmail));
  });
}

/**
 * Sets a new password; every other session ends (this one stays), and so do the links sent before it: e-mail
 * changes under way (an intruder's way back) and reset links. The other known devices are forgotten too (this
 * browser, `currentDevice`, stays known): a thief's must not stay past the sign-in limit (ADR 023). API tokens
 * are revoked: one made with a stolen session would outlive everything else.
 */
export async function changePassword(
  viewer: Viewer | null,
  input: PasswordChangeInput,
  currentToken: string | null,
  currentDevice: string | null = null,
): Promise<void> {
  const member = requireMember(viewer);
  await checkPassword(member, input.currentPassword, "currentPassword");
  const passwordHash = await hashPassword(input.newPassword);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, member.id));
    await cancelTokens(tx, member.id, ["change_email", "reset_password"]);
    await endSessionsOf(tx, member.id, currentToken);
    await forgetDevicesOf(tx, member.id, currentDevice);
    await revokeAccessTokensOf(tx, member.id);
    await queueMail(tx, passwordChangedMessage(member.email, member.name));
  });
}

/**
 * "Ativar" the second step, confirmed with the password (an account with no password has nothing else to give):
 * a session left open on a shared computer must not be enough to put someone else's phone on the account.
 */
export async function startTwoFactorSetupConfirmed(viewer: Viewer | null, password: string): Promise<void> {
  const member = requireMember(viewer);
  const db = await getDb();
  const [row] = await db
    .select({ hasPassword: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(eq(users.id, member.id));
  if (row?.hasPassword) await checkPassword(member, password, "password");
  await startTwoFactorSetup(member);
}

/**
 * "Desativar" the second step, confirmed with the password (or, for an account with no password, a code from the
 * app): a session left open on a shared computer must not be enough to remove it.
 */
export async function turnOffTwoFactorConfirmed(viewer: Viewer | null, proof: string): Promise<void> {
  const member = requireMember(viewer);
  await confirmWithPasswordOrCode(member, proof);
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (!(await turnOffTwoFactor(tx, member.id))) throw new AppError("conflict", TWO_FACTOR_MESSAGES.notOn);
  });
}

/** "Gerar novos códigos de recuperação", confirmed like turning the second step off. */
export async function newRecoveryCodesConfirmed(viewer: Viewer | null, proof: string): Promise<string[]> {
  const member = requireMember(viewer);
  await confirmWithPasswordOrCode(member, proof);
  return regenerateRecoveryCodes(member);
}

async function confirmWithPasswordOrCode(member: Viewer, proof: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ hasPassword: sql<boolean>`${users.passwordHash} is not null`, secret: users.totpSecret })
    .from(users)
    .where(eq(users.id, member.id));
  if (row?.hasPassword || !row?.secret) return checkPassword(member, proof, "password");
  await assertRateLimit(RATE_LIMITS.passwordCheckPerAccount, String(member.id));
  if (totpStep(row.secret, proof.replace(/\s/g, "")) === null) {
    throw new AppError("validation", TWO_FACTOR_MESSAGES.setupCodeWrong, { field: "password" });
  }
}

/** "Sair de todos os outros aparelhos". */
export async function endOtherSessions(viewer: Viewer | null, currentToken: string | null): Promise<void> {
  const member = requireMember(viewer);
  const db = await getDb();
  await endSessionsOf(db, member.id, currentToken);
}

// ----------------------------------------------------------------------------------------------- delete

/**
 * Removes the account (LGPD art. 18, elimination), confirmed with the password. Personal data goes: name,
 * e-mail, bio, picture (its file too), password, sessions, known devices, API tokens, links, follows, favourites,
 * saved filters, notifications, the name inside notifications others got, the newsletter subscription. The row
 * stays under "Membro removido" with an address no one can type, so the questions, answers, posts and comments
 * the community built on stay readable and their counters (votes, likes) stay exact.
 */
export async function deleteAccount(viewer: Viewer | null, password: string): Promise<void> {
  const member = requireMember(viewer);
  await checkPassword(member, password, "password");
  const db = await getDb();
  const id = member.id;
  const unusedFiles = await db.transaction(async (tx) => {
    // The row as stored now (the session's copy may be older): the name to take out of notifications,
    // the picture to delete and the address whose newsletter subscription goes.
    const [stored] = await tx
      .select({ name: users.name, email: users.email, avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    // The row stays (anonymised), so the foreign key's cascade does not reach these.
    await tx.delete(knownDevices).where(eq(knownDevices.userId, id));
    await tx.delete(authTokens).where(eq(authTokens.userId, id));
    // API tokens: gone, so nothing keeps speaking for the removed account.
    await tx.delete(accessTokens).where(eq(accessTokens.userId, id));
    // Sign-in providers: the links go, so the GitHub or Google account can never sign in here again.
    await tx.delete(accountProviders).where(eq(accountProviders.userId, id));
    await tx.delete(signInFlows).where(eq(signInFlows.userId, id));
    await tx.delete(follows).where(sql`${follows.followerId} = ${id} or ${follows.followeeId} = ${id}`);
    await tx.delete(tagFollows).where(eq(tagFollows.userId, id));
    await tx.delete(savedFilters).where(eq(savedFilters.userId, id));
    await tx.delete(notifications).where(eq(notifications.userId, id));
    // Notifications others received keep what happened, under "Membro removido" instead of the name.
    await anonymiseActor(tx, id, stored?.name ?? member.name, REMOVED_NAME);
    await removeSubscriptionOf(tx, stored?.email ?? member.email);
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, id));
    // Favourites are private: removed, with the counters they fed.
    const removed = await tx
      .delete(favorites)
      .where(eq(favorites.userId, id))
      .returning({ kind: favorites.targetKind, targetId: favorites.targetId });
    const favoriteIds = (kind: string) => removed.filter((f) => f.kind === kind).map((f) => f.targetId);
    if (favoriteIds("question").length > 0) {
      await tx
        .update(questions)
        .set({ favoriteCount: sql`greatest(${questions.favoriteCount} - 1, 0)` })
        .where(inArray(questions.id, favoriteIds("question")));
    }
    if (favoriteIds("post").length > 0) {
      await tx
        .update(posts)
        .set({ favoriteCount: sql`greatest(${posts.favoriteCount} - 1, 0)` })
        .where(inArray(posts.id, favoriteIds("post")));
    }
    // The picture (and any upload nothing shows any more) goes with its file; images inside the content stay.
    const unused = await forgetUnusedUploadsOf(tx, { id, avatarUrl: stored?.avatarUrl ?? null });
    await tx.update(uploads).set({ ownerId: null }).where(eq(uploads.ownerId, id));
    await tx
      .update(users)
      .set({
        name: REMOVED_NAME,
        handle: `~removido-${id}`,
        email: `${REMOVED_EMAIL_PREFIX}${id}`,
        emailVerifiedAt: null,
        passwordHash: null,
        role: "member",
        roleLine: "",
        bio: "",
        avatarUrl: null,
        weeklyDigest: false,
        network: null,
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
      })
      .where(eq(users.id, id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, id));
    return unused;
  });
  // Files only once the rows are gone for good; a file that fails to go is logged, the removal stands.
  await removeUploadFiles(unusedFiles).catch((error) =>
    logger.error({ err: error, files: unusedFiles }, "removed account: upload files not deleted"),
  );
}
