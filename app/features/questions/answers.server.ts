// Answers: posting (answer_count moves in the same transaction, so simultaneous answers all count), editing
// with revisions, soft deletion and restoring, and the asker's accepted answer (+15 to the answerer). The lists
// are in answer-list.server.ts.
// The errors an answer carries are indexed with it: the errors feature owns the index.
import { errorSignaturesOf, indexErrors } from "#app/features/errors/error-index.server.ts";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { answers, questions, revisions } from "#db/schema.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
// Notifications are their own feature; answers tell the asker and the accepted answer's author.
import {
  linkMentionedMembers,
  notify,
  notifyMentions,
  notifyThreadWatchers,
} from "#app/features/notifications/notify.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { prepareRichText, richTextLength } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { QUESTION_MESSAGES } from "./messages.ts";
import { CLOSING_MESSAGES, refuseIfLocked } from "./closing.server.ts";
import { addReputation, REPUTATION, type ReputationEvent } from "./reputation.server.ts";
import { checkRevisionSummary } from "./revisions.server.ts";
import { ANSWER_MIN, MESSAGES } from "./schemas.ts";
// How much a member may write in an hour (the accounts feature's public rule).
import { assertContentRate } from "#app/lib/content-rate-limits.server.ts";
// Privileges and spam defences: who edits directly, links of new members, blocked words.
import { editMode, SUGGESTED_EDIT_MESSAGES } from "#app/features/moderation/rules.ts";
import {
  assertLinkLimit,
  findBlockedWord,
  recordFirstPost,
  refuseBlockedEdit,
  recordHeld,
} from "#app/features/moderation/spam-defences.server.ts";
import type { EditOutcome } from "./question-writes.server.ts";
import { pendingSuggestionOf, saveSuggestedEdit } from "./suggested-edits.server.ts";
import { checkAnswerVersions, questionTagNames, writeAnswerVersions } from "./answer-versions.server.ts";
import type { TaggedVersion } from "./versions.ts";
import { href } from "react-router";
import { logModeration } from "#app/features/moderation/moderation-log.server.ts";
import {
  isModerator,
  requireAuthorOrModerator,
  requireMember,
  requireModerator,
} from "#app/lib/permissions.ts";

export const ANSWER_MESSAGES = {
  acceptOnlyAsker: "Só quem perguntou pode aceitar uma resposta.",
  acceptedNotDeletable: "Uma resposta aceita não pode ser excluída. Peça a quem perguntou para desmarcá-la.",
} as const;

function checkBody(html: string): string {
  const body = prepareRichText(html, { field: "body" });
  const length = richTextLength(body);
  if (length === 0) throw new AppError("validation", MESSAGES.answerEmpty, { field: "body" });
  if (length < ANSWER_MIN) throw new AppError("validation", MESSAGES.answerShort, { field: "body" });
  return body;
}

/**
 * Posts an answer to a live question. An answer that trips a blocked word is saved hidden (`held`: not
 * counted on the question, the asker not told) for review.
 */
