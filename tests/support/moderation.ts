// Helpers for the moderation tests only (never imported by the app): content rows written straight
// to the database (the questions and posts features have their own tests of writing them), and reading back
// what a decision left behind.
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import {
  answers,
  comments,
  flags,
  moderationLog,
  notifications,
  posts,
  questions,
  questionTags,
  rateLimits,
  tags,
} from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";

const suffix = () => randomBytes(4).toString("hex");

/** A question by `author` in a fresh tag counted once (as createQuestion counts it). */
export async function questionBy(author: Viewer) {
  const db = await getDb();
  const name = `tag-${suffix()}`;
  const [tag] = await db.insert(tags).values({ name, slug: name, questionCount: 1 }).returning();
  const [question] = await db
    .insert(questions)
    .values({
      authorId: author.id,
      title: `Pergunta de teste ${suffix()}`,
      description: "<p>Uma descrição de pergunta com texto suficiente.</p>",
      details: "<p>Tentei de tudo.</p>",
    })
    .returning();
  await db.insert(questionTags).values({ questionId: question!.id, tagId: tag!.id });
  return { id: question!.id, title: question!.title, tagId: tag!.id };
}

export async function answerBy(author: Viewer, questionId: number) {
  const db = await getDb();
  const [answer] = await db
    .insert(answers)
    .values({ questionId, authorId: author.id, body: "<p>Uma resposta de teste.</p>" })
    .returning();
  await db.update(questions).set({ answerCount: 1 }).where(eq(questions.id, questionId));
  return answer!.id;
}

export async function commentBy(author: Viewer, questionId: number) {
  const db = await getDb();
  const [comment] = await db
    .insert(comments)
    .values({ targetKind: "question", targetId: questionId, authorId: author.id, body: "Compre agora!!!" })
    .returning();
  await db.update(questions).set({ commentCount: 1 }).where(eq(questions.id, questionId));
  return comment!.id;
}

export async function postBy(author: Viewer) {
  const db = await getDb();
  const slug = `post-${suffix()}`;
  const [post] = await db
    .insert(posts)
    .values({ slug, authorId: author.id, title: `Post ${slug}`, body: "<p>Texto do post.</p>" })
    .returning();
  return { id: post!.id, slug };
}

export async function postCommentBy(author: Viewer, postId: number) {
  const db = await getDb();
  const [comment] = await db
    .insert(comments)
    .values({ targetKind: "post", targetId: postId, authorId: author.id, body: "Um comentário no post." })
    .returning();
  await db.update(posts).set({ commentCount: 1 }).where(eq(posts.id, postId));
  return comment!.id;
}

export async function questionRow(id: number) {
  const [row] = await (await getDb()).select().from(questions).where(eq(questions.id, id));
  return row!;
}

export async function tagQuestionCount(tagId: number) {
  const [row] = await (await getDb()).select().from(tags).where(eq(tags.id, tagId));
  return row!.questionCount;
}

export async function flagsOn(kind: "question" | "answer" | "comment" | "post", id: number) {
  return (await getDb())
    .select()
    .from(flags)
    .where(and(eq(flags.targetKind, kind), eq(flags.targetId, id)))
    .orderBy(flags.id);
}

export async function moderationNotices(userId: number) {
  return (await getDb())
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "moderation")))
    .orderBy(desc(notifications.id));
}

export async function logFor(targetKind: string, targetId: number) {
  return (await getDb())
    .select()
    .from(moderationLog)
    .where(and(eq(moderationLog.targetKind, targetKind), eq(moderationLog.targetId, targetId)))
    .orderBy(moderationLog.id);
}

/** Forgets a member's daily flag counter (fixtures flag more than a day's worth). */
export async function resetFlagLimit(viewer: Viewer) {
  await (await getDb()).delete(rateLimits).where(eq(rateLimits.key, `flag:member:${viewer.id}`));
}
