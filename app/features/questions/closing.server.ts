// Closing, reopening and locking questions (docs/moderation.md): members with the `closeVote` privilege vote to
// close (with a reason, and the original for a duplicate) or to reopen; VOTES_TO_CLOSE votes change the state,
// a moderator's vote at once. Moderators lock a question: it then takes no answers, comments, votes, edits nor
// close votes. Every change of state happens in one transaction with its moderation log entry (and, for a
// duplicate, the asker's notification); pending votes go when the state changes.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { href } from "react-router";
import { closeVotes, questions } from "#db/schema.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";
// The community's numbers and reasons, and the moderation log (the moderation feature's public files).
import { logModeration } from "#app/features/moderation/moderation-log.server.ts";
import {
  CLOSE_REASONS,
  requirePrivilege,
  VOTES_TO_CLOSE,
  type CloseReason,
} from "#app/features/moderation/rules.ts";
import { notify } from "#app/features/notifications/notify.server.ts";
import { QUESTION_MESSAGES } from "./messages.ts";
import { isModerator, requireMember, requireModerator } from "#app/lib/permissions.ts";

export const CLOSING_MESSAGES = {
  reason: "Escolha o motivo para fechar a pergunta.",
  duplicateRequired: "Informe a pergunta original: o número dela (ex.: 123) ou o endereço /questions/123.",
  duplicateMissing: "A pergunta original não existe ou foi removida.",
  duplicateSelf: "Uma pergunta não pode ser duplicada dela mesma.",
  duplicateCycle: "A pergunta indicada já está fechada como duplicada desta. Indique a original de verdade.",
  alreadyClosed: "Esta pergunta já está fechada.",
  notClosed: "Esta pergunta está aberta: não há o que reabrir.",
  alreadyVotedClose: "Você já votou para fechar esta pergunta.",
  alreadyVotedReopen: "Você já votou para reabrir esta pergunta.",
  noVoteToWithdraw: "Você não tem voto pendente nesta pergunta.",
  locked:
    "Esta pergunta está bloqueada pela moderação: não aceita respostas, comentários, votos nem edições.",
  closedToAnswers: "Esta pergunta está fechada e não aceita novas respostas.",
  alreadyLocked: "Esta pergunta já está bloqueada.",
  notLocked: "Esta pergunta não está bloqueada.",
} as const;

/**
 * The original a duplicate vote names: a question number ("123", "#123") or an address of this site's question
 * page ("/questions/123", "https://…/questions/123#resposta-4"). Null when it names none.
 */
export function parseQuestionReference(value: string): number | null {
  const text = value.trim();
  const match = /^#?(\d{1,10})$/.exec(text) ?? /(?:^|\/)questions\/(\d{1,10})(?:[/?#]|$)/.exec(text);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The refusal of a write to a locked question, for everyone but the moderators who locked it. */
export function refuseIfLocked(viewer: Viewer | null, lockedAt: Date | null): void {
  if (lockedAt && !isModerator(viewer)) throw new AppError("conflict", CLOSING_MESSAGES.locked);
}

/** Locks the question's row; refuses a missing or deleted question. */
async function lockQuestionRow(tx: Executor, questionId: number) {
  const [row] = await tx
    .select({
      id: questions.id,
      authorId: questions.authorId,
      title: questions.title,
      deletedAt: questions.deletedAt,
      closedAt: questions.closedAt,
      duplicateOfId: questions.duplicateOfId,
      lockedAt: questions.lockedAt,
    })
    .from(questions)
    .where(eq(questions.id, questionId))
    .for("update");
  if (!row || row.deletedAt) throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);
  return row;
}

/** How many links of a duplicate chain are followed to its root before giving up. */
const DUPLICATE_CHAIN_MAX = 20;

/**
 * The original a duplicate of `questionId` points at: the named question, or, when that one is itself closed
 * as a duplicate, the root of its chain (a reader lands on the answers at once). Refuses a missing or deleted
 * question, the question itself and a chain that comes back to it.
 */
async function resolveOriginal(tx: Executor, questionId: number, reference: string): Promise<number> {
  const field = { field: "duplicateOf" };
  if (!reference.trim()) throw new AppError("validation", CLOSING_MESSAGES.duplicateRequired, field);
  let id = parseQuestionReference(reference);
  if (id === null) throw new AppError("validation", CLOSING_MESSAGES.duplicateRequired, field);
  if (id === questionId) throw new AppError("validation", CLOSING_MESSAGES.duplicateSelf, field);
  for (let step = 0; step < DUPLICATE_CHAIN_MAX; step++) {
    const [row] = await tx
      .select({ duplicateOfId: questions.duplicateOfId })
      .from(questions)
      .where(and(eq(questions.id, id), isNull(questions.deletedAt)));
    if (!row) throw new AppError("validation", CLOSING_MESSAGES.duplicateMissing, field);
    if (row.duplicateOfId === null) return id;
    if (row.duplicateOfId === questionId) {
      throw new AppError("validation", CLOSING_MESSAGES.duplicateCycle, field);
    }
    id = row.duplicateOfId;
  }
  throw new AppError("validation", CLOSING_MESSAGES.duplicateCycle, field);
}

