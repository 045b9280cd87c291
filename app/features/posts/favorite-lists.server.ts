// The favourites page: a member's favourite posts and questions together, most recently favourited first,
// paged in SQL with their authors in the same query.
import { and, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { favorites, posts, questions, users } from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { paging, type Paged, type PostCardData } from "./lists.server.ts";

export type FavoriteItem =
  | { kind: "post"; favoritedAt: Date; post: PostCardData }
  | {
      kind: "question";
      favoritedAt: Date;
      question: {
        id: number;
        title: string;
        createdAt: Date;
        score: number;
        answerCount: number;
        authorName: string;
      };
    };

export type FavoriteKind = "post" | "question";

/** The viewer's favourite posts and questions, most recently favourited first. */
export async function listFavorites(
  viewer: Viewer,
  { page = 1, kind, perPage = 20 }: { page?: number; kind?: FavoriteKind | null; perPage?: number } = {},
): Promise<Paged<FavoriteItem>> {
  const { current, limit, offset } = paging(page, perPage);
  const db = await getDb();
  const questionAuthor = alias(users, "question_author");
  const postJoin = and(
    eq(favorites.targetKind, "post"),
    eq(posts.id, favorites.targetId),
    isNull(posts.deletedAt),
  );
  const questionJoin = and(
    eq(favorites.targetKind, "question"),
    eq(questions.id, favorites.targetId),
    isNull(questions.deletedAt),
  );
  const where = and(
    eq(favorites.userId, viewer.id),
    kind ? eq(favorites.targetKind, kind) : inArray(favorites.targetKind, ["post", "question"]),
    or(sql`${posts.id} is not null`, sql`${questions.id} is not null`),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        kind: favorites.targetKind,
        favoritedAt: favorites.createdAt,
        postId: posts.id,
        slug: posts.slug,
        title: posts.title,
        description: posts.description,
        category: posts.category,
        coverUrl: posts.coverUrl,
        createdAt: posts.createdAt,
        likeCount: posts.likeCount,
        commentCount: posts.commentCount,
        readingMinutes: posts.readingMinutes,
        authorId: users.id,
        authorHandle: users.handle,
        authorName: users.name,
        authorRoleLine: users.roleLine,
        authorAvatarUrl: users.avatarUrl,
        questionId: questions.id,
        questionTitle: questions.title,
        questionCreatedAt: questions.createdAt,
        questionScore: questions.score,
        questionAnswerCount: questions.answerCount,
        questionAuthorName: questionAuthor.name,
      })
      .from(favorites)
      .leftJoin(posts, postJoin)
      .leftJoin(users, eq(users.id, posts.authorId))
      .leftJoin(questions, questionJoin)
      .leftJoin(questionAuthor, eq(questionAuthor.id, questions.authorId))
      .where(where)
      .orderBy(desc(favorites.createdAt), desc(favorites.targetId))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(favorites)
      .leftJoin(posts, postJoin)
      .leftJoin(questions, questionJoin)
      .where(where),
  ]);
  const items: FavoriteItem[] = [];
  for (const r of rows) {
    if (r.kind === "post" && r.postId !== null && r.authorId !== null) {
      items.push({
        kind: "post",
        favoritedAt: r.favoritedAt,
        post: {
          id: r.postId,
          slug: r.slug ?? "",
          title: r.title ?? "",
          description: r.description ?? "",
          category: r.category ?? "desenvolvimento",
          coverUrl: r.coverUrl,
          createdAt: r.createdAt ?? r.favoritedAt,
          likeCount: r.likeCount ?? 0,
          commentCount: r.commentCount ?? 0,
          readingMinutes: r.readingMinutes ?? 1,
          author: {
            id: r.authorId,
            handle: r.authorHandle ?? "",
            name: r.authorName ?? "",
            roleLine: r.authorRoleLine ?? "",
            avatarUrl: r.authorAvatarUrl,
          },
          favorited: true,
        },
      });
    } else if (r.kind === "question" && r.questionId !== null) {
      items.push({
        kind: "question",
        favoritedAt: r.favoritedAt,
        question: {
          id: r.questionId,
          title: r.questionTitle ?? "",
          createdAt: r.questionCreatedAt ?? r.favoritedAt,
          score: r.questionScore ?? 0,
          answerCount: r.questionAnswerCount ?? 0,
          authorName: r.questionAuthorName ?? "",
        },
      });
    }
  }
  const total = totals?.total ?? 0;
  return { items, total, page: current, totalPages: Math.max(1, Math.ceil(total / perPage)) };
}
