// Sign-in with GitHub and Google, the account rules (ADR 044): what a verified provider identity does to the
// accounts. The OAuth exchange itself is in sign-in-providers.server.ts; these functions take the profile
// it read, so the rules are tested without a provider.
import { and, eq, gt, sql } from "drizzle-orm";
import { accountProviders, signInFlows, users } from "#db/schema.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { clientAddressKey } from "#app/lib/client-address.ts";
import type { SignInProvider } from "#app/lib/env.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { logger } from "#app/lib/logger.server.ts";
import { createToken, hashToken } from "#app/lib/tokens.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
// The administrators' blocked e-mail domains hold for provider sign-ups too.
import { assertEmailDomainAllowed } from "#app/features/moderation/spam-defences.server.ts";
import { sessionOrSecondStep, type SignInOutcome } from "./two-factor.server.ts";
import { uniqueViolation } from "./db-errors.server.ts";
import { availableHandle, baseHandle } from "./handles.server.ts";
import { isKnownDevice } from "./known-devices.server.ts";
import { verifyPassword } from "./passwords.server.ts";
import {
  assertAllowed,
  assertRateLimit,
  hitRateLimit,
  peekRateLimit,
  RATE_LIMITS,
} from "#app/lib/rate-limits.server.ts";
import { PROVIDER_MESSAGES } from "./provider-messages.ts";
import { ACCOUNT_MESSAGES } from "./schemas.ts";
import { endSessionByToken, type RequestMeta, type SignedIn } from "./sessions.server.ts";
import { viewerColumns } from "./viewer-row.server.ts";
import { requireMember } from "#app/lib/permissions.ts";

/** What a provider told us about the person, after the exchange (never a token). */
export type ProviderProfile = {
  provider: SignInProvider;
  /** GitHub's numeric account id, Google's `sub`: the stable key, never the e-mail. */
  providerUserId: string;
  email: string;
  /** Only an address the provider verified counts. */
  emailVerified: boolean;
  name: string;
  /** The provider's picture, fetched and re-encoded like an upload for a new member. */
  avatarUrl: string | null;
};

/** What the person asked for when they pressed the button. */
export type ProviderIntent =
  | { kind: "sign-in" }
  | { kind: "sign-up" }
  /** From Configurações: the member who started it, checked again when the provider answers. */
  | { kind: "link"; userId: number };

export type ProviderOutcome =
  | { kind: "signedIn"; signedIn: SignInOutcome; created: boolean }
  | { kind: "linked"; provider: SignInProvider }
  /** The verified e-mail belongs to an account not linked yet: its password once (`confirmPendingLink`). */
  | { kind: "needsProof"; flowToken: string };

/** A pending link (e-mail matched an existing account) waits this long for the password. */
const PENDING_LINK_TTL_MS = 10 * 60 * 1000;

const clientOf = (meta: RequestMeta) => clientAddressKey(meta.ip);
const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/** Fetches the provider's picture and stores it like an upload; null when anything goes wrong. */
export type AvatarImporter = (viewer: Viewer, url: string) => Promise<string | null>;

/** Signs `userId` in: the same session, known device and `lastActiveAt` as the password sign-in. */
async function signInMember(tx: Executor, userId: number, meta: RequestMeta): Promise<SignInOutcome> {
  const [row] = await tx
    .update(users)
    .set({ lastActiveAt: new Date() })
    .where(eq(users.id, userId))
    .returning(viewerColumns);
  if (!row) throw new AppError("not_found", "Esta conta não existe mais.");
  if (meta.currentToken) await endSessionByToken(tx, meta.currentToken);
  // A provider proves the mailbox, not the second step: with it on, the code page comes next (ADR 049).
  return sessionOrSecondStep(tx, row, meta);
}

async function findIdentity(executor: Executor, provider: SignInProvider, providerUserId: string) {
  const [row] = await executor
    .select({ userId: accountProviders.userId })
    .from(accountProviders)
    .where(and(eq(accountProviders.provider, provider), eq(accountProviders.providerUserId, providerUserId)))
    .limit(1);
  return row?.userId ?? null;
}

