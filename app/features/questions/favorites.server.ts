// A member's favourite questions: the star on the question page.
import { and, eq, sql } from "drizzle-orm";
import { favorites, questions } from "#db/schema.ts";
import { getDb, preparedQuery } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { QUESTION_MESSAGES } from "./messages.ts";
import { requireMember } from "#app/lib/permissions.ts";

/** Adds or removes the question from the viewer's favourites. Returns whether it is now a favourite. */
export async function toggleFavorite(viewer: Viewer | null, questionId: number): Promise<boolean> {
  const member = requireMember(viewer);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [question] = await tx
      .select({ deletedAt: questions.deletedAt })
      .from(questions)
      .where(eq(questions.id, questionId))
      .for("update");
    if (!question || question.deletedAt) throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);
    const key = and(
      eq(favorites.userId, member.id),
      eq(favorites.targetKind, "question"),
      eq(favorites.targetId, questionId),
    );
    const removed = await tx.delete(favorites).where(key).returning({ userId: favorites.userId });
    if (removed.length) {
      await tx
        .update(questions)
        .set({ favoriteCount: sql`greatest(${questions.favoriteCount} - 1, 0)` })
        .where(eq(questions.id, questionId));
      return false;
    }
    await tx.insert(favorites).values({ userId: member.id, targetKind: "question", targetId: questionId });
    await tx
      .update(questions)
      .set({ favoriteCount: sql`${questions.favoriteCount} + 1` })
      .where(eq(questions.id, questionId));
    return true;
  });
}

const favoriteQuestion = preparedQuery((db) =>
  db
    .select({ one: sql`1` })
    .from(favorites)
    .where(
      and(
        eq(favorites.userId, sql.placeholder("userId")),
        eq(favorites.targetKind, "question"),
        eq(favorites.targetId, sql.placeholder("questionId")),
      ),
    )
    .limit(1)
    .prepare("favorite_question"),
);

export async function isFavorite(viewer: Viewer | null, questionId: number): Promise<boolean> {
  if (!viewer) return false;
  const [row] = await favoriteQuestion({ userId: viewer.id, questionId });
  return Boolean(row);
}
