// What every query about questions shares: the author's columns, the open-bounty condition and the tags of
// some questions in their chosen order (the list, the question page and the answers use them).
import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { questions, questionTags, tags, users } from "#db/schema.ts";
import { isAnyOf, preparedQuery } from "#app/lib/db.server.ts";

export type TagLink = { name: string; slug: string };

export type AuthorSummary = {
  id: number;
  handle: string;
  name: string;
  roleLine: string;
  avatarUrl: string | null;
  reputation: number;
  /** Badges held, by tier (app/features/badges). */
  goldBadges: number;
  silverBadges: number;
  bronzeBadges: number;
};

export const authorColumns = {
  id: users.id,
  handle: users.handle,
  name: users.name,
  roleLine: users.roleLine,
  avatarUrl: users.avatarUrl,
  reputation: users.reputation,
  goldBadges: users.goldBadges,
  silverBadges: users.silverBadges,
  bronzeBadges: users.bronzeBadges,
};

/** An open bounty: offered, not awarded (awarding clears it) and not expired. */
export const openBounty = and(isNotNull(questions.bountyAmount), gt(questions.bountyExpiresAt, sql`now()`));

const tagsOfQuestionIds = preparedQuery((db) =>
  db
    .select({ questionId: questionTags.questionId, name: tags.name, slug: tags.slug })
    .from(questionTags)
    .innerJoin(tags, eq(tags.id, questionTags.tagId))
    .where(isAnyOf(questionTags.questionId, "ids"))
    .orderBy(asc(questionTags.questionId), asc(questionTags.position), asc(tags.name))
    .prepare("tags_of_questions"),
);

/** Tags of some questions, in their chosen order, in one query. */
export async function tagsOfQuestions(ids: number[]): Promise<Map<number, TagLink[]>> {
  const map = new Map<number, TagLink[]>();
  if (!ids.length) return map;
  const rows = await tagsOfQuestionIds({ ids });
  for (const row of rows) {
    const list = map.get(row.questionId) ?? [];
    list.push({ name: row.name, slug: row.slug });
    map.set(row.questionId, list);
  }
  return map;
}
