// A member's favourite questions: the star on the question page.
import { and, eq, sql } from "drizzle-orm";
import { favorites } from "#db/schema.ts";
import { getDb, preparedQuery } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { QUESTION_MESSAGES } from "./messages.ts";
import { requireMember } from "#app/lib/permissions.ts";

/**
 * Adds or removes the question from the viewer's favourites. Returns whether it is now a favourite.
 *
 * One statement: the question's row is locked, the favourite removed or added and the count moved together,
 * as a transaction would, but in one trip to the database instead of five. On the embedded database a
 * transaction holds every other request's queries while its statements go back and forth (ADR 068).
 */
export async function toggleFavorite(viewer: Viewer | null, questionId: number): Promise<boolean> {
  const member = requireMember(viewer);
  const db = await getDb();
  const { rows } = await db.execute<{ found: boolean; favorite: boolean }>(sql`
    with target as (
      select id from questions where id = ${questionId} and deleted_at is null for update
    ), removed as (
      delete from favorites
      where user_id = ${member.id} and target_kind = 'question' and target_id in (select id from target)
      returning 1
    ), added as (
      insert into favorites (user_id, target_kind, target_id)
      select ${member.id}, 'question', id from target where not exists (select 1 from removed)
      on conflict do nothing
      returning 1
    ), counted as (
      update questions set favorite_count = greatest(favorite_count
        + (select count(*) from added) - (select count(*) from removed), 0)
      where id in (select id from target) and exists (select 1 from added union all select 1 from removed)
      returning 1
    )
    select exists (select 1 from target) as found,
      not exists (select 1 from removed) as favorite`);
  const [outcome] = rows;
  if (!outcome?.found) throw new AppError("not_found", QUESTION_MESSAGES.questionNotFound);
  return Boolean(outcome.favorite);
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
