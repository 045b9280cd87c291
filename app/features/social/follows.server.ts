// Members following members (the `follows` table): the Seguir buttons of the blog and of question authors,
// the blog's 'Quem Seguir' column and the members page. One row per pair, so following twice is harmless.
import { and, count, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { follows, users } from "#db/schema.ts";
// The notifications feature's public `notify`, called inside the follow's transaction.
import { notify } from "#app/features/notifications/notify.server.ts";
// Removed accounts stay in `users` (accounts' ADR 010); lists of people leave them out.
import { activeMembersOnly } from "#app/lib/removed-members.server.ts";
import { getDb, isAnyOf, preparedQuery } from "#app/lib/db.server.ts";
import { shortCache } from "#app/lib/short-cache.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { requireMember } from "#app/lib/permissions.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { href } from "react-router";

export type MemberSummary = {
  id: number;
  handle: string;
  name: string;
  roleLine: string;
  avatarUrl: string | null;
};

export type MemberListItem = MemberSummary & { bio: string; following: boolean; followerCount: number };

const summaryColumns = {
  id: users.id,
  handle: users.handle,
  name: users.name,
  roleLine: users.roleLine,
  avatarUrl: users.avatarUrl,
};

const SIGN_IN_TO_FOLLOW = "Entre na sua conta para seguir outros membros.";

async function assertFollowable(viewer: Viewer, userId: number) {
  if (userId === viewer.id) {
    throw new AppError("validation", "Você não pode seguir a si mesmo.", { field: "userId" });
  }
  const db = await getDb();
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!target) throw new AppError("not_found", "Membro não encontrado.", { field: "userId" });
}

/** The viewer follows `userId`. Returns whether a new follow was recorded (false when already following). */
export async function follow(viewer: Viewer | null, userId: number): Promise<boolean> {
  const member = requireMember(viewer, SIGN_IN_TO_FOLLOW);
  await assertFollowable(member, userId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(follows)
      .values({ followerId: member.id, followeeId: userId })
      .onConflictDoNothing()
      .returning({ followeeId: follows.followeeId });
    if (inserted.length === 0) return false;
    await notify(tx, {
      userId,
      kind: "follower",
      actorId: member.id,
      title: `${member.name} começou a seguir você`,
      url: href("/u/:handle", { handle: member.handle }),
      groupKey: "follower",
      groupedTitle: "{n} pessoas começaram a seguir você",
    });
    return true;
  });
}

/** The viewer stops following `userId`. Returns whether a follow was removed. */
export async function unfollow(viewer: Viewer | null, userId: number): Promise<boolean> {
  const member = requireMember(viewer, SIGN_IN_TO_FOLLOW);
  const db = await getDb();
  const deleted = await db
    .delete(follows)
    .where(and(eq(follows.followerId, member.id), eq(follows.followeeId, userId)))
    .returning({ followeeId: follows.followeeId });
  return deleted.length > 0;
}

const followeesAmong = preparedQuery((db) =>
  db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, sql.placeholder("viewerId")), isAnyOf(follows.followeeId, "ids")))
    .prepare("followees_among"),
);

/** Which of `userIds` the viewer follows (an empty set for visitors), in one query. */
export async function isFollowing(
  viewerId: number | null | undefined,
  userIds: number[],
): Promise<Set<number>> {
  const ids = [...new Set(userIds)];
  if (!viewerId || ids.length === 0) return new Set();
  const rows = await followeesAmong({ viewerId, ids });
  return new Set(rows.map((r) => r.id));
}

/**
 * Members who published something (a post, a question or an answer): one index probe per member, stopping at
 * the first row. Scalar subqueries on purpose: PostgreSQL may turn an EXISTS inside an OR into a hash of the
 * whole table (every post read to suggest three members: 166 ms on PGlite with 2 000 posts).
 */
const hasPublished = sql`coalesce((select true from "posts" p where p."author_id" = "users"."id" and p."deleted_at" is null limit 1) or (select true from "questions" q where q."author_id" = "users"."id" and q."deleted_at" is null limit 1) or (select true from "answers" a where a."author_id" = "users"."id" and a."deleted_at" is null limit 1), false)`;

/** Whom `viewerId` may be suggested: not themselves, not someone they follow (a visitor is viewer 0). */
const notFollowedBy = sql`"users"."id" <> ${sql.placeholder("viewerId")} and not exists (select 1 from "follows" f where f."follower_id" = ${sql.placeholder("viewerId")} and f."followee_id" = "users"."id")`;

