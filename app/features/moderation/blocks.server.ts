// Blocking: a member blocks another to stop hearing from them. The blocked member's questions, answers,
// comments, posts and post comments are collapsed for the blocker (shown on request), and nothing they do
// notifies the blocker (notify() skips them). The blocked member is not told and sees nothing change:
// blocking is a private filter, not a sanction (that is a suspension's job).
import { and, desc, eq, inArray } from "drizzle-orm";
import { memberBlocks, users } from "#db/schema.ts";
import { activeMembersOnly } from "#app/lib/removed-members.server.ts";
import { getDb } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { requireMember } from "#app/lib/permissions.ts";
import type { Viewer } from "#app/lib/viewer.ts";

export const BLOCK_MESSAGES = {
  signIn: "Entre na sua conta para bloquear membros.",
  self: "Você não pode bloquear a si mesmo.",
  notFound: "Este membro não existe.",
} as const;

/** Blocks `userId` for `viewer` (blocking twice changes nothing). */
export async function blockMember(viewer: Viewer | null, userId: number): Promise<void> {
  const member = requireMember(viewer, BLOCK_MESSAGES.signIn);
  if (member.id === userId) throw new AppError("validation", BLOCK_MESSAGES.self);
  const db = await getDb();
  const [target] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), activeMembersOnly()));
  if (!target) throw new AppError("not_found", BLOCK_MESSAGES.notFound);
  await db.insert(memberBlocks).values({ blockerId: member.id, blockedId: userId }).onConflictDoNothing();
}

/** Unblocks `userId` (unblocking someone not blocked changes nothing). */
export async function unblockMember(viewer: Viewer | null, userId: number): Promise<void> {
  const member = requireMember(viewer, BLOCK_MESSAGES.signIn);
  const db = await getDb();
  await db
    .delete(memberBlocks)
    .where(and(eq(memberBlocks.blockerId, member.id), eq(memberBlocks.blockedId, userId)));
}

/** Which of `authorIds` the viewer blocked: one lookup on the primary key (none for visitors). */
export async function blockedAmong(
  viewerId: number | null | undefined,
  authorIds: readonly number[],
): Promise<Set<number>> {
  const ids = [...new Set(authorIds)];
  if (!viewerId || ids.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ id: memberBlocks.blockedId })
    .from(memberBlocks)
    .where(and(eq(memberBlocks.blockerId, viewerId), inArray(memberBlocks.blockedId, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function isBlocking(viewerId: number | null | undefined, userId: number): Promise<boolean> {
  return (await blockedAmong(viewerId, [userId])).has(userId);
}

export type BlockedMember = {
  id: number;
  handle: string;
  name: string;
  avatarUrl: string | null;
  since: Date;
};

/** The members `viewer` blocked, latest first, for Configurações. */
export async function listBlockedMembers(viewer: Viewer): Promise<BlockedMember[]> {
  const db = await getDb();
  return db
    .select({
      id: users.id,
      handle: users.handle,
      name: users.name,
      avatarUrl: users.avatarUrl,
      since: memberBlocks.createdAt,
    })
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .where(eq(memberBlocks.blockerId, viewer.id))
    .orderBy(desc(memberBlocks.createdAt))
    .limit(500);
}
