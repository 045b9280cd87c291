// Likes (one per member per post) and favourites of posts. Each toggle and its counter change in one
// transaction; the primary keys make a repeated or concurrent request count once.
import { and, eq, isNull, sql } from "drizzle-orm";
import { favorites, postLikes, posts } from "#db/schema.ts";
// The notifications feature's public `notify` and `withdrawNotice`, called inside the like's transaction.
import { notify, withdrawNotice } from "#app/features/notifications/notify.server.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { href } from "react-router";

async function livePost(tx: Executor, postId: number) {
  const [post] = await tx
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      authorId: posts.authorId,
      likeCount: posts.likeCount,
      favoriteCount: posts.favoriteCount,
    })
    .from(posts)
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .limit(1);
  if (!post) throw new AppError("not_found", "Post não encontrado.");
  return post;
}

/** Likes (`liked` true) or un-likes the post for the viewer. Returns the new state and the exact count. */
export async function setPostLike(
  viewer: Viewer | null,
  postId: number,
  liked: boolean,
): Promise<{ liked: boolean; likeCount: number }> {
  if (!viewer) throw new AppError("unauthenticated", "Entre na sua conta para curtir posts.");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const post = await livePost(tx, postId);
    const changed = liked
      ? await tx
          .insert(postLikes)
          .values({ userId: viewer.id, postId })
          .onConflictDoNothing()
          .returning({ postId: postLikes.postId })
      : await tx
          .delete(postLikes)
          .where(and(eq(postLikes.userId, viewer.id), eq(postLikes.postId, postId)))
          .returning({ postId: postLikes.postId });
    if (changed.length === 0) return { liked, likeCount: post.likeCount };
    const [updated] = await tx
      .update(posts)
      .set({ likeCount: sql`${posts.likeCount} + ${liked ? 1 : -1}` })
      .where(eq(posts.id, postId))
      .returning({ likeCount: posts.likeCount });
    if (liked) {
      await notify(tx, {
        userId: post.authorId,
        kind: "like",
        actorId: viewer.id,
        title: `${viewer.name} curtiu seu post "${post.title}"`,
        url: href("/blog/:slug", { slug: post.slug }),
        groupKey: `like:post:${post.id}`,
        groupedTitle: `{n} pessoas curtiram seu post "${post.title}"`,
      });
    } else {
      // Taken back before the author read it: so is its notice (liking again tells once more, not twice).
      await withdrawNotice(tx, {
        userId: post.authorId,
        groupKey: `like:post:${post.id}`,
        actorId: viewer.id,
      });
    }
    return { liked, likeCount: updated?.likeCount ?? post.likeCount };
  });
}

/** Adds the post to the viewer's favourites (or removes it). Returns the new state and the post's count. */
export async function setPostFavorite(
  viewer: Viewer | null,
  postId: number,
  favorite: boolean,
): Promise<{ favorited: boolean; favoriteCount: number }> {
  if (!viewer) throw new AppError("unauthenticated", "Entre na sua conta para favoritar posts.");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const post = await livePost(tx, postId);
    const mine = and(
      eq(favorites.userId, viewer.id),
      eq(favorites.targetKind, "post"),
      eq(favorites.targetId, postId),
    );
    const changed = favorite
      ? await tx
          .insert(favorites)
          .values({ userId: viewer.id, targetKind: "post", targetId: postId })
          .onConflictDoNothing()
          .returning({ targetId: favorites.targetId })
      : await tx.delete(favorites).where(mine).returning({ targetId: favorites.targetId });
    if (changed.length === 0) return { favorited: favorite, favoriteCount: post.favoriteCount };
    const [updated] = await tx
      .update(posts)
      .set({ favoriteCount: sql`greatest(${posts.favoriteCount} + ${favorite ? 1 : -1}, 0)` })
      .where(eq(posts.id, postId))
      .returning({ favoriteCount: posts.favoriteCount });
    return { favorited: favorite, favoriteCount: updated?.favoriteCount ?? post.favoriteCount };
  });
}