export async function createAnswer(
  viewer: Viewer | null,
  questionId: number,
  html: string,
  options: { versions?: TaggedVersion[] } = {},
): Promise<{ id: number; held: boolean }> {
  const member = requireMember(viewer);
  let body = checkBody(html);
  // Worked out before the transaction: the row locks are held only for the writes.
  const signatures = errorSignaturesOf([body]);
  assertLinkLimit(member, { html: body }, "body");
  await assertContentRate(member, "answer", "body");
  const blockedWord = await findBlockedWord({ html: [body] });
  const db = await getDb();
  return db.transaction(async (tx) => {
    // The counter moves first: the update locks the question's row and says whether it is live. A held
    // answer only locks it (restoreAnswer counts it).
    const live = and(eq(questions.id, questionId), isNull(questions.deletedAt));
    const columns = {
      id: questions.id,
      authorId: questions.authorId,
      title: questions.title,
      closedAt: questions.closedAt,
      lockedAt: questions.lockedAt,
    };
    const [question] =
      blockedWord === null
        ? await tx
            .update(questions)
            .set({ answerCount: sql`${questions.answerCount} + 1`, lastActivityAt: new Date() })
            .where(live)
            .returning(columns)
        : await tx.select(columns).from(questions).where(live).for("update");
    if (!question) throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);
    // A closed or locked question takes no answers (the transaction gives the count back).
    if (question.closedAt) throw new AppError("conflict", CLOSING_MESSAGES.closedToAnswers);
    if (question.lockedAt) throw new AppError("conflict", CLOSING_MESSAGES.locked);
    // @mentions of members become links to their profiles, and they are told (below).
    const { mentioned, linked } = await linkMentionedMembers(tx, [body]);
    body = linked[0]!;
    const [row] = await tx
      .insert(answers)
      .values({
        questionId,
        authorId: member.id,
        body,
        ...(blockedWord === null ? {} : { deletedAt: new Date(), deletedBy: null }),
      })
      .returning({ id: answers.id });
    if (!row) throw new Error("createAnswer: insert returned nothing");
    await indexErrors(tx, { kind: "answer", itemId: row.id, questionId }, signatures);
    await tx.insert(revisions).values({ targetKind: "answer", targetId: row.id, editorId: member.id, body });
    // "Testada em": tag + version pairs of the question's tags.
    if (options.versions && options.versions.length > 0) {
      const checked = checkAnswerVersions(options.versions, await questionTagNames(tx, questionId));
      await writeAnswerVersions(tx, row.id, [], checked);
    }
    if (blockedWord !== null) {
      await recordHeld(tx, { kind: "answer", id: row.id, authorId: member.id, word: blockedWord });
      return { id: row.id, held: true };
    }
    await notify(tx, {
      userId: question.authorId,
      kind: "answer",
      actorId: member.id,
      title: `${member.name} respondeu sua pergunta "${question.title}"`,
      groupedTitle: `{n} novas respostas na sua pergunta "${question.title}"`,
      url: `${href("/questions/:id", { id: String(questionId) })}#resposta-${row.id}`,
      groupKey: `answers:question:${questionId}`,
    });
    await notifyMentions(tx, mentioned, {
      actorId: member.id,
      title: `${member.name} mencionou você numa resposta em "${question.title}"`,
      url: `${href("/questions/:id", { id: String(questionId) })}#resposta-${row.id}`,
      item: `answer:${row.id}`,
      told: [question.authorId],
    });
    await notifyThreadWatchers(
      tx,
      { kind: "question", id: questionId },
      {
        actorId: member.id,
        title: `${member.name} respondeu "${question.title}"`,
        threadTitle: question.title,
        url: `${href("/questions/:id", { id: String(questionId) })}#resposta-${row.id}`,
        told: [question.authorId],
      },
    );
    await recordFirstPost(tx, member, { kind: "answer", id: row.id });
    return { id: row.id, held: false };
  });
}

type LockedAnswer = {
  id: number;
  questionId: number;
  authorId: number;
  body: string;
  testedVersions: TaggedVersion[];
  deletedAt: Date | null;
  questionAuthorId: number;
  questionTitle: string;
  questionDeletedAt: Date | null;
  questionLockedAt: Date | null;
  acceptedAnswerId: number | null;
};

/** Locks the question, then the answer (always in that order, as every writer of both does). */
async function lockAnswer(tx: Executor, answerId: number): Promise<LockedAnswer> {
  const [ref] = await tx
    .select({ questionId: answers.questionId })
    .from(answers)
    .where(eq(answers.id, answerId));
  if (!ref) throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
  const [question] = await tx
    .select({
      authorId: questions.authorId,
      title: questions.title,
      deletedAt: questions.deletedAt,
      lockedAt: questions.lockedAt,
      acceptedAnswerId: questions.acceptedAnswerId,
    })
    .from(questions)
    .where(eq(questions.id, ref.questionId))
    .for("update");
  const [answer] = await tx
    .select({
      authorId: answers.authorId,
      body: answers.body,
      testedVersions: answers.testedVersions,
      deletedAt: answers.deletedAt,
    })
    .from(answers)
    .where(eq(answers.id, answerId))
    .for("update");
  if (!question || !answer) throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
  return {
    id: answerId,
    questionId: ref.questionId,
    authorId: answer.authorId,
    body: answer.body,
    testedVersions: answer.testedVersions,
    deletedAt: answer.deletedAt,
    questionAuthorId: question.authorId,
    questionTitle: question.title,
    questionDeletedAt: question.deletedAt,
    questionLockedAt: question.lockedAt,
    acceptedAnswerId: question.acceptedAnswerId,
  };
}

export type AnswerForEdit = {
  id: number;
  questionId: number;
  questionTitle: string;
  body: string;
  /** The question's tags (the "Testada em" field offers them) and the versions the answer names. */
  tags: string[];
  versions: TaggedVersion[];
  /** "suggest": the viewer may not edit others' answers directly yet; the edit waits for review. */
  mode: "direct" | "suggest";
  /** The viewer's own suggestion still waiting for review (the form starts from it). */
  pendingSuggestion: boolean;
};

