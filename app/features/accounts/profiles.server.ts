// Public profiles (/u/{handle}): who the member is, their numbers, and their questions, answers and posts.
// These are plain reads of the shared schema (questions, answers, posts, follows), paginated in SQL.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { answers, posts, questions, users } from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import type { Role } from "#app/lib/viewer.ts";
import { isRemovedEmail } from "#app/lib/removed-members.server.ts";

export const PROFILE_PAGE_SIZE = 10;

type Profile = {
  id: number;
  handle: string;
  name: string;
  roleLine: string;
  bio: string;
  avatarUrl: string | null;
  role: Role;
  reputation: number;
  verified: boolean;
  memberSince: Date;
  lastActiveAt: Date;
  counts: { questions: number; answers: number; posts: number; followers: number; following: number };
};

export type ProfileLookup =
  { status: "found"; profile: Profile } | { status: "removed" } | { status: "missing" };

/** The profile behind a handle (any case), with its counts, in one query. */
export async function getProfile(handle: string): Promise<ProfileLookup> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      handle: users.handle,
      name: users.name,
      email: users.email,
      roleLine: users.roleLine,
      bio: users.bio,
      avatarUrl: users.avatarUrl,
      role: users.role,
      reputation: users.reputation,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      lastActiveAt: users.lastActiveAt,
      // Written with qualified names: a one-table select prints bare column names inside subqueries.
      questions:
        sql<number>`(select count(*) from "questions" q where q."author_id" = "users"."id" and q."deleted_at" is null)`.mapWith(
          Number,
        ),
      // The answers list leaves out answers to removed questions: so does its count.
      answers:
        sql<number>`(select count(*) from "answers" a join "questions" q on q."id" = a."question_id" where a."author_id" = "users"."id" and a."deleted_at" is null and q."deleted_at" is null)`.mapWith(
          Number,
        ),
      posts:
        sql<number>`(select count(*) from "posts" p where p."author_id" = "users"."id" and p."deleted_at" is null)`.mapWith(
          Number,
        ),
      followers: sql<number>`(select count(*) from "follows" f where f."followee_id" = "users"."id")`.mapWith(
        Number,
      ),
      following: sql<number>`(select count(*) from "follows" f where f."follower_id" = "users"."id")`.mapWith(
        Number,
      ),
    })
    .from(users)
    .where(eq(sql`lower(${users.handle})`, handle.toLowerCase()))
    .limit(1);
  if (!row) return { status: "missing" };
  if (isRemovedEmail(row.email)) return { status: "removed" };
  return {
    status: "found",
    profile: {
      id: row.id,
      handle: row.handle,
      name: row.name,
      roleLine: row.roleLine,
      bio: row.bio,
      avatarUrl: row.avatarUrl,
      role: row.role,
      reputation: row.reputation,
      verified: row.emailVerifiedAt !== null,
      memberSince: row.createdAt,
      lastActiveAt: row.lastActiveAt,
      counts: {
        questions: row.questions,
        answers: row.answers,
        posts: row.posts,
        followers: row.followers,
        following: row.following,
      },
    },
  };
}

const offsetOf = (page: number) => (Math.max(1, Math.floor(page)) - 1) * PROFILE_PAGE_SIZE;

export type ProfileQuestion = {
  id: number;
  title: string;
  score: number;
  answerCount: number;
  accepted: boolean;
  createdAt: Date;
};

/** The member's questions, newest first (questions_author_idx). */
export async function listProfileQuestions(userId: number, page: number): Promise<ProfileQuestion[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: questions.id,
      title: questions.title,
      score: questions.score,
      answerCount: questions.answerCount,
      acceptedAnswerId: questions.acceptedAnswerId,
      createdAt: questions.createdAt,
    })
    .from(questions)
    .where(and(eq(questions.authorId, userId), isNull(questions.deletedAt)))
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .limit(PROFILE_PAGE_SIZE)
    .offset(offsetOf(page));
  return rows.map(({ acceptedAnswerId, ...row }) => ({ ...row, accepted: acceptedAnswerId !== null }));
}

export type ProfileAnswer = {
  id: number;
  questionId: number;
  questionTitle: string;
  score: number;
  accepted: boolean;
  createdAt: Date;
};

/** The member's answers with their question's title, newest first (answers_author_idx). */
export async function listProfileAnswers(userId: number, page: number): Promise<ProfileAnswer[]> {
  const db = await getDb();
  return db
    .select({
      id: answers.id,
      questionId: answers.questionId,
      questionTitle: questions.title,
      score: answers.score,
      accepted: sql<boolean>`${questions.acceptedAnswerId} is not distinct from ${answers.id}`,
      createdAt: answers.createdAt,
    })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .where(and(eq(answers.authorId, userId), isNull(answers.deletedAt), isNull(questions.deletedAt)))
    .orderBy(desc(answers.createdAt), desc(answers.id))
    .limit(PROFILE_PAGE_SIZE)
    .offset(offsetOf(page));
}

export type ProfilePost = {
  id: number;
  slug: string;
  title: string;
  description: string;
  likeCount: number;
  commentCount: number;
  createdAt: Date;
};

/** The member's blog posts, newest first (posts_author_idx). */
export async function listProfilePosts(userId: number, page: number): Promise<ProfilePost[]> {
  const db = await getDb();
  return db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      description: posts.description,
      likeCount: posts.likeCount,
      commentCount: posts.commentCount,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .where(and(eq(posts.authorId, userId), isNull(posts.deletedAt)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(PROFILE_PAGE_SIZE)
    .offset(offsetOf(page));
}
