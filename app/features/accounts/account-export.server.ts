// The export of a member's data (LGPD art. 18, portability): everything the site keeps about them, as one JSON
// document served by /configuracoes/exportar.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  accessTokens,
  accountProviders,
  answers,
  comments,
  favorites,
  follows,
  memberDrafts,
  notificationPreferences,
  postLikes,
  posts,
  questions,
  reputationEvents,
  savedFilters,
  sessions,
  tagFollows,
  tags,
  uploads,
  users,
  votes,
} from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
// The newsletter keeps the member's subscription (its public function).
import { subscriptionOf } from "#app/features/newsletter/newsletter.server.ts";
import { requireMember } from "#app/lib/permissions.ts";

/** Everything the site keeps about the member, as one JSON document (LGPD art. 18, portability). */
export async function exportAccountData(viewer: Viewer | null) {
  const member = requireMember(viewer);
  const db = await getDb();
  const id = member.id;
  const [account] = await db
    .select({
      id: users.id,
      handle: users.handle,
      name: users.name,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      role: users.role,
      roleLine: users.roleLine,
      bio: users.bio,
      avatarUrl: users.avatarUrl,
      reputation: users.reputation,
      weeklyDigest: users.weeklyDigest,
      createdAt: users.createdAt,
      lastActiveAt: users.lastActiveAt,
    })
    .from(users)
    .where(eq(users.id, id));
  const [
    sessionRows,
    questionRows,
    answerRows,
    commentRows,
    postRows,
    postCommentRows,
    voteRows,
    likeRows,
    favoriteRows,
    followingRows,
    followerRows,
    tagRows,
    filterRows,
    preferenceRows,
    reputationRows,
    uploadRows,
    accessTokenRows,
    providerRows,
    newsletterRow,
    draftRows,
  ] = await Promise.all([
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, id)),
    db
      .select({
        id: questions.id,
        title: questions.title,
        description: questions.description,
        details: questions.details,
        score: questions.score,
        createdAt: questions.createdAt,
        updatedAt: questions.updatedAt,
        deletedAt: questions.deletedAt,
      })
      .from(questions)
      .where(eq(questions.authorId, id))
      .orderBy(questions.id),
    db
      .select({
        id: answers.id,
        questionId: answers.questionId,
        body: answers.body,
        score: answers.score,
        createdAt: answers.createdAt,
        updatedAt: answers.updatedAt,
        deletedAt: answers.deletedAt,
      })
      .from(answers)
      .where(eq(answers.authorId, id))
      .orderBy(answers.id),
    db
      .select({
        id: comments.id,
        targetKind: comments.targetKind,
        targetId: comments.targetId,
        body: comments.body,
        createdAt: comments.createdAt,
        deletedAt: comments.deletedAt,
      })
      .from(comments)
      .where(and(eq(comments.authorId, id), inArray(comments.targetKind, ["question", "answer"])))
      .orderBy(comments.id),
    db
      .select({
        id: posts.id,
        slug: posts.slug,
        title: posts.title,
        description: posts.description,
        body: posts.body,
        category: posts.category,
        coverUrl: posts.coverUrl,
        createdAt: posts.createdAt,
        updatedAt: posts.updatedAt,
        deletedAt: posts.deletedAt,
      })
      .from(posts)
      .where(eq(posts.authorId, id))
      .orderBy(posts.id),
    db
      .select({
        id: comments.id,
        postId: comments.targetId,
        parentId: comments.parentId,
        body: comments.body,
        createdAt: comments.createdAt,
        deletedAt: comments.deletedAt,
      })
      .from(comments)
      .where(and(eq(comments.authorId, id), eq(comments.targetKind, "post")))
      .orderBy(comments.id),
    db
      .select({
        targetKind: votes.targetKind,
        targetId: votes.targetId,
        value: votes.value,
        createdAt: votes.createdAt,
      })
      .from(votes)
      .where(eq(votes.userId, id)),
    db
      .select({ postId: postLikes.postId, createdAt: postLikes.createdAt })
      .from(postLikes)
      .where(eq(postLikes.userId, id)),
    db
      .select({
        targetKind: favorites.targetKind,
        targetId: favorites.targetId,
        createdAt: favorites.createdAt,
      })
      .from(favorites)
      .where(eq(favorites.userId, id)),
    db
      .select({ handle: users.handle, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followeeId))
      .where(eq(follows.followerId, id)),
    db
      .select({ handle: users.handle, since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(eq(follows.followeeId, id)),
    db
      .select({ tag: tags.name, since: tagFollows.createdAt })
      .from(tagFollows)
      .innerJoin(tags, eq(tags.id, tagFollows.tagId))
      .where(eq(tagFollows.userId, id)),
    db
      .select({ name: savedFilters.name, query: savedFilters.query, createdAt: savedFilters.createdAt })
      .from(savedFilters)
      .where(eq(savedFilters.userId, id)),
    db
      .select({ kind: notificationPreferences.kind, byEmail: notificationPreferences.byEmail })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, id)),
    db
      .select({
        delta: reputationEvents.delta,
        reason: reputationEvents.reason,
        targetKind: reputationEvents.targetKind,
        targetId: reputationEvents.targetId,
        createdAt: reputationEvents.createdAt,
      })
      .from(reputationEvents)
      .where(eq(reputationEvents.userId, id))
      .orderBy(reputationEvents.id),
    db
      .select({ key: uploads.key, mime: uploads.mime, bytes: uploads.bytes, createdAt: uploads.createdAt })
      .from(uploads)
      .where(eq(uploads.ownerId, id)),
    // Personal access tokens: what identifies each one to its owner, never its hash.
    db
      .select({
        id: accessTokens.id,
        name: accessTokens.name,
        prefix: accessTokens.prefix,
        scopes: accessTokens.scopes,
        createdAt: accessTokens.createdAt,
        lastUsedAt: accessTokens.lastUsedAt,
        revokedAt: accessTokens.revokedAt,
      })
      .from(accessTokens)
      .where(eq(accessTokens.userId, id))
      .orderBy(accessTokens.id),
    // Sign-in providers: which, with what e-mail, since when. No provider token is ever stored.
    db
      .select({
        provider: accountProviders.provider,
        email: accountProviders.email,
        linkedAt: accountProviders.linkedAt,
      })
      .from(accountProviders)
      .where(eq(accountProviders.userId, id))
      .orderBy(accountProviders.linkedAt),
    // The newsletter is kept by address, not by account: the subscription of the account's address.
    subscriptionOf(account?.email ?? member.email),
    // Drafts kept on the server (ADR 062): the ones not yet published or discarded.
    db
      .select({
        key: memberDrafts.key,
        kind: memberDrafts.kind,
        questionId: memberDrafts.questionId,
        title: memberDrafts.title,
        fields: memberDrafts.fields,
        updatedAt: memberDrafts.updatedAt,
      })
      .from(memberDrafts)
      .where(and(eq(memberDrafts.userId, id), sql`${memberDrafts.fields} ->> '_id' is not null`))
      .orderBy(desc(memberDrafts.updatedAt)),
  ]);
  return {
    format: "suporte-de-domingo/account-export@1",
    exportedAt: new Date().toISOString(),
    account,
    sessions: sessionRows,
    questions: questionRows,
    answers: answerRows,
    comments: commentRows,
    posts: postRows,
    postComments: postCommentRows,
    votes: voteRows,
    postLikes: likeRows,
    favorites: favoriteRows,
    following: followingRows,
    followers: followerRows,
    followedTags: tagRows,
    savedFilters: filterRows,
    notificationPreferences: preferenceRows,
    reputation: reputationRows,
    uploads: uploadRows,
    accessTokens: accessTokenRows,
    signInProviders: providerRows,
    newsletter: newsletterRow,
    // The fields as the forms keep them, without the draft's bookkeeping (its id, the ids that went).
    drafts: draftRows.map(({ fields, ...draft }) => ({
      ...draft,
      fields: Object.fromEntries(Object.entries(fields).filter(([name]) => !name.startsWith("_"))),
    })),
  };
}
