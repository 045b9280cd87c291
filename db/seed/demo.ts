// The demo community (members, tags, the spec's six questions, 24 blog posts, votes, likes, comments and
// follows), written into an empty database in one transaction with one multi-row insert per table.
import { sql } from "drizzle-orm";
import type { Database } from "../../app/lib/db.server.ts";
import {
  answers,
  comments,
  favorites,
  follows,
  postLikes,
  posts,
  postTags,
  questions,
  questionTags,
  reputationEvents,
  revisions,
  tagFollows,
  tags,
  users,
  votes,
} from "../schema.ts";
import { planDemo, type DemoPlan, type PlannedTarget } from "./plan.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Taken while seeding, so two app servers starting together on one PostgreSQL do not both seed. */
const SEED_LOCK = 4_242_002;

/** Seeds the spec's sample content into an empty database (no row in users). Returns whether it seeded. */
export async function seedDemoIfEmpty(db: Database, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`select pg_advisory_xact_lock(${SEED_LOCK})`));
    const [anyone] = await tx.select({ id: users.id }).from(users).limit(1);
    if (anyone) return false;
    await insertDemo(tx, planDemo(now));
    return true;
  });
}

function required<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo seed: no ${what} for ${String(key)}`);
  return value;
}

async function insertDemo(tx: Transaction, plan: DemoPlan) {
  const memberRows = await tx
    .insert(users)
    .values(
      plan.members.map((m) => ({
        handle: m.handle,
        name: m.name,
        email: m.email,
        emailVerifiedAt: m.createdAt,
        passwordHash: null,
        roleLine: m.roleLine,
        bio: m.bio,
        avatarUrl: null,
        reputation: m.reputation,
        trustedReputation: m.reputation,
        createdAt: m.createdAt,
        lastActiveAt: m.lastActiveAt,
      })),
    )
    .returning({ id: users.id, handle: users.handle });
  const memberIds = new Map(memberRows.map((r) => [r.handle, r.id]));
  const memberId = (handle: string) => required(memberIds, handle, "member");

  const tagRows = await tx.insert(tags).values(plan.tags).returning({ id: tags.id, name: tags.name });
  const tagIds = new Map(tagRows.map((r) => [r.name, r.id]));
  const tagId = (name: string) => required(tagIds, name, "tag");

  // The spec's questions keep their ids 1 to 6; the sequence then continues at 7.
  await tx.insert(questions).values(
    plan.questions.map((q) => ({
      id: q.id,
      authorId: memberId(q.author),
      title: q.title,
      description: q.description,
      details: q.details,
      score: q.score,
      answerCount: q.answerCount,
      commentCount: q.commentCount,
      viewCount: q.viewCount,
      favoriteCount: q.favoriteCount,
      createdAt: q.createdAt,
      lastActivityAt: q.lastActivityAt,
    })),
  );
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('questions', 'id'), (select max(id) from questions))`,
  );
  await tx
    .insert(questionTags)
    .values(
      plan.questions.flatMap((q) =>
        q.tags.map((name, position) => ({ questionId: q.id, tagId: tagId(name), position })),
      ),
    );

  const answerRows = plan.answers.length
    ? await tx
        .insert(answers)
        .values(
          plan.answers.map((a) => ({
            questionId: a.questionId,
            authorId: memberId(a.author),
            body: a.body,
            score: a.score,
            createdAt: a.createdAt,
          })),
        )
        .returning({ id: answers.id, questionId: answers.questionId })
    : [];
  const answerIds = new Map(answerRows.map((r) => [r.questionId, r.id]));
  const targetId = (target: PlannedTarget) =>
    target.kind === "question" ? target.questionId : required(answerIds, target.questionId, "answer");

  await tx.insert(revisions).values([
    ...plan.questions.map((q) => ({
      targetKind: "question" as const,
      targetId: q.id,
      editorId: memberId(q.author),
      title: q.title,
      body: q.description,
      details: q.details,
      tags: q.tags,
      createdAt: q.createdAt,
    })),
    ...plan.answers.map((a) => ({
      targetKind: "answer" as const,
      targetId: required(answerIds, a.questionId, "answer"),
      editorId: memberId(a.author),
      body: a.body,
      createdAt: a.createdAt,
    })),
  ]);

  if (plan.votes.length) {
    await tx.insert(votes).values(
      plan.votes.map((v) => ({
        userId: memberId(v.voter),
        targetKind: v.target.kind,
        targetId: targetId(v.target),
        value: v.value,
        createdAt: v.createdAt,
      })),
    );
    await tx.insert(reputationEvents).values(
      plan.reputationEvents.map((e) => ({
        userId: memberId(e.member),
        delta: e.delta,
        reason: e.reason,
        targetKind: e.target?.kind ?? null,
        targetId: e.target ? targetId(e.target) : null,
        createdAt: e.createdAt,
      })),
    );
  }
  if (plan.comments.length) {
    await tx.insert(comments).values(
      plan.comments.map((c) => ({
        targetKind: c.target.kind,
        targetId: targetId(c.target),
        authorId: memberId(c.author),
        body: c.body,
        createdAt: c.createdAt,
      })),
    );
  }

  const postRows = await tx
    .insert(posts)
    .values(
      plan.posts.map((p) => ({
        slug: p.slug,
        authorId: memberId(p.author),
        title: p.title,
        description: p.description,
        body: p.body,
        category: p.category,
        coverUrl: p.coverUrl,
        featuredRank: p.featuredRank,
        likeCount: p.likeCount,
        commentCount: p.commentCount,
        favoriteCount: p.favoriteCount,
        readingMinutes: p.readingMinutes,
        createdAt: p.createdAt,
      })),
    )
    .returning({ id: posts.id, slug: posts.slug });
  const postIds = new Map(postRows.map((r) => [r.slug, r.id]));
  const postId = (slug: string) => required(postIds, slug, "post");

  await tx
    .insert(postTags)
    .values(
      plan.posts.flatMap((p) =>
        p.tags.map((name, position) => ({ postId: postId(p.slug), tagId: tagId(name), position })),
      ),
    );
  await tx
    .insert(postLikes)
    .values(
      plan.posts.flatMap((p) =>
        p.likes.map((l) => ({ userId: memberId(l.member), postId: postId(p.slug), createdAt: l.createdAt })),
      ),
    );

  // Top-level comments first; replies then point at them. A comment is found again by post, author and time.
  const commentKey = (post: number, author: number, at: Date) => `${post}:${author}:${at.getTime()}`;
  const topLevel = plan.posts.flatMap((p) => p.comments.map((c) => ({ post: p, comment: c })));
  const commentRows = topLevel.length
    ? await tx
        .insert(comments)
        .values(
          topLevel.map(({ post, comment }) => ({
            targetKind: "post" as const,
            targetId: postId(post.slug),
            authorId: memberId(comment.author),
            body: comment.body,
            createdAt: comment.createdAt,
          })),
        )
        .returning({
          id: comments.id,
          postId: comments.targetId,
          authorId: comments.authorId,
          createdAt: comments.createdAt,
        })
    : [];
  const commentIds = new Map(commentRows.map((r) => [commentKey(r.postId, r.authorId, r.createdAt), r.id]));
  const replies = topLevel.flatMap(({ post, comment }) => {
    const parentId = required(
      commentIds,
      commentKey(postId(post.slug), memberId(comment.author), comment.createdAt),
      "comment",
    );
    return comment.replies.map((r) => ({
      targetKind: "post" as const,
      targetId: postId(post.slug),
      parentId,
      authorId: memberId(r.author),
      body: r.body,
      createdAt: r.createdAt,
    }));
  });
  if (replies.length) await tx.insert(comments).values(replies);

  if (plan.favorites.length) {
    await tx.insert(favorites).values(
      plan.favorites.map((f) => ({
        userId: memberId(f.member),
        targetKind: f.target.kind,
        targetId: f.target.kind === "question" ? f.target.questionId : postId(f.target.slug),
        createdAt: f.createdAt,
      })),
    );
  }
  await tx.insert(follows).values(
    plan.follows.map((f) => ({
      followerId: memberId(f.follower),
      followeeId: memberId(f.followee),
      createdAt: f.createdAt,
    })),
  );
  await tx.insert(tagFollows).values(
    plan.tagFollows.map((f) => ({
      userId: memberId(f.member),
      tagId: tagId(f.tag),
      createdAt: f.createdAt,
    })),
  );
}
