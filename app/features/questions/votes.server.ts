// Votes on questions and answers: one per member and post (the votes primary key), changeable, removed by
// voting the same way again, never on one's own post. The score and the author's reputation move in the same
// transaction as the vote row, with the target row locked first, so simultaneous votes all count exactly once.
import { and, eq, sql } from "drizzle-orm";
import { answers, questions, votes } from "#db/schema.ts";
import { getDb, isAnyOf, preparedQuery } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { requireMember } from "./access.server.ts";
// Voting up and down are privileges earned by reputation (issue 19).
import { requirePrivilege } from "#app/features/moderation/rules.ts";
import { addReputation, REPUTATION, type ReputationEvent } from "./reputation.server.ts";
import { refuseIfLocked } from "./closing.server.ts";
import { lockTarget, type TargetKind } from "./targets.server.ts";

export type VoteValue = 1 | -1;

export const VOTE_MESSAGES = {
  ownQuestion: "Você não pode votar na sua própria pergunta.",
  ownAnswer: "Você não pode votar na sua própria resposta.",
} as const;

export type VoteOutcome = { score: number; myVote: -1 | 0 | 1 };

/**
 * Casts `value` on a question or an answer. Voting the same way again takes the vote back; voting the other
 * way changes it.
 */
export async function castVote(
  viewer: Viewer | null,
  target: { kind: TargetKind; id: number },
  value: VoteValue,
): Promise<VoteOutcome> {
  const member = requireMember(viewer);
  if (value !== 1 && value !== -1) throw new AppError("validation", "Voto inválido.");
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
    const [existing] = await tx.select({ value: votes.value }).from(votes).where(key);
    const previous = (existing?.value ?? 0) as -1 | 0 | 1;
    const next: -1 | 0 | 1 = previous === value ? 0 : value;
    // Casting needs the privilege; taking a vote back never does.
    if (next !== 0) requirePrivilege(member, next === 1 ? "voteUp" : "voteDown");

    if (next === 0) await tx.delete(votes).where(key);
    else if (previous === 0) {
      await tx.insert(votes).values({
        userId: member.id,
        targetKind: target.kind,
        targetId: target.id,
        value: next,
      });
    } else await tx.update(votes).set({ value: next, createdAt: new Date() }).where(key);

    const table = target.kind === "question" ? questions : answers;
    const [updated] = await tx
      .update(table)
      .set({ score: sql`${table.score} + ${next - previous}` })
      .where(eq(table.id, target.id))
      .returning({ score: table.score });

    const events: ReputationEvent[] = [];
    // The voter caused these: they count toward the author's trusted reputation only if the voter is established.
    const on = { userId: locked.authorId, targetKind: target.kind, targetId: target.id, actorId: member.id };
    // Undoing gives back exactly what the vote moved (addReputation reads it from the ledger).
    if (previous === 1) events.push({ ...on, delta: -REPUTATION.upvote, reason: "upvote_undone" });
    if (previous === -1) events.push({ ...on, delta: -REPUTATION.downvote, reason: "downvote_undone" });
    if (next === 1) events.push({ ...on, delta: REPUTATION.upvote, reason: "upvote" });
    if (next === -1) events.push({ ...on, delta: REPUTATION.downvote, reason: "downvote" });
    // Voting an answer down costs the voter a point, given back when the vote is.
    if (target.kind === "answer") {
      const voter = { userId: member.id, targetKind: target.kind, targetId: target.id };
      if (previous === -1)
        events.push({ ...voter, delta: -REPUTATION.downvoteCast, reason: "downvote_cast_undone" });
      if (next === -1) events.push({ ...voter, delta: REPUTATION.downvoteCast, reason: "downvote_cast" });
    }
    await addReputation(tx, events);

    return { score: updated?.score ?? 0, myVote: next };
  });
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
