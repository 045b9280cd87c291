// Members following tags (the `tag_follows` table): the tag pages' Seguir, the questions filter
// 'Minhas Tags seguidas' and the blog's Para Você read them.
import { and, asc, count, eq } from "drizzle-orm";
import { tagFollows, tags } from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { requireMember } from "#app/lib/permissions.ts";
import type { Viewer } from "#app/lib/viewer.ts";

const SIGN_IN_TO_FOLLOW = "Entre na sua conta para seguir tags.";

export async function followTag(viewer: Viewer | null, tagId: number): Promise<boolean> {
  const member = requireMember(viewer, SIGN_IN_TO_FOLLOW);
  const db = await getDb();
  const [tag] = await db.select({ id: tags.id }).from(tags).where(eq(tags.id, tagId)).limit(1);
  if (!tag) throw new AppError("not_found", "Tag não encontrada.", { field: "tagId" });
  const inserted = await db
    .insert(tagFollows)
    .values({ userId: member.id, tagId })
    .onConflictDoNothing()
    .returning({ tagId: tagFollows.tagId });
  return inserted.length > 0;
}

export async function unfollowTag(viewer: Viewer | null, tagId: number): Promise<boolean> {
  const member = requireMember(viewer, SIGN_IN_TO_FOLLOW);
  const db = await getDb();
  const deleted = await db
    .delete(tagFollows)
    .where(and(eq(tagFollows.userId, member.id), eq(tagFollows.tagId, tagId)))
    .returning({ tagId: tagFollows.tagId });
  return deleted.length > 0;
}

/** Whether the viewer follows the tag, and how many members do. */
export async function tagFollowState(viewer: Viewer | null, tagId: number) {
  const db = await getDb();
  const [[followers], mine] = await Promise.all([
    db.select({ n: count() }).from(tagFollows).where(eq(tagFollows.tagId, tagId)),
    viewer
      ? db
          .select({ tagId: tagFollows.tagId })
          .from(tagFollows)
          .where(and(eq(tagFollows.userId, viewer.id), eq(tagFollows.tagId, tagId)))
      : Promise.resolve([]),
  ]);
  return { following: mine.length > 0, followers: Number(followers?.n ?? 0) };
}

/** The tags a member follows, by name. */
export async function followedTags(userId: number) {
  const db = await getDb();
  return db
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(tagFollows)
    .innerJoin(tags, eq(tags.id, tagFollows.tagId))
    .where(eq(tagFollows.userId, userId))
    .orderBy(asc(tags.name));
}
