// Questions and posts that lead to each other (ADR 043): an answer turned into a draft post that keeps its link
// back, the post page's "nasceu de uma resposta" and "Perguntas sobre este post", and the question page's "Virou
// post" / "Pergunta sobre o post" (read by the questions feature straight from the rows).
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { answers, postDrafts, posts, questions, questionTags, tags } from "#db/schema.ts";
import { TAGS_MAX } from "#app/features/tags/rules.ts";
import { notify } from "#app/features/notifications/notify.server.ts";
import { getDb } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { sanitizeRichText } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { canManage } from "./access.ts";
import { TITLE_MAX } from "./rules.ts";

/** How many questions about a post its page lists (newest first, capped in SQL). */
const QUESTIONS_ABOUT_POST_MAX = 10;

const ANSWER_POST_MESSAGES = {
  signIn: "Entre na sua conta para transformar uma resposta em post.",
  notFound: "Resposta não encontrada.",
  forbidden: "Só quem escreveu a resposta (ou a moderação) pode transformá-la em post.",
  draftNotFound: "Rascunho não encontrado.",
  onlyAuthorPublishes: "Só quem escreveu a resposta pode publicar este post.",
  alreadyPublished: "Este rascunho já virou post.",
} as const;

/** Where "Transformar em post" leads: the draft in the writer, or the post already made from the answer. */
export type AnswerPostTarget = { kind: "draft"; draftId: number } | { kind: "post"; slug: string };

/** The title of a post made from an answer: the question's, within the blog's limit. */
function postTitleFromQuestion(title: string): string {
  const chars = Array.from(title.trim());
  return chars.length <= TITLE_MAX ? chars.join("") : `${chars.slice(0, TITLE_MAX - 1).join("")}…`;
}

/**
 * Turns an answer into a draft post for the answer's author (or finds what was made of it already: one per
 * answer). The author or a moderator may; a moderator's draft still belongs to the author, who is told.
 * Deleted answers, and answers of deleted questions, are refused as not found.
 */
export async function turnAnswerIntoPost(viewer: Viewer | null, answerId: number): Promise<AnswerPostTarget> {
  if (!viewer) throw new AppError("unauthenticated", ANSWER_POST_MESSAGES.signIn);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [answer] = await tx
      .select({
        id: answers.id,
        authorId: answers.authorId,
        body: answers.body,
        questionId: questions.id,
        questionTitle: questions.title,
      })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(and(eq(answers.id, answerId), isNull(answers.deletedAt), isNull(questions.deletedAt)))
      .limit(1);
    if (!answer) throw new AppError("not_found", ANSWER_POST_MESSAGES.notFound);
    if (!canManage(viewer, answer.authorId)) throw new AppError("forbidden", ANSWER_POST_MESSAGES.forbidden);

    const [post] = await tx
      .select({ slug: posts.slug })
      .from(posts)
      .where(and(eq(posts.fromAnswerId, answer.id), isNull(posts.deletedAt)))
      .orderBy(asc(posts.id))
      .limit(1);
    if (post) return { kind: "post", slug: post.slug };

    const tagRows = await tx
      .select({ name: tags.name })
      .from(questionTags)
      .innerJoin(tags, eq(tags.id, questionTags.tagId))
      .where(eq(questionTags.questionId, answer.questionId))
      .orderBy(asc(questionTags.position), asc(tags.name))
      .limit(TAGS_MAX);
    const [created] = await tx
      .insert(postDrafts)
      .values({
        authorId: answer.authorId,
        answerId: answer.id,
        title: postTitleFromQuestion(answer.questionTitle),
        body: sanitizeRichText(answer.body),
        tagNames: tagRows.map((t) => t.name),
        createdBy: viewer.id,
      })
      .onConflictDoNothing({ target: postDrafts.answerId })
      .returning({ id: postDrafts.id });
    if (created) {
      if (viewer.id !== answer.authorId) {
        await notify(tx, {
          userId: answer.authorId,
          kind: "moderation",
          actorId: viewer.id,
          title: `A moderação transformou sua resposta em "${answer.questionTitle}" num rascunho de post.`,
          url: `/write-a-post?rascunho=${created.id}`,
        });
      }
      return { kind: "draft", draftId: created.id };
    }
    const [existing] = await tx
      .select({ id: postDrafts.id })
      .from(postDrafts)
      .where(eq(postDrafts.answerId, answer.id))
      .limit(1);
    if (!existing) throw new AppError("conflict", "Não foi possível criar o rascunho agora. Tente de novo.");
    return { kind: "draft", draftId: existing.id };
  });
}