export type CloseVoteInput = { reason: string; duplicateOf?: string };

export type VoteOutcome = {
  /** Whether this vote changed the question's state (closed it, or reopened it). */
  changed: boolean;
  /** Votes of this kind standing after the vote (0 once the state changed). */
  votes: number;
  /** The original of a question closed as a duplicate (or, on reopening, of the duplicate it was). */
  duplicateOfId: number | null;
};

/** The value that most often appears (ties: the one that appeared first). */
function mostFrequent<T>(values: T[]): T | undefined {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | undefined;
  let bestCount = 0;
  for (const [v, n] of counts) {
    if (n > bestCount) [best, bestCount] = [v, n];
  }
  return best;
}

/**
 * A vote to close `questionId`. Members need the `closeVote` privilege; the asker may close their own
 * question as a duplicate at once (they accept that it was answered elsewhere). The question closes at
 * VOTES_TO_CLOSE votes or at once with a moderator's: with the most voted reason and, for a duplicate, the
 * most voted original.
 */
export async function voteToClose(
  viewer: Viewer | null,
  questionId: number,
  input: CloseVoteInput,
): Promise<VoteOutcome> {
  const member = requireMember(viewer);
  const reason = input.reason in CLOSE_REASONS ? (input.reason as CloseReason) : null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const question = await lockQuestionRow(tx, questionId);
    const askerDuplicate = question.authorId === member.id && reason === "duplicate";
    if (!askerDuplicate) requirePrivilege(member, "closeVote");
    refuseIfLocked(member, question.lockedAt);
    if (question.closedAt) throw new AppError("conflict", CLOSING_MESSAGES.alreadyClosed);
    if (!reason) throw new AppError("validation", CLOSING_MESSAGES.reason, { field: "reason" });
    const original =
      reason === "duplicate" ? await resolveOriginal(tx, questionId, input.duplicateOf ?? "") : null;

    const inserted = await tx
      .insert(closeVotes)
      .values({ questionId, userId: member.id, kind: "close", reason, duplicateOfId: original })
      .onConflictDoNothing()
      .returning({ userId: closeVotes.userId });
    if (inserted.length === 0) throw new AppError("conflict", CLOSING_MESSAGES.alreadyVotedClose);

    const standing = await tx
      .select({
        userId: closeVotes.userId,
        reason: closeVotes.reason,
        duplicateOfId: closeVotes.duplicateOfId,
      })
      .from(closeVotes)
      .where(and(eq(closeVotes.questionId, questionId), eq(closeVotes.kind, "close")))
      .orderBy(asc(closeVotes.createdAt), asc(closeVotes.userId));
    const binding = isModerator(member) || askerDuplicate;
    if (!binding && standing.length < VOTES_TO_CLOSE) {
      return { changed: false, votes: standing.length, duplicateOfId: null };
    }

    // A binding vote decides the reason; otherwise the most voted one does.
    const closeReason: CloseReason = binding
      ? reason
      : (mostFrequent(standing.map((v) => v.reason).filter((r) => r !== null)) ?? reason);
    const duplicateOfId =
      closeReason !== "duplicate"
        ? null
        : binding
          ? original
          : (mostFrequent(standing.map((v) => v.duplicateOfId).filter((d) => d !== null)) ?? null);
    await tx
      .update(questions)
      .set({
        closedAt: new Date(),
        closeReason,
        duplicateOfId,
        closedBy: standing.map((v) => v.userId),
      })
      .where(eq(questions.id, questionId));
    await tx.delete(closeVotes).where(eq(closeVotes.questionId, questionId));
    await logModeration(tx, {
      actorId: member.id,
      action: "close",
      target: { kind: "question", id: questionId },
      subjectId: question.authorId,
      reason:
        duplicateOfId !== null
          ? `${CLOSE_REASONS.duplicate} de #${duplicateOfId}`
          : CLOSE_REASONS[closeReason],
    });
    if (duplicateOfId !== null) {
      await notify(tx, {
        userId: question.authorId,
        kind: "moderation",
        actorId: member.id,
        title: `Sua pergunta "${question.title}" foi fechada como duplicada: ela já tem resposta em outra pergunta`,
        url: href("/questions/:id", { id: String(questionId) }),
      });
    }
    return { changed: true, votes: 0, duplicateOfId };
  });
}

