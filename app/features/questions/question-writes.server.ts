// Asking, editing (with revisions), deleting and restoring questions, keeping the tags' counts exact.
import { maskSecrets } from "#app/lib/secrets.ts";
import { href } from "react-router";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { posts, questions, questionTags, revisions, tags } from "#db/schema.ts";
// The tags feature owns tag names, creation and normalisation; questions only link to them.
// Notifications are their own feature; a new question tells the followers of its tags and the members it
// mentions.
import {
  linkMentionedMembers,
  notifyMentions,
  notifyTagFollowers,
  notifyThreadWatchers,
  watchThread,
} from "#app/features/notifications/notify.server.ts";
import { TAGS_MAX } from "#app/features/tags/rules.ts";
import {
  normaliseTagNames,
  refuseNewTagsWithoutPrivilege,
  resolveTags,
} from "#app/features/tags/tags.server.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { prepareRichText, richTextLength } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { QUESTION_MESSAGES } from "./messages.ts";
import { refuseIfLocked } from "./closing.server.ts";
import { getQuestion } from "./question-detail.server.ts";
import { checkRevisionSummary } from "./revisions.server.ts";
import { pendingSuggestionOf, saveSuggestedEdit } from "./suggested-edits.server.ts";
import { forgetListTotals } from "./question-list.server.ts";
import { MESSAGES, TEXT_MIN, TITLE_MAX, TITLE_MIN } from "./schemas.ts";
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
import { logModeration } from "#app/features/moderation/moderation-log.server.ts";
// The errors a question carries are indexed with it: the errors feature owns the index.
import { errorSignaturesOf, indexErrors } from "#app/features/errors/error-index.server.ts";
import {
  isModerator,
  requireAuthorOrModerator,
  requireMember,
  requireModerator,
} from "#app/lib/permissions.ts";

export type QuestionWriteInput = {
  title: string;
  /** HTML of the details editor (sanitised here again). */
  description: string;
  /** HTML of the tried/expected editor. */
  details: string;
  tags: string[];
  /** "Perguntar sobre este post" (ADR 043): the published blog post the question asks about. */
  aboutPostId?: number | null;
};

/** The message next to the ask form's "Sobre o post" when the post cannot be asked about. */
export const ABOUT_POST_MISSING = "Esse post não existe ou não está publicado. Remova-o e pergunte sem ele.";

export type QuestionEditWriteInput = QuestionWriteInput & {
  /** The optional "resumo da edição" kept with the revision. */
  summary?: string | null;
};

type CheckedQuestion = { title: string; description: string; details: string; tagNames: string[] };

/** The server's own checks of a question form (after the Zod schema): sanitised text lengths, tag count. */
function checkQuestion(input: QuestionWriteInput): CheckedQuestion {
  // A title is plain text: a secret pasted into it is masked like one in the rich text.
  const title = maskSecrets(input.title.replace(/\s+/g, " ").trim());
  if (!title) throw new AppError("validation", MESSAGES.titleRequired, { field: "title" });
  if (title.length < TITLE_MIN) throw new AppError("validation", MESSAGES.titleShort, { field: "title" });
  if (title.length > TITLE_MAX) throw new AppError("validation", MESSAGES.titleLong, { field: "title" });
  const description = prepareRichText(input.description, { field: "description" });
  if (richTextLength(description) < TEXT_MIN) {
    throw new AppError("validation", MESSAGES.descriptionShort, { field: "description" });
  }
  const details = prepareRichText(input.details, { field: "details" });
  if (richTextLength(details) < TEXT_MIN) {
    throw new AppError("validation", MESSAGES.detailsShort, { field: "details" });
  }
  const tagNames = normaliseTagNames(input.tags);
  if (tagNames.length > TAGS_MAX) throw new AppError("validation", MESSAGES.tagsMax, { field: "tags" });
  if (tagNames.length < 1) throw new AppError("validation", MESSAGES.tagsMin, { field: "tags" });
  return { title, description, details, tagNames };
}

async function moveTagCounts(tx: Executor, tagIds: number[], delta: 1 | -1) {
  if (!tagIds.length) return;
  await tx
    .update(tags)
    .set({ questionCount: sql`greatest(${tags.questionCount} + ${delta}, 0)` })
    .where(
      inArray(
        tags.id,
        [...tagIds].sort((a, b) => a - b),
      ),
    );
}

/** The tags named (creating new ones), with their stored spelling, in the order given. */
async function resolveTagRows(
  tx: Executor,
  names: string[],
  creator: Viewer | undefined,
): Promise<{ id: number; name: string }[]> {
  const ids = [...new Set(await resolveTags(tx, names, creator))];
  if (!ids.length) return [];
  const rows = await tx.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, ids));
  const nameOf = new Map(rows.map((r) => [r.id, r.name]));
  return ids.map((id) => ({ id, name: nameOf.get(id) ?? "" }));
}

