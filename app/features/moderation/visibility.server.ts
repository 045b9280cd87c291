// What a flag points at, and hiding or showing it again. Hiding is the site's soft delete: deleted_at set and,
// on questions and answers, deleted_by NULL ("hidden by the site pending review") or the moderator who removed
// it. Every read path already leaves deleted rows out; the counters that lists show (a tag's questions and
// posts, a question's answers, comments) move with the row here, as the features' own delete functions move
// them, so a hidden item and its later restoration keep them exact. Call inside a transaction.
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { answers, comments, posts, postTags, questions, questionTags, tags } from "#db/schema.ts";
import type { Executor } from "#app/lib/db.server.ts";

export type FlagTargetKind = "question" | "answer" | "comment" | "post";
export type FlagTarget = { kind: FlagTargetKind; id: number };

const FLAG_TARGET_KINDS = [
  "question",
  "answer",
  "comment",
  "post",
] as const satisfies readonly FlagTargetKind[];

/** The Portuguese noun of each kind, and its article, for messages ("a pergunta", "o comentário"). */
export const TARGET_NOUNS: Record<FlagTargetKind, { noun: string; article: "a" | "o" }> = {
  question: { noun: "pergunta", article: "a" },
  answer: { noun: "resposta", article: "a" },
  comment: { noun: "comentário", article: "o" },
  post: { noun: "post", article: "o" },
};

export function isFlagTargetKind(value: unknown): value is FlagTargetKind {
  return typeof value === "string" && (FLAG_TARGET_KINDS as readonly string[]).includes(value);
}

/** A flagged item as the flag form, the queue and the notifications name it. */
export type TargetRow = {
  authorId: number;
  /** The question's or post's title (for an answer or a comment: of the page it is on). */
  title: string;
  /** Where it is on the site. */
  url: string;
  /** The text as stored: sanitised HTML for questions, answers and posts, plain text for comments. */
  text: string;
  textIsHtml: boolean;
  deletedAt: Date | null;
  /** The page it is on is removed or hidden (an answer's question, a comment's answer or question, a post's). */
  parentDeletedAt: Date | null;
  /** Questions and answers only: who removed it (null while the site hides it pending review). */
  deletedBy: number | null;
  /** The page a visitor sees it on, for the visitor cache (ADR 028). */
  page: { kind: "question"; id: number } | { kind: "post"; id: number; slug: string };
  createdAt: Date;
};

const questionUrl = (id: number) => `/questions/${id}`;
const postUrl = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/**
 * Reads the item (null when it does not exist), locking its row when `lock` is set: every flag on, and every
 * decision about, one item then runs one after the other (two moderators at once: the second sees the first's).
 */
