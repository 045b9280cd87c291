// Reputation is a ledger (reputation_events); users.reputation is its running total, always 1 + sum(delta).
// Every change goes through `addReputation`, inside the transaction of the vote, acceptance or bounty behind it,
// so the ledger and the total can never disagree. Undoing something appends a compensating event.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { reputationEvents, users } from "#db/schema.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";

export const REPUTATION = {
  upvote: 10,
  downvote: -2,
  /** What voting an answer down costs the voter (/privilegios says so): down-votes are not free. */
  downvoteCast: -1,
  accepted: 15,
} as const;

/** Where a member's reputation starts (the ledger adds to it). */
export const BASE_REPUTATION = 1;

export type ReputationReason =
  | "upvote"
  | "downvote"
  | "upvote_undone"
  | "downvote_undone"
  | "downvote_cast"
  | "downvote_cast_undone"
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

/**
 * Appends events to the ledger and moves each member's total by the same amount. A loss never takes a member
 * below BASE_REPUTATION: the ledger records what was really taken (less than asked when the floor stops it), so
 * the total stays 1 + the sum of the ledger.
 */
export async function addReputation(tx: Executor, events: ReputationEvent[]): Promise<void> {
  const real = await flooredAtBase(
    tx,
    events.filter((e) => e.delta !== 0),
  );
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

/** `events` with their losses cut so that no member's total goes below BASE_REPUTATION (none left out). */
async function flooredAtBase(tx: Executor, events: ReputationEvent[]): Promise<ReputationEvent[]> {
  const net = new Map<number, number>();
  for (const e of events) net.set(e.userId, (net.get(e.userId) ?? 0) + e.delta);
  const losing = [...net].filter(([, delta]) => delta < 0).map(([userId]) => userId);
  if (!losing.length) return events;
  const rows = await tx
    .select({ id: users.id, reputation: users.reputation })
    .from(users)
    .where(
      inArray(
        users.id,
        losing.sort((a, b) => a - b),
      ),
    )
    .for("update");
  const out = events.map((e) => ({ ...e }));
  for (const { id, reputation } of rows) {
    const delta = net.get(id) ?? 0;
    // How much of the loss the floor lets through (none when the total is at or below the floor already).
    let excess = Math.min(-delta, -delta - Math.max(0, reputation - BASE_REPUTATION));
    for (const e of out.toReversed()) {
      if (excess <= 0) break;
      if (e.userId !== id || e.delta >= 0) continue;
      const cut = Math.min(excess, -e.delta);
      e.delta += cut;
      excess -= cut;
    }
  }
  // An event the floor cut to nothing stays in the ledger with 0: undoing it then gives back nothing.
  return out;
}

/**
 * What the last `reason` event on a target really moved (the floor may have cut it), so that undoing it gives
 * back exactly that; `otherwise` when the ledger has none (rows from before the floor).
 */
export async function lastDelta(
  tx: Executor,
  event: { userId: number; reason: ReputationReason; targetKind: "question" | "answer"; targetId: number },
  otherwise: number,
): Promise<number> {
  const [row] = await tx
    .select({ delta: reputationEvents.delta })
    .from(reputationEvents)
    .where(
      and(
        eq(reputationEvents.userId, event.userId),
        eq(reputationEvents.reason, event.reason),
        eq(reputationEvents.targetKind, event.targetKind),
        eq(reputationEvents.targetId, event.targetId),
      ),
    )
    .orderBy(desc(reputationEvents.id))
    .limit(1);
  return row ? row.delta : otherwise;
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
