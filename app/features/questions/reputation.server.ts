// Reputation is a ledger (reputation_events); users.reputation is its running total, always 1 + sum(delta).
// Every change goes through `addReputation`, inside the transaction of the vote, acceptance or bounty behind it,
// so the ledger and the total can never disagree. Undoing something appends a compensating event.
import { eq, sql } from "drizzle-orm";
import { reputationEvents, users } from "#db/schema.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";

export const REPUTATION = {
  upvote: 10,
  downvote: -2,
  accepted: 15,
} as const;

/** Where a member's reputation starts (the ledger adds to it). */
export const BASE_REPUTATION = 1;

export type ReputationReason =
  | "upvote"
  | "downvote"
  | "upvote_undone"
  | "downvote_undone"
  | "accepted"
  | "accepted_undone"
  | "bounty_offered"
  | "bounty_awarded";

export type ReputationEvent = {
  userId: number;
  delta: number;
  reason: ReputationReason;
  targetKind?: "question" | "answer" | null;
  targetId?: number | null;
};

/** Appends events to the ledger and moves each member's total by the same amount. */
export async function addReputation(tx: Executor, events: ReputationEvent[]): Promise<void> {
  const real = events.filter((e) => e.delta !== 0);
  if (!real.length) return;
  await tx.insert(reputationEvents).values(
    real.map((e) => ({
      userId: e.userId,
      delta: e.delta,
      reason: e.reason,
      targetKind: e.targetKind ?? null,
      targetId: e.targetId ?? null,
    })),
  );
  const byUser = new Map<number, number>();
  for (const e of real) byUser.set(e.userId, (byUser.get(e.userId) ?? 0) + e.delta);
  // In id order, so two transactions touching the same members lock them in the same order.
  for (const [userId, delta] of [...byUser].sort(([a], [b]) => a - b)) {
    if (delta === 0) continue;
    await tx
      .update(users)
      .set({ reputation: sql`${users.reputation} + ${delta}` })
      .where(eq(users.id, userId));
  }
}

/** The ledger's total for a member (1 + the sum of every event). */
export async function ledgerReputation(userId: number, executor?: Executor): Promise<number> {
  const db = executor ?? (await getDb());
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${reputationEvents.delta}), 0)::int` })
    .from(reputationEvents)
    .where(eq(reputationEvents.userId, userId));
  return BASE_REPUTATION + Number(row?.total ?? 0);
}

/** Sets users.reputation back to what the ledger says, and returns it (a repair tool and a test oracle). */
export async function recomputeReputation(userId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .update(users)
    .set({
      reputation: sql`${BASE_REPUTATION} + coalesce((select sum(${reputationEvents.delta}) from ${reputationEvents} where ${reputationEvents.userId} = ${userId}), 0)`,
    })
    .where(eq(users.id, userId))
    .returning({ reputation: users.reputation });
  return row?.reputation ?? BASE_REPUTATION;
}