export async function loadTarget(
  tx: Executor,
  target: FlagTarget,
  { lock = false }: { lock?: boolean } = {},
): Promise<TargetRow | null> {
  switch (target.kind) {
    case "question": {
      const query = tx
        .select({
          authorId: questions.authorId,
          title: questions.title,
          text: questions.description,
          deletedAt: questions.deletedAt,
          deletedBy: questions.deletedBy,
          createdAt: questions.createdAt,
        })
        .from(questions)
        .where(eq(questions.id, target.id));
      const [row] = lock ? await query.for("update") : await query;
      if (!row) return null;
      return {
        ...row,
        parentDeletedAt: null,
        textIsHtml: true,
        url: questionUrl(target.id),
        page: { kind: "question", id: target.id },
      };
    }
    case "answer": {
      const query = tx
        .select({
          authorId: answers.authorId,
          questionId: answers.questionId,
          text: answers.body,
          deletedAt: answers.deletedAt,
          deletedBy: answers.deletedBy,
          createdAt: answers.createdAt,
        })
        .from(answers)
        .where(eq(answers.id, target.id));
      const [row] = lock ? await query.for("update") : await query;
      if (!row) return null;
      const [question] = await tx
        .select({ title: questions.title, deletedAt: questions.deletedAt })
        .from(questions)
        .where(eq(questions.id, row.questionId));
      return {
        authorId: row.authorId,
        title: question?.title ?? "",
        text: row.text,
        textIsHtml: true,
        deletedAt: row.deletedAt,
        parentDeletedAt: question?.deletedAt ?? null,
        deletedBy: row.deletedBy,
        createdAt: row.createdAt,
        url: `${questionUrl(row.questionId)}#resposta-${target.id}`,
        page: { kind: "question", id: row.questionId },
      };
    }
    case "comment": {
      const query = tx
        .select({
          authorId: comments.authorId,
          targetKind: comments.targetKind,
          targetId: comments.targetId,
          text: comments.body,
          deletedAt: comments.deletedAt,
          createdAt: comments.createdAt,
        })
        .from(comments)
        .where(eq(comments.id, target.id));
      const [row] = lock ? await query.for("update") : await query;
      if (!row) return null;
      if (row.targetKind === "post") {
        const [post] = await tx
          .select({ title: posts.title, slug: posts.slug, deletedAt: posts.deletedAt })
          .from(posts)
          .where(eq(posts.id, row.targetId));
        if (!post) return null;
        return {
          authorId: row.authorId,
          title: post.title,
          text: row.text,
          textIsHtml: false,
          deletedAt: row.deletedAt,
          parentDeletedAt: post.deletedAt,
          deletedBy: null,
          createdAt: row.createdAt,
          url: `${postUrl(post.slug)}#comentario-${target.id}`,
          page: { kind: "post", id: row.targetId, slug: post.slug },
        };
      }
      let questionId = row.targetId;
      let answerDeletedAt: Date | null = null;
      if (row.targetKind === "answer") {
        const [answer] = await tx
          .select({ questionId: answers.questionId, deletedAt: answers.deletedAt })
          .from(answers)
          .where(eq(answers.id, row.targetId));
        if (!answer) return null;
        questionId = answer.questionId;
        answerDeletedAt = answer.deletedAt;
      }
      const [question] = await tx
        .select({ title: questions.title, deletedAt: questions.deletedAt })
        .from(questions)
        .where(eq(questions.id, questionId));
      return {
        authorId: row.authorId,
        title: question?.title ?? "",
        text: row.text,
        textIsHtml: false,
        deletedAt: row.deletedAt,
        parentDeletedAt: answerDeletedAt ?? question?.deletedAt ?? null,
        deletedBy: null,
        createdAt: row.createdAt,
        url: `${questionUrl(questionId)}#comentario-${target.id}`,
        page: { kind: "question", id: questionId },
      };
    }
    case "post": {
      const query = tx
        .select({
          authorId: posts.authorId,
          title: posts.title,
          slug: posts.slug,
          text: posts.body,
          deletedAt: posts.deletedAt,
          createdAt: posts.createdAt,
        })
        .from(posts)
        .where(eq(posts.id, target.id));
      const [row] = lock ? await query.for("update") : await query;
      if (!row) return null;
      return {
        authorId: row.authorId,
        title: row.title,
        text: row.text,
        textIsHtml: true,
        deletedAt: row.deletedAt,
        parentDeletedAt: null,
        deletedBy: null,
        createdAt: row.createdAt,
        url: postUrl(row.slug),
        page: { kind: "post", id: target.id, slug: row.slug },
      };
    }
  }
}

/** Whether the site hides it pending review (as opposed to visible, or removed by someone). */
export function isHiddenBySite(row: Pick<TargetRow, "deletedAt" | "deletedBy">): boolean {
  return row.deletedAt !== null && row.deletedBy === null;
}

async function moveQuestionTagCounts(tx: Executor, questionId: number, delta: 1 | -1) {
  const ids = (
    await tx
      .select({ tagId: questionTags.tagId })
      .from(questionTags)
      .where(eq(questionTags.questionId, questionId))
  ).map((r) => r.tagId);
  if (!ids.length) return;
  await tx
    .update(tags)
    .set({ questionCount: sql`greatest(${tags.questionCount} + ${delta}, 0)` })
    .where(
      inArray(
        tags.id,
        ids.sort((a, b) => a - b),
      ),
    );
}

async function movePostTagCounts(tx: Executor, postId: number, delta: 1 | -1) {
  const ids = (
    await tx.select({ tagId: postTags.tagId }).from(postTags).where(eq(postTags.postId, postId))
  ).map((r) => r.tagId);
  if (!ids.length) return;
  await tx
    .update(tags)
    .set({ postCount: sql`greatest(${tags.postCount} + ${delta}, 0)` })
    .where(
      inArray(
        tags.id,
        ids.sort((a, b) => a - b),
      ),
    );
}

/**
 * Takes a visible item off the site: `by` null hides it pending review, a moderator's id removes it. Returns
 * false when it was already off (nothing changes). The counters the feature's own delete moves, move too.
 */
