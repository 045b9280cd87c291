// The landing page's data: the stack of featured posts (spec: username, headingTitle, subTitle, tags, image).
import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { posts, postTags, tags, users } from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";

export type FeaturedCard = {
  slug: string;
  username: string;
  authorName: string;
  avatarUrl: string | null;
  headingTitle: string;
  subTitle: string;
  tags: string[];
  image: string | null;
};

export async function listFeaturedCards(limit = 3): Promise<FeaturedCard[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      description: posts.description,
      coverUrl: posts.coverUrl,
      handle: users.handle,
      name: users.name,
      avatarUrl: users.avatarUrl,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(isNotNull(posts.featuredRank), isNull(posts.deletedAt)))
    .orderBy(asc(posts.featuredRank))
    .limit(limit);
  if (rows.length === 0) return [];
  const tagRows = await db
    .select({ postId: postTags.postId, name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(
      inArray(
        postTags.postId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(postTags.position));
  return rows.map((r) => ({
    slug: r.slug,
    username: r.handle,
    authorName: r.name,
    avatarUrl: r.avatarUrl,
    headingTitle: r.title,
    subTitle: r.description,
    tags: tagRows.filter((t) => t.postId === r.id).map((t) => t.name),
    image: r.coverUrl,
  }));
}
