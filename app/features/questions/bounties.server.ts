// Bounties, as on Stack Overflow: the asker, with at least 75 reputation, offers 50 to 500 of it for 7 days. The
// amount leaves their reputation at once; awarding it to an answer gives it to the answerer; a bounty that
// expires unawarded is simply gone (no refund). The open bounty is mirrored on the question
// (bounty_amount, bounty_expires_at) for the list's Bounty sort and filters.
import { and, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { answers, bounties, questions, users } from "#db/schema.ts";
import { getDb, preparedQuery } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { QUESTION_MESSAGES } from "./messages.ts";
import { addReputation } from "./reputation.server.ts";
import { BOUNTY_DAYS, BOUNTY_MAX, BOUNTY_MIN, BOUNTY_MIN_REPUTATION, MESSAGES } from "./schemas.ts";
import { refuseIfLocked } from "./closing.server.ts";
import { requireMember } from "#app/lib/permissions.ts";

const DAY_MS = 86_400_000;

export const BOUNTY_MESSAGES = {
  onlyAsker: "Só quem perguntou pode oferecer um bounty nesta pergunta.",
  reputation: `Você precisa de pelo menos ${BOUNTY_MIN_REPUTATION} pontos de reputação para oferecer um bounty.`,
  notEnough: "Sua reputação não cobre esse valor.",
  alreadyOpen: "Esta pergunta já tem um bounty aberto.",
  closed: "Uma pergunta fechada não recebe bounty: ela não aceita novas respostas.",
  noneOpen: "Esta pergunta não tem um bounty aberto.",
  onlyOfferer: "Só quem ofereceu o bounty pode concedê-lo.",
  ownAnswer: "Você não pode conceder o bounty à sua própria resposta.",
} as const;

/** Offers a bounty on the viewer's own question. */
export async function offerBounty(
  viewer: Viewer | null,
  questionId: number,
  amount: number,
): Promise<{ id: number; expiresAt: Date }> {
  const member = requireMember(viewer);
  if (!Number.isInteger(amount) || amount < BOUNTY_MIN || amount > BOUNTY_MAX) {
    throw new AppError("validation", MESSAGES.bountyAmount, { field: "amount" });
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [question] = await tx
      .select({
        authorId: questions.authorId,
        deletedAt: questions.deletedAt,
        closedAt: questions.closedAt,
        lockedAt: questions.lockedAt,
        open: sql<boolean>`coalesce(${questions.bountyAmount} is not null and ${questions.bountyExpiresAt} > now(), false)`,
      })
      .from(questions)
      .where(eq(questions.id, questionId))
      .for("update");
    if (!question || question.deletedAt) throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);
    if (question.authorId !== member.id) throw new AppError("forbidden", BOUNTY_MESSAGES.onlyAsker);
    refuseIfLocked(member, question.lockedAt);
    if (question.closedAt) throw new AppError("conflict", BOUNTY_MESSAGES.closed);
    if (question.open) throw new AppError("conflict", BOUNTY_MESSAGES.alreadyOpen);
    // The member's row is locked so two offers at once cannot spend the same reputation twice.
    const [me] = await tx
      .select({ reputation: users.reputation })
      .from(users)
      .where(eq(users.id, member.id))
      .for("update");
    const reputation = me?.reputation ?? 0;
    if (reputation < BOUNTY_MIN_REPUTATION) throw new AppError("forbidden", BOUNTY_MESSAGES.reputation);
    if (reputation < amount) throw new AppError("validation", BOUNTY_MESSAGES.notEnough, { field: "amount" });

    const expiresAt = new Date(Date.now() + BOUNTY_DAYS * DAY_MS);
    const [row] = await tx
      .insert(bounties)
      .values({ questionId, offererId: member.id, amount, expiresAt })
      .returning({ id: bounties.id });
    if (!row) throw new Error("offerBounty: insert returned nothing");
    await tx
      .update(questions)
      .set({ bountyAmount: amount, bountyExpiresAt: expiresAt, lastActivityAt: new Date() })
      .where(eq(questions.id, questionId));
    await addReputation(tx, [
      {
        userId: member.id,
        delta: -amount,
        reason: "bounty_offered",
        targetKind: "question",
        targetId: questionId,
      },
    ]);
    return { id: row.id, expiresAt };
  });
}

/** Awards the question's open bounty to one of its answers (only the member who offered it). */
export async function awardBounty(
  viewer: Viewer | null,
  answerId: number,
): Promise<{ questionId: number; amount: number }> {
  const member = requireMember(viewer);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [answer] = await tx
      .select({ questionId: answers.questionId, authorId: answers.authorId, deletedAt: answers.deletedAt })
      .from(answers)
      .where(eq(answers.id, answerId));
    if (!answer || answer.deletedAt) throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
    // The question's row first, as every writer of questions and answers does.
    await tx
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.id, answer.questionId))
      .for("update");
    const [bounty] = await tx
      .select({ id: bounties.id, offererId: bounties.offererId, amount: bounties.amount })
      .from(bounties)
      .where(
        and(
          eq(bounties.questionId, answer.questionId),
          isNull(bounties.awardedAt),
          gt(bounties.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(bounties.createdAt))
      .limit(1)
      .for("update");
    if (!bounty) throw new AppError("conflict", BOUNTY_MESSAGES.noneOpen);
    if (bounty.offererId !== member.id) throw new AppError("forbidden", BOUNTY_MESSAGES.onlyOfferer);
    if (answer.authorId === member.id) throw new AppError("forbidden", BOUNTY_MESSAGES.ownAnswer);

    const now = new Date();
    await tx
      .update(bounties)
      .set({ awardedAnswerId: answerId, awardedAt: now })
      .where(eq(bounties.id, bounty.id));
    await tx
      .update(questions)
      .set({ bountyAmount: null, bountyExpiresAt: null, lastActivityAt: now })
      .where(eq(questions.id, answer.questionId));
    await addReputation(tx, [
      {
        userId: answer.authorId,
        delta: bounty.amount,
        reason: "bounty_awarded",
        targetKind: "answer",
        targetId: answerId,
        // Trusted only when the member who offered it is established.
        actorId: bounty.offererId,
      },
    ]);
    return { questionId: answer.questionId, amount: bounty.amount };
  });
}

const bountiesAwardedOn = preparedQuery((db) =>
  db
    .select({ answerId: bounties.awardedAnswerId, amount: bounties.amount })
    .from(bounties)
    .where(
      and(
        eq(bounties.questionId, sql.placeholder("questionId")),
        sql`${bounties.awardedAnswerId} is not null`,
      ),
    )
    .prepare("bounties_awarded_on_question"),
);

/** Bounties awarded to some answers: answer id → amount (for the "+N" badge under an answer). */
export async function awardedBounties(questionId: number): Promise<Map<number, number>> {
  const rows = await bountiesAwardedOn({ questionId });
  const map = new Map<number, number>();
  for (const r of rows) if (r.answerId !== null) map.set(r.answerId, (map.get(r.answerId) ?? 0) + r.amount);
  return map;
}

/**
 * Clears the mirror of bounties that expired unawarded (the amount is not refunded). Lists already treat an
 * expired bounty as closed; this keeps the columns tidy. Returns how many questions were cleared.
 */
export async function expireBounties(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const cleared = await db
    .update(questions)
    .set({ bountyAmount: null, bountyExpiresAt: null })
    .where(and(sql`${questions.bountyAmount} is not null`, lte(questions.bountyExpiresAt, now)))
    .returning({ id: questions.id });
  return cleared.length;
}
