// The moderation log: every moderator action and every automatic one (hides, holds) is written in the same
// transaction as the action itself, so the log never claims what did not happen, nor misses what did.
import { moderationLog } from "#db/schema.ts";
import type { Executor } from "#app/lib/db.server.ts";

export type ModerationAction =
  | "delete"
  | "edit"
  | "restore"
  | "close"
  | "reopen"
  | "lock"
  | "unlock"
  | "suspend"
  | "unsuspend"
  | "role"
  | "flag_helpful"
  | "flag_declined"
  | "hide"
  | "hold"
  | "approve"
  | "approve_edit"
  | "reject_edit"
  | "blocked_term_added"
  | "blocked_term_removed"
  // The administrators' curation (/administracao).
  | "feature"
  | "pick"
  | "recommend_tag"
  | "site_notice";

export type ModerationEntry = {
  /** The moderator or reviewer; null when the site acted by itself. */
  actorId: number | null;
  action: ModerationAction;
  target?: { kind: string; id: number };
  subjectId?: number | null;
  reason?: string;
};

export async function logModeration(executor: Executor, entry: ModerationEntry): Promise<void> {
  await executor.insert(moderationLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetKind: entry.target?.kind ?? null,
    targetId: entry.target?.id ?? null,
    subjectId: entry.subjectId ?? null,
    reason: entry.reason ?? "",
  });
}
