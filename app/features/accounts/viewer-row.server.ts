// The columns of `users` a Viewer is made of, selected the same way by every query that builds one.
import { users } from "#db/schema.ts";
import type { Viewer } from "#app/lib/viewer.ts";

export const viewerColumns = {
  id: users.id,
  handle: users.handle,
  name: users.name,
  email: users.email,
  role: users.role,
  avatarUrl: users.avatarUrl,
  reputation: users.reputation,
  trustedReputation: users.trustedReputation,
  emailVerifiedAt: users.emailVerifiedAt,
  suspendedUntil: users.suspendedUntil,
  suspensionReason: users.suspensionReason,
};

export type ViewerRow = {
  id: number;
  handle: string;
  name: string;
  email: string;
  role: Viewer["role"];
  avatarUrl: string | null;
  reputation: number;
  trustedReputation: number;
  emailVerifiedAt: Date | null;
  suspendedUntil?: Date | null;
  suspensionReason?: string | null;
};

export function toViewer(row: ViewerRow): Viewer {
  return {
    id: row.id,
    handle: row.handle,
    name: row.name,
    email: row.email,
    role: row.role,
    avatarUrl: row.avatarUrl,
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