export type PostDraft = {
  id: number;
  authorId: number;
  title: string;
  body: string;
  tags: string[];
  /** Whether the viewer may publish it (only the answer's author). */
  canPublish: boolean;
  from: { questionId: number; questionTitle: string; answerId: number };
};

/** A draft made from an answer, for its author (and the moderators, who may look but not publish). */
export async function getPostDraft(viewer: Viewer | null, draftId: number): Promise<PostDraft> {
  if (!viewer) throw new AppError("unauthenticated", "Entre na sua conta para ver este rascunho.");
  const db = await getDb();
  const [row] = await db
    .select({
      id: postDrafts.id,
      authorId: postDrafts.authorId,
      title: postDrafts.title,
      body: postDrafts.body,
      tags: postDrafts.tagNames,
      answerId: answers.id,
      questionId: questions.id,
      questionTitle: questions.title,
    })
    .from(postDrafts)
    .innerJoin(answers, eq(answers.id, postDrafts.answerId))
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(eq(postDrafts.id, draftId))
    .limit(1);
  if (!row || !canManage(viewer, row.authorId)) {
    throw new AppError("not_found", ANSWER_POST_MESSAGES.draftNotFound);
  }
  return {
    id: row.id,
    authorId: row.authorId,
    title: row.title,
    body: sanitizeRichText(row.body),
    tags: row.tags,
    canPublish: viewer.id === row.authorId,
    from: { questionId: row.questionId, questionTitle: row.questionTitle, answerId: row.answerId },
  };
}

/** Where a post came from, while the answer and its question are still visible. */
export type PostOrigin = { questionId: number; questionTitle: string; answerId: number };

/** A question about a post, as its page lists them. */
export type QuestionAboutPost = { id: number; title: string; answered: boolean; createdAt: Date };

/** The links of one post: the answer it came from, the newest questions about it and how many there are. */
export async function linksOfPost(
  postId: number,
  fromAnswerId: number | null,
): Promise<{ from: PostOrigin | null; questionsAbout: QuestionAboutPost[]; questionsAboutCount: number }> {
  const db = await getDb();
  const [origin, about, [count]] = await Promise.all([
    fromAnswerId === null
      ? Promise.resolve([])
      : db
          .select({ questionId: questions.id, questionTitle: questions.title, answerId: answers.id })
          .from(answers)
          .innerJoin(questions, eq(questions.id, answers.questionId))
          .where(and(eq(answers.id, fromAnswerId), isNull(answers.deletedAt), isNull(questions.deletedAt)))
          .limit(1),
    db
      .select({
        id: questions.id,
        title: questions.title,
        answered: sql<boolean>`(${questions.answerCount} > 0)`,
        createdAt: questions.createdAt,
      })
      .from(questions)
      .where(and(eq(questions.aboutPostId, postId), isNull(questions.deletedAt)))
      .orderBy(desc(questions.createdAt), desc(questions.id))
      .limit(QUESTIONS_ABOUT_POST_MAX),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(and(eq(questions.aboutPostId, postId), isNull(questions.deletedAt))),
  ]);
  return {
    from: origin[0] ?? null,
    questionsAbout: about.map((q) => ({ ...q, answered: Boolean(q.answered) })),
    questionsAboutCount: count?.n ?? 0,
  };
}

/** A published post a question may be about (by id or address), or null. */
export async function findPostToAskAbout(
  idOrSlug: string,
): Promise<{ id: number; slug: string; title: string } | null> {
  const db = await getDb();
  const id = /^\d{1,9}$/.test(idOrSlug) ? Number(idOrSlug) : null;
  const [row] = await db
    .select({ id: posts.id, slug: posts.slug, title: posts.title })
    .from(posts)
    .where(and(id === null ? eq(posts.slug, idOrSlug) : eq(posts.id, id), isNull(posts.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The question whose answer a post was made from (its page shows "Virou post"), or null. */
export async function questionIdOfPost(postId: number): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ questionId: answers.questionId })
    .from(posts)
    .innerJoin(answers, eq(answers.id, posts.fromAnswerId))
    .where(eq(posts.id, postId))
    .limit(1);
  return row?.questionId ?? null;
}
