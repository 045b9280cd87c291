// The columns of `users` a Viewer is made of, selected the same way by every query that builds one.
import { users } from "#db/schema.ts";
import { parseTheme } from "#app/lib/theme.ts";
import type { Viewer } from "#app/lib/viewer.ts";

export const viewerColumns = {
  id: users.id,
  handle: users.handle,
  name: users.name,
  email: users.email,
  role: users.role,
  avatarUrl: users.avatarUrl,
  theme: users.theme,
  reputation: users.reputation,
  trustedReputation: users.trustedReputation,
  emailVerifiedAt: users.emailVerifiedAt,
  suspendedUntil: users.suspendedUntil,
  suspensionReason: users.suspensionReason,
  totpEnabledAt: users.totpEnabledAt,
};

export type ViewerRow = {
  id: number;
  handle: string;
  name: string;
  email: string;
  role: Viewer["role"];
  avatarUrl: string | null;
  theme?: string;
  reputation: number;
  trustedReputation: number;
  emailVerifiedAt: Date | null;
  suspendedUntil?: Date | null;
  suspensionReason?: string | null;
  /** Moderators and administrators hold their powers only with two-factor sign-in on (ADR 049). */
  totpEnabledAt?: Date | null;
};

/**
 * The one place a member's role becomes what they may do: a moderator or administrator without two-factor sign-in
 * acts as a member (every permission reads `role`) and is told why (`withheldRole`) until they turn it on.
 */
export function toViewer(row: ViewerRow): Viewer {
  const staffRole = row.role === "member" ? null : row.role;
  const withheld = staffRole !== null && !row.totpEnabledAt;
  return {
    id: row.id,
    handle: row.handle,
    name: row.name,
    email: row.email,
    role: withheld ? "member" : row.role,
    ...(withheld ? { withheldRole: staffRole } : {}),
    avatarUrl: row.avatarUrl,
    theme: parseTheme(row.theme) ?? "sistema",
    reputation: row.reputation,
    trustedReputation: row.trustedReputation,
    emailVerified: row.emailVerifiedAt !== null,
    // A suspension already over is left out: it ends by itself (no job lifts it).
    suspension:
      row.suspendedUntil && row.suspendedUntil.getTime() > Date.now()
        ? { until: row.suspendedUntil, reason: row.suspensionReason ?? "" }
        : null,
  };
}