// Both read on every member's blog page, so each is planned once (planning cost more than running them).
const activeToFollow = preparedQuery((db) =>
  db
    .select(summaryColumns)
    .from(users)
    .where(and(isNotNull(users.publishedAt), notFollowedBy, hasPublished, activeMembersOnly()))
    .orderBy(desc(users.lastActiveAt), desc(users.id))
    .limit(sql.placeholder("size"))
    .prepare("active_members_to_follow"),
);
const othersToFollow = preparedQuery((db) =>
  db
    .select(summaryColumns)
    .from(users)
    .where(and(notFollowedBy, sql`not ${hasPublished}`, activeMembersOnly()))
    .orderBy(desc(users.lastActiveAt), desc(users.id))
    .limit(sql.placeholder("size"))
    .prepare("other_members_to_follow"),
);

/** The suggestions for everyone ("Quem Seguir" of visitors, and of members who follow nobody), by size. */
const suggestionsForAll = shortCache<MemberSummary[]>(3_000, 50);

/**
 * Members worth following ('Quem Seguir'): active members — those who published something, most recently
 * seen first — whom the viewer does not follow and is not. When there are too few, the most recently seen
 * of the others fill in. Visitors get the same minus the viewer rules. The walk goes through the index of those
 * who ever published (`published_at`, set by the database when they first did), so the many who only read are
 * never visited; `hasPublished` still checks that something of theirs is live. `followsNobody`: the caller
 * knows the viewer follows no one (the blog's marks say so), so everyone's suggestions serve them.
 */
export async function suggestMembersToFollow(
  viewer: Viewer | null,
  limit = 3,
  { followsNobody = false }: { followsNobody?: boolean } = {},
): Promise<MemberSummary[]> {
  const size = Math.max(1, Math.min(limit, 50));
  // Someone who follows nobody gets everyone's suggestions but themselves: read once for all for a few seconds.
  if (!viewer || followsNobody) {
    const everyone = await suggestionsForAll.get(String(size + 1), () => suggestFor(0, size + 1));
    return everyone.filter((m) => m.id !== viewer?.id).slice(0, size);
  }
  return suggestFor(viewer.id, size);
}

async function suggestFor(viewerId: number, size: number): Promise<MemberSummary[]> {
  const active = await activeToFollow({ viewerId, size });
  if (active.length >= size) return active;
  const others = await othersToFollow({ viewerId, size: size - active.length });
  return [...active, ...others];
}

/**
 * The members page ('Ver mais sugestões'): everyone but the viewer, those not yet followed first, then by
 * recent activity; each with whether the viewer follows them and how many followers they have.
 */
export async function listMembers(
  viewer: Viewer | null,
  { page = 1, perPage = 20 }: { page?: number; perPage?: number } = {},
): Promise<{ members: MemberListItem[]; total: number; totalPages: number }> {
  const db = await getDb();
  const notSelf = viewer ? ne(users.id, viewer.id) : undefined;
  // Written with qualified names: a one-table select would print bare column names inside the subqueries.
  const followedByViewer = viewer
    ? sql<boolean>`exists (select 1 from "follows" f where f."follower_id" = ${viewer.id} and f."followee_id" = "users"."id")`
    : sql<boolean>`(1 = 0)`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        ...summaryColumns,
        bio: users.bio,
        following: followedByViewer,
        followerCount:
          sql<number>`(select count(*) from "follows" f where f."followee_id" = "users"."id")`.mapWith(
            Number,
          ),
      })
      .from(users)
      .where(and(notSelf, activeMembersOnly()))
      .orderBy(viewer ? sql`${followedByViewer} asc` : sql`1`, desc(users.lastActiveAt), desc(users.id))
      .limit(perPage)
      .offset((Math.max(1, page) - 1) * perPage),
    db.select({ total: count() }).from(users).where(and(notSelf, activeMembersOnly())),
  ]);
  const total = totals?.total ?? 0;
  return {
    members: rows.map((r) => ({ ...r, following: Boolean(r.following) })),
    total,
    totalPages: Math.max(1, Math.ceil(total / perPage)),
  };
}

/** A member's followers or the members they follow (their profile's tabs), newest follow first, paged in SQL. */
export async function listFollowPage(
  userId: number,
  direction: "followers" | "following",
  { page = 1, perPage = 20 }: { page?: number; perPage?: number } = {},
): Promise<MemberSummary[]> {
  const db = await getDb();
  const [mine, theirs] =
    direction === "followers"
      ? [follows.followeeId, follows.followerId]
      : [follows.followerId, follows.followeeId];
  return db
    .select(summaryColumns)
    .from(follows)
    .innerJoin(users, eq(users.id, theirs))
    .where(and(eq(mine, userId), activeMembersOnly()))
    .orderBy(desc(follows.createdAt), desc(users.id))
    .limit(perPage)
    .offset((Math.max(1, page) - 1) * perPage);
}