async function insertLink(executor: Executor, userId: number, profile: ProviderProfile) {
  try {
    await executor.insert(accountProviders).values({
      userId,
      provider: profile.provider,
      providerUserId: profile.providerUserId,
      email: profile.email.toLowerCase(),
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === "account_providers_identity_key") {
      throw new AppError("conflict", PROVIDER_MESSAGES.linkedElsewhere(profile.provider));
    }
    if (constraint === "account_providers_user_provider_key") {
      throw new AppError("conflict", PROVIDER_MESSAGES.alreadyHasProvider(profile.provider));
    }
    throw error;
  }
}

/**
 * The provider answered with a verified identity. Already linked: sign in. `link`: link it to the member who
 * asked. Not linked but its e-mail is an account's: nothing is signed in nor linked, a pending link waits for
 * that account's password (`confirmPendingLink`). Otherwise a new member (no role, never ADMIN_EMAIL's
 * promotion: that needs the confirmation of ADR 023), with the provider's picture when it can be had.
 */
export async function signInWithProvider(
  profile: ProviderProfile,
  intent: ProviderIntent,
  meta: RequestMeta,
  options: { importAvatar?: AvatarImporter; returnTo?: string } = {},
): Promise<ProviderOutcome> {
  if (!profile.emailVerified) {
    throw new AppError("validation", PROVIDER_MESSAGES.unverified(profile.provider));
  }
  const db = await getDb();
  const email = profile.email.toLowerCase();

  if (intent.kind === "link") {
    const owner = await findIdentity(db, profile.provider, profile.providerUserId);
    if (owner !== null && owner !== intent.userId) {
      throw new AppError("conflict", PROVIDER_MESSAGES.linkedElsewhere(profile.provider));
    }
    if (owner === null) await insertLink(db, intent.userId, profile);
    return { kind: "linked", provider: profile.provider };
  }

  // Like the password sign-in, per client address.
  await assertRateLimit(RATE_LIMITS.signInPerIp, clientOf(meta));
  const linked = await findIdentity(db, profile.provider, profile.providerUserId);
  if (linked !== null) {
    const signedIn = await db.transaction((tx) => signInMember(tx, linked, meta));
    return { kind: "signedIn", signedIn, created: false };
  }

  const [existing] = await db.select({ id: users.id }).from(users).where(byEmail(email)).limit(1);
  if (existing) {
    // Never silently: the e-mail matching proves the mailbox at the provider, not that this person holds the
    // account here (it may have been made by anyone, before the provider verified the address).
    const { token, hash } = createToken();
    await db.insert(signInFlows).values({
      idHash: hash,
      provider: profile.provider,
      intent: "pending-link",
      returnTo: options.returnTo ?? "/",
      userId: existing.id,
      profile: { providerUserId: profile.providerUserId, email, name: profile.name },
      expiresAt: new Date(Date.now() + PENDING_LINK_TTL_MS),
    });
    return { kind: "needsProof", flowToken: token };
  }

  await assertRateLimit(RATE_LIMITS.signUpPerIp, clientOf(meta));
  await assertEmailDomainAllowed(email, "email");
  const name =
    profile.name
      .replace(/[\s\p{Cc}]+/gu, " ")
      .trim()
      .slice(0, 60) ||
    email.split("@")[0] ||
    "membro";
  const base = baseHandle(name, email);
  let signedIn: SignedIn | undefined;
  for (let attempt = 0; !signedIn; attempt++) {
    try {
      signedIn = await db.transaction(async (tx) => {
        const handle =
          attempt === 0 ? await availableHandle(tx, base) : `${base}-${Math.floor(Math.random() * 1e6)}`;
        const [row] = await tx
          .insert(users)
          .values({ name, email, handle, passwordHash: null, emailVerifiedAt: new Date() })
          .returning({ id: users.id });
        if (!row) throw new Error("provider sign-up: insert returned nothing");
        await insertLink(tx, row.id, profile);
        const outcome = await signInMember(tx, row.id, meta);
        // A new account has no second step yet.
        if (!("viewer" in outcome)) throw new Error("provider sign-up: a new account asked for a code");
        return outcome;
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === "users_handle_key" && attempt < 3) continue;
      if (constraint === "users_email_key") {
        throw new AppError("conflict", ACCOUNT_MESSAGES.emailTaken, { field: "email" });
      }
      throw error;
    }
  }
  if (profile.avatarUrl && options.importAvatar) {
    // Not fatal: the member keeps the illustration of their handle.
    const url = await options.importAvatar(signedIn.viewer, profile.avatarUrl).catch((error: unknown) => {
      logger.warn({ err: error, provider: profile.provider }, "provider avatar not imported");
      return null;
    });
    if (url) {
      await db.update(users).set({ avatarUrl: url }).where(eq(users.id, signedIn.viewer.id));
      signedIn = { ...signedIn, viewer: { ...signedIn.viewer, avatarUrl: url } };
    }
  }
  return { kind: "signedIn", signedIn, created: true };
}

export type PendingLink = {
  provider: SignInProvider;
  email: string;
  /** Whether the matched account has a password to prove it with. */
  hasPassword: boolean;
  returnTo: string;
};

async function pendingRow(executor: Executor, flowToken: string, now: Date) {
  const [row] = await executor
    .select({
      idHash: signInFlows.idHash,
      provider: signInFlows.provider,
      userId: signInFlows.userId,
      profile: signInFlows.profile,
      returnTo: signInFlows.returnTo,
      passwordHash: users.passwordHash,
      email: users.email,
    })
    .from(signInFlows)
    .innerJoin(users, eq(users.id, signInFlows.userId))
    .where(
      and(
        eq(signInFlows.idHash, hashToken(flowToken)),
        eq(signInFlows.intent, "pending-link"),
        gt(signInFlows.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row?.profile || row.userId === null) return null;
  return { ...row, userId: row.userId, profile: row.profile, provider: row.provider as SignInProvider };
}

/** What the "Já existe uma conta com este e-mail" page shows; null when the pending link is gone. */
export async function pendingLinkState(flowToken: string | null): Promise<PendingLink | null> {
  if (!flowToken) return null;
  const db = await getDb();
  const row = await pendingRow(db, flowToken, new Date());
  if (!row) return null;
  return {
    provider: row.provider,
    email: row.profile.email,
    hasPassword: row.passwordHash !== null,
    returnTo: row.returnTo,
  };
}

/**
 * The password of the account the provider's e-mail matched, once: then the identity is linked and the member
 * signed in. Rate-limited like the password sign-in (the same counters: it is a password guess).
 */
export async function confirmPendingLink(
  flowToken: string,
  password: string,
  meta: RequestMeta,
): Promise<{ signedIn: SignInOutcome; returnTo: string }> {
  const db = await getDb();
  const now = new Date();
  const row = await pendingRow(db, flowToken, now);
  if (!row) throw new AppError("validation", PROVIDER_MESSAGES.pendingExpired);
  if (row.passwordHash === null) throw new AppError("validation", PROVIDER_MESSAGES.noPassword);
  const client = clientOf(meta);
  const account = row.email.toLowerCase();
  await assertRateLimit(RATE_LIMITS.signInPerIp, client);
  await assertRateLimit(RATE_LIMITS.signInPerAccountAndIp, `${account}|${client}`);
  const known = await isKnownDevice(db, row.userId, meta.deviceToken);
  if (!known) assertAllowed(await peekRateLimit(RATE_LIMITS.signInFailuresPerAccount, account));
  if (!(await verifyPassword(password, row.passwordHash))) {
    await hitRateLimit(RATE_LIMITS.signInFailuresPerAccount, account);
    throw new AppError("validation", PROVIDER_MESSAGES.wrongPassword, { field: "password" });
  }
  const profile: ProviderProfile = {
    provider: row.provider,
    providerUserId: row.profile.providerUserId,
    email: row.profile.email,
    emailVerified: true,
    name: row.profile.name,
    avatarUrl: null,
  };
  const signedIn = await db.transaction(async (tx) => {
    // Single use: the row goes in the same transaction as the link.
    const used = await tx
      .delete(signInFlows)
      .where(and(eq(signInFlows.idHash, row.idHash), gt(signInFlows.expiresAt, now)))
      .returning({ idHash: signInFlows.idHash });
    if (used.length === 0) throw new AppError("validation", PROVIDER_MESSAGES.pendingExpired);
    await insertLink(tx, row.userId, profile);
    return signInMember(tx, row.userId, meta);
  });
  return { signedIn, returnTo: row.returnTo };
}

// ------------------------------------------------------------------------------------------- settings

export type LinkedProvider = { provider: SignInProvider; email: string; linkedAt: Date };

export async function linkedProviders(viewer: Viewer | null): Promise<{
  providers: LinkedProvider[];
  hasPassword: boolean;
}> {
  const member = requireMember(viewer);
  const db = await getDb();
  const [rows, [user]] = await Promise.all([
    db
      .select({
        provider: accountProviders.provider,
        email: accountProviders.email,
        linkedAt: accountProviders.linkedAt,
      })
      .from(accountProviders)
      .where(eq(accountProviders.userId, member.id))
      .orderBy(accountProviders.provider),
    db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, member.id)),
  ]);
  return {
    providers: rows.map((row) => ({ ...row, provider: row.provider as SignInProvider })),
    hasPassword: Boolean(user?.passwordHash),
  };
}

/** "Desvincular": never the last way in (no password and no other provider). */
export async function unlinkProvider(viewer: Viewer | null, provider: SignInProvider): Promise<void> {
  const member = requireMember(viewer);
  const db = await getDb();
  await db.transaction(async (tx) => {
    // The member's row locked, so two unlinks at once cannot both pass the count.
    const [user] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, member.id))
      .for("update");
    const rows = await tx
      .select({ provider: accountProviders.provider })
      .from(accountProviders)
      .where(eq(accountProviders.userId, member.id));
    if (!rows.some((row) => row.provider === provider)) {
      throw new AppError("not_found", PROVIDER_MESSAGES.notLinked(provider));
    }
    if (!user?.passwordHash && rows.length <= 1) {
      throw new AppError("conflict", PROVIDER_MESSAGES.lastWayIn);
    }
    await tx
      .delete(accountProviders)
      .where(and(eq(accountProviders.userId, member.id), eq(accountProviders.provider, provider)));
  });
}

/**
 * A password reset is the mailbox taking the account back (ADR 023): whoever linked a provider to an account
 * that had a password may be who it is being taken back from, so those links go with the sessions and tokens.
 * An account that had no password (made by a provider) keeps its link: setting its first password through the
 * e-mail is its owner adding a way in. Pending flows always go.
 */
export async function forgetProvidersOnReset(
  executor: Executor,
  userId: number,
  hadPassword: boolean,
): Promise<void> {
  if (hadPassword) await executor.delete(accountProviders).where(eq(accountProviders.userId, userId));
  await executor.delete(signInFlows).where(eq(signInFlows.userId, userId));
}