async function tagIdsOf(tx: Executor, questionId: number): Promise<number[]> {
  const rows = await tx
    .select({ tagId: questionTags.tagId })
    .from(questionTags)
    .where(eq(questionTags.questionId, questionId));
  return rows.map((r) => r.tagId);
}

/** The link limit of new members over a question's two texts, shown by the text that has links. */
function checkQuestionLinks(member: Viewer, checked: CheckedQuestion) {
  const field = /<a\s/i.test(checked.description) ? "description" : "details";
  assertLinkLimit(member, { html: `${checked.description}${checked.details}` }, field);
}

/**
 * Asks a question. Returns its id (numeric and sequential: the serial). A question that trips a blocked word is
 * saved hidden (`held`: deleted_at set, deleted_by null, no tag counts, no followers told) for review.
 */
export async function createQuestion(
  viewer: Viewer | null,
  input: QuestionWriteInput,
): Promise<{ id: number; held: boolean }> {
  const member = requireMember(viewer);
  const checked = checkQuestion(input);
  // Worked out before the transaction: the row locks are held only for the writes.
  const signatures = errorSignaturesOf([checked.description, checked.details]);
  checkQuestionLinks(member, checked);
  await assertContentRate(member, "question");
  const blockedWord = await findBlockedWord({
    text: [checked.title, ...checked.tagNames],
    html: [checked.description, checked.details],
  });
  const held = blockedWord !== null;
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    await refuseNewTagsWithoutPrivilege(tx, member, checked.tagNames);
    const aboutPostId = input.aboutPostId ?? null;
    if (aboutPostId !== null) {
      // Locked while the question is written, so the post cannot be deleted in between.
      const [post] = await tx
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.id, aboutPostId), sql`${posts.deletedAt} is null`))
        .for("share");
      if (!post) throw new AppError("validation", ABOUT_POST_MISSING, { field: "aboutPost" });
    }
    // @mentions of members in either text become links to their profiles, and they are told (below).
    const { mentioned, linked } = await linkMentionedMembers(tx, [checked.description, checked.details]);
    [checked.description, checked.details] = linked as [string, string];
    const [row] = await tx
      .insert(questions)
      .values({
        authorId: member.id,
        title: checked.title,
        description: checked.description,
        details: checked.details,
        aboutPostId,
        ...(held ? { deletedAt: new Date(), deletedBy: null } : {}),
      })
      .returning({ id: questions.id });
    if (!row) throw new Error("createQuestion: insert returned nothing");
    // The asker watches their question from the start ("Acompanhar", on by default).
    await watchThread(tx, member.id, { kind: "question", id: row.id });
    await indexErrors(tx, { kind: "question", itemId: row.id, questionId: row.id }, signatures);
    const resolved = await resolveTagRows(tx, checked.tagNames, member);
    if (resolved.length) {
      await tx
        .insert(questionTags)
        .values(resolved.map((t, position) => ({ questionId: row.id, tagId: t.id, position })));
      // A held question counts on its tags once restored (restoreQuestion), as a deleted one does.
      if (!held) {
        await moveTagCounts(
          tx,
          resolved.map((t) => t.id),
          1,
        );
      }
    }
    await tx.insert(revisions).values({
      targetKind: "question",
      targetId: row.id,
      editorId: member.id,
      title: checked.title,
      body: checked.description,
      details: checked.details,
      tags: resolved.map((t) => t.name),
    });
    if (blockedWord !== null) {
      await recordHeld(tx, {
        kind: "question",
        id: row.id,
        authorId: member.id,
        word: blockedWord,
      });
      return { id: row.id, held: true };
    }
    await notifyTagFollowers(tx, {
      actorId: member.id,
      questionId: row.id,
      questionTitle: checked.title,
      tags: resolved,
    });
    await notifyMentions(tx, mentioned, {
      actorId: member.id,
      title: `${member.name} mencionou você na pergunta "${checked.title}"`,
      url: href("/questions/:id", { id: String(row.id) }),
      item: `question:${row.id}`,
      told: [member.id],
    });
    await recordFirstPost(tx, member, { kind: "question", id: row.id });
    return { id: row.id, held: false };
  });
  forgetListTotals();
  return result;
}

export type QuestionForEdit = {
  id: number;
  title: string;
  description: string;
  details: string;
  tags: string[];
  /** "suggest": the viewer may not edit others' questions directly yet; the edit waits for review. */
  mode: "direct" | "suggest";
  /** The viewer's own suggestion still waiting for review (the form starts from it; sending again replaces it). */
  pendingSuggestion: boolean;
};

