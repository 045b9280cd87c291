// Votes on questions and answers: one per member and post (the votes primary key), changeable, removed by
// voting the same way again, never on one's own post. The score and the author's reputation move in the same
// transaction as the vote row, with the target row locked first, so simultaneous votes all count exactly once.
// Votes from the author's own network, and serial votes from one member to one author, keep their place in the
// score but give no reputation (ADR 047).
import { and, eq, sql } from "drizzle-orm";
import { answers, questions, users, votes } from "#db/schema.ts";
import { networkKey } from "#app/lib/client-address.ts";
import { getDb, isAnyOf, preparedQuery, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";
// Voting up and down are privileges earned by reputation.
import { requireConfirmedEmail, requirePrivilege } from "#app/features/moderation/rules.ts";
import { addReputation, REPUTATION, type ReputationEvent } from "./reputation.server.ts";
import { refuseIfLocked } from "./closing.server.ts";
import { lockTarget, type TargetKind } from "./targets.server.ts";
import { requireMember } from "#app/lib/permissions.ts";

export type VoteValue = 1 | -1;

export const VOTE_MESSAGES = {
  ownQuestion: "Você não pode votar na sua própria pergunta.",
  ownAnswer: "Você não pode votar na sua própria resposta.",
} as const;

export type VoteOutcome = { score: number; myVote: -1 | 0 | 1 };

/**
 * Up-votes one member may give one author in a day before they count as serial voting: the next one reverses
 * them all (ADR 047). A reader who finds several good posts of one person in a day is well inside it.
 */
export const SERIAL_UPVOTES_PER_DAY = 4;

/**
 * Casts `value` on a question or an answer. Voting the same way again takes the vote back; voting the other
 * way changes it; with `set` (the API's "set, not toggle"), the vote becomes `value` (0 takes it back), decided
 * after the post's row is locked so parallel requests agree. `ip` is the request's address: a vote from the
 * author's own network (their address or IPv6 /64) changes the score but not the author's reputation.
 */
export async function castVote(
  viewer: Viewer | null,
  target: { kind: TargetKind; id: number },
  value: VoteValue | 0,
  options: { ip?: string; set?: boolean } = {},
): Promise<VoteOutcome> {
  const member = requireMember(viewer);
  if (value !== 1 && value !== -1 && !(options.set && value === 0)) {
    throw new AppError("validation", "Voto inválido.");
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = await lockTarget(tx, target.kind, target.id);
    refuseIfLocked(member, locked.questionLockedAt);
    if (locked.authorId === member.id) {
      throw new AppError(
        "forbidden",
        target.kind === "question" ? VOTE_MESSAGES.ownQuestion : VOTE_MESSAGES.ownAnswer,
      );
    }
    const key = and(
      eq(votes.userId, member.id),
      eq(votes.targetKind, target.kind),
      eq(votes.targetId, target.id),
    );
    const [existing] = await tx.select({ value: votes.value, counted: votes.counted }).from(votes).where(key);
    const previous = (existing?.value ?? 0) as -1 | 0 | 1;
    const next: -1 | 0 | 1 = options.set ? value : previous === value ? 0 : value;
    if (next === previous) return { score: await scoreOf(tx, target), myVote: previous };
    // Casting needs the privilege and a confirmed e-mail; taking a vote back never does.
    if (next !== 0) {
      requirePrivilege(member, next === 1 ? "voteUp" : "voteDown");
      requireConfirmedEmail(member, "vote");
    }
    const counted = next !== 0 && !(await sameNetwork(tx, locked.authorId, options.ip));

    if (next === 0) await tx.delete(votes).where(key);
    else if (previous === 0) {
      await tx.insert(votes).values({
        userId: member.id,
        targetKind: target.kind,
        targetId: target.id,
        value: next,
        counted,
      });
    } else await tx.update(votes).set({ value: next, counted, createdAt: new Date() }).where(key);

    const table = target.kind === "question" ? questions : answers;
    const [updated] = await tx
      .update(table)
      .set({ score: sql`${table.score} + ${next - previous}` })
      .where(eq(table.id, target.id))
      .returning({ score: table.score });

    const events: ReputationEvent[] = [];
    // The voter caused these: they count toward the author's trusted reputation only if the voter is established.
    const on = { userId: locked.authorId, targetKind: target.kind, targetId: target.id, actorId: member.id };
    // Undoing gives back exactly what the vote moved (addReputation reads it from the ledger): nothing when the
    // vote did not count.
    if (existing?.counted) {
      if (previous === 1) events.push({ ...on, delta: -REPUTATION.upvote, reason: "upvote_undone" });
      if (previous === -1) events.push({ ...on, delta: -REPUTATION.downvote, reason: "downvote_undone" });
    }
    if (counted && next === 1) events.push({ ...on, delta: REPUTATION.upvote, reason: "upvote" });
    if (counted && next === -1) events.push({ ...on, delta: REPUTATION.downvote, reason: "downvote" });
    // Voting an answer down costs the voter a point, given back when the vote is.
    if (target.kind === "answer") {
      const voter = { userId: member.id, targetKind: target.kind, targetId: target.id };
      if (previous === -1)
        events.push({ ...voter, delta: -REPUTATION.downvoteCast, reason: "downvote_cast_undone" });
      if (next === -1) events.push({ ...voter, delta: REPUTATION.downvoteCast, reason: "downvote_cast" });
    }
    await addReputation(tx, events);
    if (counted && next === 1) await reverseSerialUpvotes(tx, member.id, locked.authorId);

    return { score: updated?.score ?? 0, myVote: next };
  });
}

