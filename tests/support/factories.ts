// Rows for tests, written straight to the database. Returns the Viewer the feature functions expect.
import { randomBytes } from "node:crypto";
import { users } from "../../db/schema.ts";
import type { Database } from "../../app/lib/db.server.ts";
import type { Role, Viewer } from "../../app/lib/viewer.ts";
import { toViewer } from "../../app/features/accounts/viewer-row.server.ts";

/** The authenticator secret factories give staff (base32): `currentTotp(TEST_TOTP_SECRET)` is their code. */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

export async function createMember(
  db: Database,
  overrides: {
    name?: string;
    handle?: string;
    email?: string;
    role?: Role;
    reputation?: number;
    /** The part of the reputation that counts for the powers (ADR 047); all of it unless said. */
    trustedReputation?: number;
    passwordHash?: string;
    /** Confirmed unless said (false: the address was never confirmed). */
    emailVerified?: boolean;
    /** When the account was made (now unless said). */
    createdAt?: Date;
    /**
     * The authenticator app's secret of a member with two-factor sign-in on. Moderators and administrators have
     * one unless said (`null`): without it they act as members (ADR 049).
     */
    totpSecret?: string | null;
  } = {},
): Promise<Viewer> {
  const suffix = randomBytes(4).toString("hex");
  const staff = overrides.role === "moderator" || overrides.role === "admin";
  const totpSecret =
    overrides.totpSecret === undefined ? (staff ? TEST_TOTP_SECRET : null) : overrides.totpSecret;
  const [row] = await db
    .insert(users)
    .values({
      name: overrides.name ?? `Membro ${suffix}`,
      handle: overrides.handle ?? `membro-${suffix}`,
      email: overrides.email ?? `membro-${suffix}@exemplo.com.br`,
      role: overrides.role ?? "member",
      reputation: overrides.reputation ?? 1,
      trustedReputation: overrides.trustedReputation ?? overrides.reputation ?? 1,
      passwordHash: overrides.passwordHash,
      emailVerifiedAt: overrides.emailVerified === false ? null : new Date(),
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
      ...(totpSecret ? { totpSecret, totpEnabledAt: new Date() } : {}),
    })
    .returning();
  if (!row) throw new Error("createMember: insert returned nothing");
  return toViewer(row);
}