/**
 * The values the edit form starts from: the question, or the viewer's pending suggestion for it. Null when
 * the viewer may not edit it (a visitor, a deleted question).
 */
export async function getQuestionForEdit(viewer: Viewer | null, id: number): Promise<QuestionForEdit | null> {
  const question = await getQuestion(viewer, id);
  if (!question || question.deletedAt) return null;
  const mode = editMode(viewer, question.author.id);
  if (!viewer || !mode) return null;
  const values = {
    id: question.id,
    title: question.title,
    description: question.description,
    details: question.details,
    tags: question.tags.map((t) => t.name),
    mode,
    pendingSuggestion: false,
  };
  if (mode === "direct") return values;
  const pending = await pendingSuggestionOf(await getDb(), viewer.id, "question", id);
  if (!pending) return values;
  return {
    ...values,
    title: pending.title ?? values.title,
    description: pending.body,
    details: pending.details ?? values.details,
    tags: pending.tags ?? values.tags,
    pendingSuggestion: true,
  };
}

export type EditOutcome = {
  id: number;
  changed: boolean;
  /** The edit waits for review as a suggestion (the viewer may not edit others' content directly yet). */
  suggested?: boolean;
  /** The message for the editor when the edit was suggested. */
  message?: string;
};

/**
 * Edits a question, keeping a revision and the tags' counts exact: its author, a moderator and members with
 * the `editDirectly` privilege at once; any other member's edit is saved as a suggestion for review.
 */
export async function updateQuestion(
  viewer: Viewer | null,
  id: number,
  input: QuestionEditWriteInput,
): Promise<EditOutcome> {
  const editor = requireMember(viewer);
  const checked = checkQuestion(input);
  const summary = checkRevisionSummary(input.summary);
  checkQuestionLinks(editor, checked);
  await assertContentRate(editor, "edit");
  await refuseBlockedEdit(
    { text: [checked.title, ...checked.tagNames], html: [checked.description, checked.details] },
    "description",
  );
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(questions).where(eq(questions.id, id)).for("update");
    if (!current || current.deletedAt) throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);
    refuseIfLocked(editor, current.lockedAt);
    // Checked for a suggestion too: its approval later writes the suggester's tags as they are.
    await refuseNewTagsWithoutPrivilege(tx, editor, checked.tagNames);
    if (editMode(editor, current.authorId) === "suggest") {
      const { replaced } = await saveSuggestedEdit(tx, {
        kind: "question",
        targetId: id,
        editorId: editor.id,
        title: checked.title,
        body: checked.description,
        details: checked.details,
        tags: checked.tagNames,
        summary,
      });
      return {
        id,
        changed: false,
        suggested: true,
        message: replaced ? SUGGESTED_EDIT_MESSAGES.replaced : SUGGESTED_EDIT_MESSAGES.sent,
      };
    }
    return saveQuestionEdit(tx, id, checked, editor.id, summary, editor);
  });
}

/**
 * Writes a suggested edit approved in the review queue as a revision by its suggesting editor: the queue
 * checked the reviewer; the text is checked and sanitised again here. Inside the queue's transaction.
 */
export async function applyQuestionEdit(
  tx: Executor,
  id: number,
  editorId: number,
  edit: {
    title: string | null;
    description: string;
    details: string | null;
    tags: string[] | null;
    summary?: string | null;
  },
): Promise<{ id: number; changed: boolean }> {
  // A suggestion may leave the title, the details or the tags as they are (null): those stay current.
  const [current] = await tx
    .select({ title: questions.title, details: questions.details, lockedAt: questions.lockedAt })
    .from(questions)
    .where(eq(questions.id, id));
  if (!current) throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);
  // Locked since it was suggested: a suggestion never edits a locked question (moderators edit it directly).
  refuseIfLocked(null, current.lockedAt);
  const currentTags = await tx
    .select({ name: tags.name })
    .from(questionTags)
    .innerJoin(tags, eq(tags.id, questionTags.tagId))
    .where(eq(questionTags.questionId, id))
    .orderBy(asc(questionTags.position));
  const input: QuestionWriteInput = {
    title: edit.title ?? current.title,
    description: edit.description,
    details: edit.details ?? current.details,
    tags: edit.tags ?? currentTags.map((t) => t.name),
  };
  return saveQuestionEdit(tx, id, checkQuestion(input), editorId, edit.summary ?? null);
}