/** An answer's current text (or the viewer's pending suggestion) for its edit form; null for visitors. */
export async function getAnswerForEdit(
  viewer: Viewer | null,
  answerId: number,
): Promise<AnswerForEdit | null> {
  if (!viewer || !Number.isSafeInteger(answerId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: answers.id,
      questionId: answers.questionId,
      questionTitle: questions.title,
      body: answers.body,
      testedVersions: answers.testedVersions,
      authorId: answers.authorId,
      deletedAt: answers.deletedAt,
      questionDeletedAt: questions.deletedAt,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(eq(answers.id, answerId));
  const mode = row ? editMode(viewer, row.authorId) : null;
  if (!row || row.deletedAt || row.questionDeletedAt || !mode) return null;
  const values = {
    id: row.id,
    questionId: row.questionId,
    questionTitle: row.questionTitle,
    body: row.body,
    tags: await questionTagNames(db, row.questionId),
    versions: row.testedVersions,
    mode,
    pendingSuggestion: false,
  };
  if (mode === "direct") return values;
  const pending = await pendingSuggestionOf(db, viewer.id, "answer", answerId);
  return pending ? { ...values, body: pending.body, pendingSuggestion: true } : values;
}

/**
 * Edits an answer, keeping a revision (with the editor's optional summary): its author, a moderator and members with the `editDirectly` privilege
 * at once; any other member's edit is saved as a suggestion for review.
 */
export async function updateAnswer(
  viewer: Viewer | null,
  answerId: number,
  html: string,
  options: { summary?: string | null; versions?: TaggedVersion[] } = {},
): Promise<{ questionId: number } & Omit<EditOutcome, "id">> {
  const editor = requireMember(viewer);
  const body = checkBody(html);
  const summary = checkRevisionSummary(options.summary);
  assertLinkLimit(editor, { html: body }, "body");
  await assertContentRate(editor, "edit", "body");
  await refuseBlockedEdit({ html: [body] }, "body");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const answer = await lockAnswer(tx, answerId);
    if (answer.deletedAt || answer.questionDeletedAt) {
      throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
    }
    refuseIfLocked(editor, answer.questionLockedAt);
    if (editMode(editor, answer.authorId) === "suggest") {
      const { replaced } = await saveSuggestedEdit(tx, {
        kind: "answer",
        targetId: answerId,
        editorId: editor.id,
        body,
        summary,
      });
      return {
        questionId: answer.questionId,
        changed: false,
        suggested: true,
        message: replaced ? SUGGESTED_EDIT_MESSAGES.replaced : SUGGESTED_EDIT_MESSAGES.sent,
      };
    }
    // The versions are the answer's facts, not its text: a suggested edit leaves them; a direct one replaces
    // them when the form sent the field.
    let versionsChanged = false;
    if (options.versions) {
      const checked = checkAnswerVersions(options.versions, await questionTagNames(tx, answer.questionId));
      versionsChanged = await writeAnswerVersions(tx, answerId, answer.testedVersions, checked);
    }
    const saved = await saveAnswerEdit(tx, answer, body, editor.id, summary);
    return { ...saved, changed: saved.changed || versionsChanged };
  });
}

/**
 * Writes a suggested edit approved in the review queue as a revision by its suggesting editor: the queue
 * checked the reviewer; the text is checked and sanitised again here. Inside the queue's transaction.
 */
export async function applyAnswerEdit(
  tx: Executor,
  answerId: number,
  editorId: number,
  html: string,
  summary: string | null = null,
): Promise<{ questionId: number; changed: boolean }> {
  const body = checkBody(html);
  const answer = await lockAnswer(tx, answerId);
  if (answer.deletedAt || answer.questionDeletedAt) {
    throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
  }
  // Locked since it was suggested: a suggestion never edits a locked question (moderators edit it directly).
  refuseIfLocked(null, answer.questionLockedAt);
  return saveAnswerEdit(tx, answer, body, editorId, summary);
}

/** The edit itself, on an answer locked and checked by the caller. */
async function saveAnswerEdit(
  tx: Executor,
  answer: { id: number; questionId: number; body: string },
  body: string,
  editorId: number,
  summary: string | null,
): Promise<{ questionId: number; changed: boolean }> {
  if (answer.body === body) return { questionId: answer.questionId, changed: false };
  const now = new Date();
  await tx.update(answers).set({ body, updatedAt: now }).where(eq(answers.id, answer.id));
  await indexErrors(
    tx,
    { kind: "answer", itemId: answer.id, questionId: answer.questionId },
    errorSignaturesOf([body]),
  );
  await tx.update(questions).set({ lastActivityAt: now }).where(eq(questions.id, answer.questionId));
  await tx.insert(revisions).values({ targetKind: "answer", targetId: answer.id, editorId, body, summary });
  return { questionId: answer.questionId, changed: true };
}