export async function hideTarget(tx: Executor, target: FlagTarget, by: number | null): Promise<boolean> {
  const now = new Date();
  switch (target.kind) {
    case "question": {
      const [row] = await tx
        .update(questions)
        .set({ deletedAt: now, deletedBy: by })
        .where(and(eq(questions.id, target.id), isNull(questions.deletedAt)))
        .returning({ id: questions.id });
      if (!row) return false;
      await moveQuestionTagCounts(tx, target.id, -1);
      return true;
    }
    case "answer": {
      const [row] = await tx
        .update(answers)
        .set({ deletedAt: now, deletedBy: by })
        .where(and(eq(answers.id, target.id), isNull(answers.deletedAt)))
        .returning({ questionId: answers.questionId });
      if (!row) return false;
      await tx
        .update(questions)
        .set({ answerCount: sql`greatest(${questions.answerCount} - 1, 0)` })
        .where(eq(questions.id, row.questionId));
      return true;
    }
    case "comment": {
      const [row] = await tx
        .update(comments)
        .set({ deletedAt: now })
        .where(and(eq(comments.id, target.id), isNull(comments.deletedAt)))
        .returning({ targetKind: comments.targetKind, targetId: comments.targetId });
      if (!row) return false;
      const table = row.targetKind === "answer" ? answers : row.targetKind === "post" ? posts : questions;
      await tx
        .update(table)
        .set({ commentCount: sql`greatest(${table.commentCount} - 1, 0)` })
        .where(eq(table.id, row.targetId));
      return true;
    }
    case "post": {
      const [row] = await tx
        .update(posts)
        .set({ deletedAt: now })
        .where(and(eq(posts.id, target.id), isNull(posts.deletedAt)))
        .returning({ id: posts.id });
      if (!row) return false;
      await movePostTagCounts(tx, target.id, -1);
      return true;
    }
  }
}

/** A moderator takes over a removal the site made pending review (questions and answers keep who did it). */
export async function confirmRemoval(tx: Executor, target: FlagTarget, by: number): Promise<void> {
  if (target.kind === "question") {
    await tx
      .update(questions)
      .set({ deletedBy: by })
      .where(and(eq(questions.id, target.id), isNotNull(questions.deletedAt), isNull(questions.deletedBy)));
  } else if (target.kind === "answer") {
    await tx
      .update(answers)
      .set({ deletedBy: by })
      .where(and(eq(answers.id, target.id), isNotNull(answers.deletedAt), isNull(answers.deletedBy)));
  }
}

/** Puts a hidden or removed item back on the site. Returns false when it was visible already. */
export async function showTarget(tx: Executor, target: FlagTarget): Promise<boolean> {
  switch (target.kind) {
    case "question": {
      const [row] = await tx
        .update(questions)
        .set({ deletedAt: null, deletedBy: null })
        .where(and(eq(questions.id, target.id), isNotNull(questions.deletedAt)))
        .returning({ id: questions.id });
      if (!row) return false;
      await moveQuestionTagCounts(tx, target.id, 1);
      return true;
    }
    case "answer": {
      const [row] = await tx
        .update(answers)
        .set({ deletedAt: null, deletedBy: null })
        .where(and(eq(answers.id, target.id), isNotNull(answers.deletedAt)))
        .returning({ questionId: answers.questionId });
      if (!row) return false;
      await tx
        .update(questions)
        .set({ answerCount: sql`${questions.answerCount} + 1` })
        .where(eq(questions.id, row.questionId));
      return true;
    }
    case "comment": {
      const [row] = await tx
        .update(comments)
        .set({ deletedAt: null })
        .where(and(eq(comments.id, target.id), isNotNull(comments.deletedAt)))
        .returning({ targetKind: comments.targetKind, targetId: comments.targetId });
      if (!row) return false;
      const table = row.targetKind === "answer" ? answers : row.targetKind === "post" ? posts : questions;
      await tx
        .update(table)
        .set({ commentCount: sql`${table.commentCount} + 1` })
        .where(eq(table.id, row.targetId));
      return true;
    }
    case "post": {
      const [row] = await tx
        .update(posts)
        .set({ deletedAt: null })
        .where(and(eq(posts.id, target.id), isNotNull(posts.deletedAt)))
        .returning({ id: posts.id });
      if (!row) return false;
      await movePostTagCounts(tx, target.id, 1);
      return true;
    }
  }
}