async function scoreOf(tx: Executor, target: { kind: TargetKind; id: number }): Promise<number> {
  const table = target.kind === "question" ? questions : answers;
  const [row] = await tx.select({ score: table.score }).from(table).where(eq(table.id, target.id));
  return row?.score ?? 0;
}

/** Whether the request comes from the network the author last signed in from. */
async function sameNetwork(tx: Executor, authorId: number, ip: string | undefined): Promise<boolean> {
  if (!ip) return false;
  const [author] = await tx.select({ network: users.network }).from(users).where(eq(users.id, authorId));
  return author?.network != null && author.network === networkKey(ip);
}

/**
 * Serial voting: when `voterId` has given `authorId` more than SERIAL_UPVOTES_PER_DAY up-votes in the last
 * day, every one of them stops counting and the reputation they gave is taken back ("upvote_reversed" in
 * the ledger). The votes stay (the scores are readers' opinions); the reputation was the prize.
 */
async function reverseSerialUpvotes(tx: Executor, voterId: number, authorId: number): Promise<void> {
  const recent = await tx
    .select({ targetKind: votes.targetKind, targetId: votes.targetId, counted: votes.counted })
    .from(votes)
    .leftJoin(questions, and(eq(votes.targetKind, "question"), eq(questions.id, votes.targetId)))
    .leftJoin(answers, and(eq(votes.targetKind, "answer"), eq(answers.id, votes.targetId)))
    .where(
      and(
        eq(votes.userId, voterId),
        eq(votes.value, 1),
        sql`${votes.createdAt} > now() - interval '1 day'`,
        sql`coalesce(${questions.authorId}, ${answers.authorId}) = ${authorId}`,
      ),
    );
  // Counted or already reversed: a serial voter does not start a new allowance after a reversal.
  if (recent.length <= SERIAL_UPVOTES_PER_DAY) return;
  const counted = recent.filter((vote) => vote.counted);
  for (const vote of counted) {
    await tx
      .update(votes)
      .set({ counted: false })
      .where(
        and(
          eq(votes.userId, voterId),
          eq(votes.targetKind, vote.targetKind),
          eq(votes.targetId, vote.targetId),
        ),
      );
  }
  await addReputation(
    tx,
    counted.map((vote) => ({
      userId: authorId,
      delta: -REPUTATION.upvote,
      reason: "upvote_reversed" as const,
      // Only questions and answers take votes.
      targetKind: vote.targetKind as TargetKind,
      targetId: vote.targetId,
      actorId: voterId,
    })),
  );
}

const votesOfMember = preparedQuery((db) =>
  db
    .select({ targetId: votes.targetId, value: votes.value })
    .from(votes)
    .where(
      and(
        eq(votes.userId, sql.placeholder("userId")),
        eq(votes.targetKind, sql.placeholder("kind")),
        isAnyOf(votes.targetId, "ids"),
      ),
    )
    .prepare("votes_of_member"),
);

/** The viewer's votes on some posts of one kind: id → +1 / -1 (absent when they have not voted). */
export async function myVotes(
  viewer: Viewer | null,
  kind: TargetKind,
  ids: number[],
): Promise<Map<number, VoteValue>> {
  if (!viewer || !ids.length) return new Map();
  const rows = await votesOfMember({ userId: viewer.id, kind, ids });
  return new Map(rows.map((r) => [r.targetId, r.value as VoteValue]));
}