/** The edit itself, by `editorId` (the caller checked who may edit), under the question's row lock. */
async function saveQuestionEdit(
  tx: Executor,
  id: number,
  checked: CheckedQuestion,
  editorId: number,
  summary: string | null,
  /** The member editing directly; none for an approved suggestion, whose tags were checked when suggested. */
  creator?: Viewer,
): Promise<{ id: number; changed: boolean }> {
  const [current] = await tx.select().from(questions).where(eq(questions.id, id)).for("update");
  if (!current || current.deletedAt) throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);

  const resolved = await resolveTagRows(tx, checked.tagNames, creator);
  const before = await tx
    .select({ tagId: questionTags.tagId, position: questionTags.position, name: tags.name })
    .from(questionTags)
    .innerJoin(tags, eq(tags.id, questionTags.tagId))
    .where(eq(questionTags.questionId, id))
    .orderBy(asc(questionTags.position));
  const sameTags = before.length === resolved.length && before.every((b, i) => b.tagId === resolved[i]?.id);
  const changed =
    !sameTags ||
    current.title !== checked.title ||
    current.description !== checked.description ||
    current.details !== checked.details;
  if (!changed) return { id, changed: false };

  if (!sameTags) {
    const beforeIds = new Set(before.map((b) => b.tagId));
    const afterIds = new Set(resolved.map((t) => t.id));
    await moveTagCounts(
      tx,
      [...beforeIds].filter((t) => !afterIds.has(t)),
      -1,
    );
    await moveTagCounts(
      tx,
      [...afterIds].filter((t) => !beforeIds.has(t)),
      1,
    );
    await tx.delete(questionTags).where(eq(questionTags.questionId, id));
    await tx
      .insert(questionTags)
      .values(resolved.map((t, position) => ({ questionId: id, tagId: t.id, position })));
  }
  const now = new Date();
  await tx
    .update(questions)
    .set({
      title: checked.title,
      description: checked.description,
      details: checked.details,
      updatedAt: now,
      lastActivityAt: now,
    })
    .where(eq(questions.id, id));
  await indexErrors(
    tx,
    { kind: "question", itemId: id, questionId: id },
    errorSignaturesOf([checked.description, checked.details]),
  );
  await tx.insert(revisions).values({
    targetKind: "question",
    targetId: id,
    editorId,
    title: checked.title,
    body: checked.description,
    details: checked.details,
    tags: resolved.map((t) => t.name),
    summary,
  });
  await notifyThreadWatchers(
    tx,
    { kind: "question", id },
    {
      actorId: editorId,
      title: `A pergunta "${checked.title}" foi editada`,
      threadTitle: checked.title,
      url: href("/questions/:id/historico", { id: String(id) }),
    },
  );
  return { id, changed: true };
}

const DELETE_MESSAGES = {
  answered: "Uma pergunta que já tem respostas não pode ser excluída por quem perguntou.",
} as const;

/**
 * Soft-deletes a question: its author while it has no answers, a moderator at any time. The tags' counts
 * drop; moderators can restore it.
 */
export async function deleteQuestion(viewer: Viewer | null, id: number): Promise<void> {
  const member = requireMember(viewer);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        authorId: questions.authorId,
        deletedAt: questions.deletedAt,
        answerCount: questions.answerCount,
      })
      .from(questions)
      .where(eq(questions.id, id))
      .for("update");
    if (!current || current.deletedAt) throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);
    requireAuthorOrModerator(member, current.authorId);
    if (!isModerator(member) && current.answerCount > 0) {
      throw new AppError("forbidden", DELETE_MESSAGES.answered);
    }
    await tx
      .update(questions)
      .set({ deletedAt: new Date(), deletedBy: member.id })
      .where(eq(questions.id, id));
    await moveTagCounts(tx, await tagIdsOf(tx, id), -1);
    // A moderator removing someone else's question is a moderation act; an author removing their own is not.
    if (member.id !== current.authorId) {
      await logModeration(tx, {
        actorId: member.id,
        action: "delete",
        target: { kind: "question", id },
        subjectId: current.authorId,
      });
    }
  });
  forgetListTotals();
}

/** Brings a deleted question back (moderators). */
export async function restoreQuestion(viewer: Viewer | null, id: number): Promise<void> {
  const moderator = requireModerator(viewer);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [restored] = await tx
      .update(questions)
      .set({ deletedAt: null, deletedBy: null })
      .where(and(eq(questions.id, id), isNotNull(questions.deletedAt)))
      .returning({ id: questions.id, authorId: questions.authorId });
    if (!restored) throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);
    await moveTagCounts(tx, await tagIdsOf(tx, id), 1);
    await logModeration(tx, {
      actorId: moderator.id,
      action: "restore",
      target: { kind: "question", id },
      subjectId: restored.authorId,
    });
  });
  forgetListTotals();
}