/** A vote to reopen a closed question (`closeVote` privilege); as many votes as to close, or a moderator's. */
export async function voteToReopen(viewer: Viewer | null, questionId: number): Promise<VoteOutcome> {
  const member = requireMember(viewer);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const question = await lockQuestionRow(tx, questionId);
    requirePrivilege(member, "closeVote");
    refuseIfLocked(member, question.lockedAt);
    if (!question.closedAt) throw new AppError("conflict", CLOSING_MESSAGES.notClosed);
    const inserted = await tx
      .insert(closeVotes)
      .values({ questionId, userId: member.id, kind: "reopen" })
      .onConflictDoNothing()
      .returning({ userId: closeVotes.userId });
    if (inserted.length === 0) throw new AppError("conflict", CLOSING_MESSAGES.alreadyVotedReopen);
    const [counted] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(closeVotes)
      .where(and(eq(closeVotes.questionId, questionId), eq(closeVotes.kind, "reopen")));
    const votes = counted?.n ?? 0;
    if (!isModerator(member) && votes < VOTES_TO_CLOSE) return { changed: false, votes, duplicateOfId: null };
    await tx
      .update(questions)
      .set({ closedAt: null, closeReason: null, duplicateOfId: null, closedBy: null })
      .where(eq(questions.id, questionId));
    await tx.delete(closeVotes).where(eq(closeVotes.questionId, questionId));
    await logModeration(tx, {
      actorId: member.id,
      action: "reopen",
      target: { kind: "question", id: questionId },
      subjectId: question.authorId,
    });
    return { changed: true, votes: 0, duplicateOfId: question.duplicateOfId };
  });
}

/**
 * Takes back the viewer's pending vote to close (on an open question) or to reopen (on a closed one), as on
 * Stack Overflow: a vote that has not yet changed the question's state is the voter's to retract.
 */
export async function withdrawCloseVote(viewer: Viewer | null, questionId: number): Promise<void> {
  const member = requireMember(viewer);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const question = await lockQuestionRow(tx, questionId);
    const kind = question.closedAt ? "reopen" : "close";
    const removed = await tx
      .delete(closeVotes)
      .where(
        and(
          eq(closeVotes.questionId, questionId),
          eq(closeVotes.userId, member.id),
          eq(closeVotes.kind, kind),
        ),
      )
      .returning({ userId: closeVotes.userId });
    if (removed.length === 0) throw new AppError("conflict", CLOSING_MESSAGES.noVoteToWithdraw);
  });
}

/** A moderator locks a question: no answers, comments, votes, edits nor close votes until unlocked. */
export async function lockQuestion(viewer: Viewer | null, questionId: number, reason = ""): Promise<void> {
  const member = requireModerator(viewer);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const question = await lockQuestionRow(tx, questionId);
    if (question.lockedAt) throw new AppError("conflict", CLOSING_MESSAGES.alreadyLocked);
    await tx.update(questions).set({ lockedAt: new Date() }).where(eq(questions.id, questionId));
    await logModeration(tx, {
      actorId: member.id,
      action: "lock",
      target: { kind: "question", id: questionId },
      subjectId: question.authorId,
      reason: reason.trim().slice(0, 500),
    });
  });
}

export async function unlockQuestion(viewer: Viewer | null, questionId: number): Promise<void> {
  const member = requireModerator(viewer);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const question = await lockQuestionRow(tx, questionId);
    if (!question.lockedAt) throw new AppError("conflict", CLOSING_MESSAGES.notLocked);
    await tx.update(questions).set({ lockedAt: null }).where(eq(questions.id, questionId));
    await logModeration(tx, {
      actorId: member.id,
      action: "unlock",
      target: { kind: "question", id: questionId },
      subjectId: question.authorId,
    });
  });
}

/** The close and reopen votes standing on a question, and the viewer's own (the page's "2 de 3 votos"). */
export type CloseVoteSummary = {
  close: number;
  reopen: number;
  votedClose: boolean;
  votedReopen: boolean;
  needed: number;
};

export async function closeVoteSummary(viewer: Viewer | null, questionId: number): Promise<CloseVoteSummary> {
  const db = await getDb();
  // The primary key (question_id, user_id, kind) serves this read.
  const rows = await db
    .select({ userId: closeVotes.userId, kind: closeVotes.kind })
    .from(closeVotes)
    .where(eq(closeVotes.questionId, questionId));
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  return {
    close: of("close").length,
    reopen: of("reopen").length,
    votedClose: of("close").some((r) => r.userId === viewer?.id),
    votedReopen: of("reopen").some((r) => r.userId === viewer?.id),
    needed: VOTES_TO_CLOSE,
  };
}

/** What the page of a closed question or of an original shows about closing (read once per version). */
export type ClosingDetails = {
  /** The original of a duplicate (live), with its title. */
  original: { id: number; title: string } | null;
  /** Live questions closed as duplicates of this one, newest first (a few). */
  duplicates: { id: number; title: string }[];
};

/** How many duplicates the original's page lists. */
const DUPLICATES_SHOWN = 20;

export async function closingDetails(question: {
  id: number;
  duplicateOfId: number | null;
}): Promise<ClosingDetails> {
  const db = await getDb();
  const [originalRows, duplicates] = await Promise.all([
    question.duplicateOfId === null
      ? Promise.resolve([])
      : db
          .select({ id: questions.id, title: questions.title })
          .from(questions)
          .where(and(eq(questions.id, question.duplicateOfId), isNull(questions.deletedAt))),
    // questions_duplicate_of_idx (partial: duplicates only).
    db
      .select({ id: questions.id, title: questions.title })
      .from(questions)
      .where(and(eq(questions.duplicateOfId, question.id), isNull(questions.deletedAt)))
      .orderBy(sql`${questions.id} desc`)
      .limit(DUPLICATES_SHOWN),
  ]);
  return { original: originalRows[0] ?? null, duplicates };
}
