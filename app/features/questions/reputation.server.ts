// Reputation is a ledger (reputation_events); users.reputation is its running total, always 1 + sum(delta).
// Every change goes through `addReputation`, inside the transaction of the vote, acceptance or bounty behind it,
// so the ledger and the total can never disagree. Undoing something appends a compensating event.
//
// Trust (ADR 047): each event says whether an established member (or the site) caused it. Only those move
// users.trusted_reputation, the number the powers over other people's content are checked against, so a ring
// of new accounts voting and accepting for each other gains reputation but no power.
import { checkBadgesSoon } from "#app/features/badges/badges.server.ts";
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { reputationEvents, users } from "#db/schema.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { ESTABLISHED_ACCOUNT_DAYS, ESTABLISHED_REPUTATION } from "#app/features/moderation/rules.ts";

export const REPUTATION = {
  upvote: 10,
  downvote: -2,
  /** What voting an answer down costs the voter (/privilegios says so): down-votes are not free. */
  downvoteCast: -1,
  accepted: 15,
} as const;

/** Where a member's reputation starts (the ledger adds to it). */
const BASE_REPUTATION = 1;

type ReputationReason =
  | "upvote"
  | "downvote"
  | "upvote_undone"
  | "downvote_undone"
  /** Serial voting reversed (ADR 047): the voter's up-votes on one author past SERIAL_UPVOTES_PER_DAY. */
  | "upvote_reversed"
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
  /** The member whose act caused it (the voter, the asker who accepted); none: the site's own rules. */
  actorId?: number | null;
};

/** Each undoing reason and the reason it undoes: the undo gives back exactly what the original moved. */
const UNDOES: Partial<Record<ReputationReason, ReputationReason>> = {
  upvote_undone: "upvote",
  upvote_reversed: "upvote",
  downvote_undone: "downvote",
  accepted_undone: "accepted",
  downvote_cast_undone: "downvote_cast",
};

type Recorded = ReputationEvent & { trusted: boolean };

/**
 * Whether a member's votes and acceptances count toward others' trusted reputation: a moderator, or a member with
 * a confirmed e-mail, an account ESTABLISHED_ACCOUNT_DAYS old and ESTABLISHED_REPUTATION of trusted reputation.
 */
async function isEstablished(tx: Executor, memberId: number, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      trustedReputation: users.trustedReputation,
      twoFactor: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, memberId));
  if (!row) return false;
  // Staff count as staff only with two-factor sign-in on (ADR 049), like everywhere else.
  if ((row.role === "moderator" || row.role === "admin") && row.twoFactor) return true;
  return (
    row.emailVerifiedAt !== null &&
    now.getTime() - row.createdAt.getTime() >= ESTABLISHED_ACCOUNT_DAYS * 86_400_000 &&
    row.trustedReputation >= ESTABLISHED_REPUTATION
  );
}

/** Each event with what it really moves and whether it is trusted: an undo mirrors the event it undoes. */
async function recorded(tx: Executor, events: ReputationEvent[]): Promise<Recorded[]> {
  const established = new Map<number, boolean>();
  const now = new Date();
  const out: Recorded[] = [];
  for (const e of events) {
    const original = UNDOES[e.reason];
    if (original && e.targetKind && e.targetId != null) {
      const [last] = await tx
        .select({ delta: reputationEvents.delta, trusted: reputationEvents.trusted })
        .from(reputationEvents)
        .where(
          and(
            eq(reputationEvents.userId, e.userId),
            eq(reputationEvents.reason, original),
            eq(reputationEvents.targetKind, e.targetKind),
            eq(reputationEvents.targetId, e.targetId),
            // The same voter's act, not another's on the same post (their trust may differ); rows written
            // before acts were recorded have none.
            e.actorId != null
              ? or(eq(reputationEvents.actorId, e.actorId), isNull(reputationEvents.actorId))
              : undefined,
          ),
        )
        .orderBy(sql`${reputationEvents.actorId} is null`, desc(reputationEvents.id))
        .limit(1);
      if (last) {
        out.push({ ...e, delta: -last.delta, trusted: last.trusted });
        continue;
      }
    }
    let trusted = true;
    if (e.actorId != null) {
      if (!established.has(e.actorId)) established.set(e.actorId, await isEstablished(tx, e.actorId, now));
      trusted = established.get(e.actorId) ?? false;
    }
    out.push({ ...e, trusted });
  }
  return out;
}

/**
 * Appends events to the ledger and moves each member's totals by the same amounts: `reputation` by every event,
 * `trusted_reputation` by the trusted ones. A loss never takes a member below BASE_REPUTATION: the ledger records
 * what was really taken (less than asked when the floor stops it, 0 when nothing), so the total stays 1 + the
 * sum of the ledger, and undoing it gives back exactly that.
 */
export async function addReputation(tx: Executor, events: ReputationEvent[]): Promise<void> {
  const real = await flooredAtBase(
    tx,
    await recorded(
      tx,
      events.filter((e) => e.delta !== 0),
    ),
  );
  if (!real.length) return;
  await tx.insert(reputationEvents).values(
    real.map((e) => ({
      userId: e.userId,
      delta: e.delta,
      reason: e.reason,
      targetKind: e.targetKind ?? null,
      targetId: e.targetId ?? null,
      trusted: e.trusted,
      actorId: e.actorId ?? null,
    })),
  );
  const byUser = new Map<number, { all: number; trusted: number }>();
  for (const e of real) {
    const sums = byUser.get(e.userId) ?? { all: 0, trusted: 0 };
    sums.all += e.delta;
    if (e.trusted) sums.trusted += e.delta;
    byUser.set(e.userId, sums);
  }
  // In id order, so two transactions touching the same members lock them in the same order.
  for (const [userId, sums] of [...byUser].sort(([a], [b]) => a - b)) {
    if (sums.all === 0 && sums.trusted === 0) continue;
    await tx
      .update(users)
      .set({
        reputation: sql`${users.reputation} + ${sums.all}`,
        // Never above the whole reputation, never below the floor.
        trustedReputation: sql`least(${users.reputation} + ${sums.all}, greatest(${BASE_REPUTATION}, ${users.trustedReputation} + ${sums.trusted}))`,
      })
      .where(eq(users.id, userId));
  }
  // Votes, acceptances and bounties are what the score badges count: checked once this write has committed.
  checkBadgesSoon([...byUser.keys()]);
}

/** `events` with their losses cut so that no member's total goes below BASE_REPUTATION (none left out). */
async function flooredAtBase(tx: Executor, events: Recorded[]): Promise<Recorded[]> {
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