/** The reputation moves of taking an acceptance back (or of giving one). */
function acceptanceEvents(
  answer: { id: number; authorId: number },
  questionAuthorId: number,
  direction: "give" | "take_back",
): ReputationEvent[] {
  // Accepting one's own answer earns nothing (as on Stack Overflow).
  if (answer.authorId === questionAuthorId) return [];
  return [
    {
      userId: answer.authorId,
      delta: direction === "give" ? REPUTATION.accepted : -REPUTATION.accepted,
      reason: direction === "give" ? "accepted" : "accepted_undone",
      targetKind: "answer",
      targetId: answer.id,
      actorId: questionAuthorId,
    },
  ];
}

/**
 * Soft-deletes an answer: its author (unless it is the accepted one) or a moderator. A moderator deleting the
 * accepted answer also takes the acceptance (and its reputation) back.
 */
export async function deleteAnswer(viewer: Viewer | null, answerId: number): Promise<{ questionId: number }> {
  const member = requireMember(viewer);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const answer = await lockAnswer(tx, answerId);
    if (answer.deletedAt || answer.questionDeletedAt) {
      throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
    }
    requireAuthorOrModerator(member, answer.authorId);
    const isAccepted = answer.acceptedAnswerId === answerId;
    if (isAccepted && !isModerator(member)) {
      throw new AppError("forbidden", ANSWER_MESSAGES.acceptedNotDeletable);
    }
    await tx
      .update(answers)
      .set({ deletedAt: new Date(), deletedBy: member.id })
      .where(eq(answers.id, answerId));
    if (member.id !== answer.authorId) {
      await logModeration(tx, {
        actorId: member.id,
        action: "delete",
        target: { kind: "answer", id: answerId },
        subjectId: answer.authorId,
      });
    }
    await tx
      .update(questions)
      .set({
        answerCount: sql`greatest(${questions.answerCount} - 1, 0)`,
        ...(isAccepted ? { acceptedAnswerId: null } : {}),
      })
      .where(eq(questions.id, answer.questionId));
    if (isAccepted) {
      await addReputation(
        tx,
        acceptanceEvents({ id: answerId, authorId: answer.authorId }, answer.questionAuthorId, "take_back"),
      );
    }
    return { questionId: answer.questionId };
  });
}

/** Brings a deleted answer back (moderators). */
export async function restoreAnswer(
  viewer: Viewer | null,
  answerId: number,
): Promise<{ questionId: number }> {
  const moderator = requireModerator(viewer);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const answer = await lockAnswer(tx, answerId);
    if (!answer.deletedAt) throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
    await logModeration(tx, {
      actorId: moderator.id,
      action: "restore",
      target: { kind: "answer", id: answerId },
      subjectId: answer.authorId,
    });
    await tx
      .update(answers)
      .set({ deletedAt: null, deletedBy: null })
      .where(and(eq(answers.id, answerId), isNotNull(answers.deletedAt)));
    await tx
      .update(questions)
      .set({ answerCount: sql`${questions.answerCount} + 1` })
      .where(eq(questions.id, answer.questionId));
    return { questionId: answer.questionId };
  });
}

/**
 * The asker marks an answer accepted, or unmarks it by accepting it again; accepting another one moves the
 * mark. The answerer gets +15 while their answer is the accepted one.
 */
export async function acceptAnswer(
  viewer: Viewer | null,
  answerId: number,
): Promise<{ questionId: number; accepted: boolean }> {
  const member = requireMember(viewer);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const answer = await lockAnswer(tx, answerId);
    if (answer.deletedAt || answer.questionDeletedAt) {
      throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
    }
    if (answer.questionAuthorId !== member.id) {
      throw new AppError("forbidden", ANSWER_MESSAGES.acceptOnlyAsker);
    }
    // A locked question's answers stay as the moderation left them.
    refuseIfLocked(member, answer.questionLockedAt);
    const events: ReputationEvent[] = [];
    const previousId = answer.acceptedAnswerId;
    if (previousId !== null) {
      const [previous] = await tx
        .select({ id: answers.id, authorId: answers.authorId })
        .from(answers)
        .where(eq(answers.id, previousId));
      if (previous) events.push(...acceptanceEvents(previous, answer.questionAuthorId, "take_back"));
    }
    const accepted = previousId !== answerId;
    if (accepted) {
      events.push(
        ...acceptanceEvents({ id: answerId, authorId: answer.authorId }, answer.questionAuthorId, "give"),
      );
    }
    await tx
      .update(questions)
      .set({ acceptedAnswerId: accepted ? answerId : null })
      .where(eq(questions.id, answer.questionId));
    await addReputation(tx, events);
    if (accepted) {
      await notify(tx, {
        userId: answer.authorId,
        kind: "accepted",
        actorId: member.id,
        title: `${member.name} aceitou sua resposta em "${answer.questionTitle}"`,
        url: `${href("/questions/:id", { id: String(answer.questionId) })}#resposta-${answerId}`,
      });
    }
    return { questionId: answer.questionId, accepted };
  });
}
