// The members the editor suggests as one types "@": handles that start with what was typed first, then names
// that contain it; people the writer follows before others, then by reputation. Never the writer, a removed
// account, or anyone on either side of a block (a blocked member is not told of a mention anyway).
import { sql } from "drizzle-orm";
import { getDb } from "#app/lib/db.server.ts";
import { requireMember } from "#app/lib/permissions.ts";
import { activeMembersOnly } from "#app/lib/removed-members.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";

export type MentionSuggestion = { handle: string; name: string; avatarUrl: string | null };

/** How many members one "@" suggests. */
const SUGGESTIONS = 6;

/** What can follow "@" in a handle (handles are [a-z0-9-], handles.server.ts). */
const TYPED = /^[a-z0-9-]{1,39}$/;

export async function suggestMembersToMention(
  viewer: Viewer | null,
  typed: string,
): Promise<MentionSuggestion[]> {
  const member = requireMember(viewer);
  const query = typed.trim().toLowerCase();
  if (!TYPED.test(query)) return [];
  // `like` patterns from [a-z0-9-] alone: nothing typed is a wildcard.
  const prefix = `${query}%`;
  const inName = `%${query}%`;
  const db = await getDb();
  const rows = await db.execute<{ handle: string; name: string; avatar_url: string | null }>(sql`
    select users.handle, users.name, users.avatar_url
    from users
    where users.id <> ${member.id}
      and ${activeMembersOnly()}
      and (users.handle like ${prefix} or lower(users.name) like ${inName})
      and not exists (
        select 1 from member_blocks b
        where (b.blocker_id = users.id and b.blocked_id = ${member.id})
           or (b.blocker_id = ${member.id} and b.blocked_id = users.id)
      )
    order by (users.handle like ${prefix}) desc,
      exists (select 1 from follows f where f.follower_id = ${member.id} and f.followee_id = users.id) desc,
      users.reputation desc, users.handle
    limit ${SUGGESTIONS}`);
  return rows.rows.map((r) => ({ handle: r.handle, name: r.name, avatarUrl: r.avatar_url }));
}
