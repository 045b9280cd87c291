// Members by name and bio (full text), name (trigrams: misspellings) and handle (prefix); removed accounts
// are left out.
import { sql } from "drizzle-orm";
// Removed accounts stay in `users` (accounts' ADR 010); search leaves them out.
import { REMOVED_EMAIL_PREFIX } from "#app/lib/removed-members.server.ts";
import { questionsOnly, type MemberHit, type ParsedSearch } from "./search-query.ts";
import {
  countOf,
  likePrefix,
  searchDb,
  tsQuery,
  type Paging,
  type SearchPage,
} from "./search-statements.server.ts";
import { href } from "react-router";

export async function searchMembers(
  parsed: ParsedSearch,
  { limit, offset }: Paging,
): Promise<SearchPage<MemberHit>> {
  const db = await searchDb();
  const text = parsed.text || parsed.user || "";
  if (!text || parsed.tags.length || questionsOnly(parsed)) return { items: [], total: 0 };
  // Name and bio by full text, name by trigrams (misspellings), handle by prefix: three index lookups as a
  // UNION, since an OR of them reads every member.
  // The handle's prefix as typed, LIKE's own characters taken literally: `%` or `_` alone is not "every member".
  const handlePrefix = likePrefix(text.toLowerCase());
  const matched = sql`
    select id from users where search @@ ${tsQuery(text)}
    union select id from users where ${text} <% name
    ${handlePrefix ? sql`union select id from users where lower(handle) like ${handlePrefix}` : sql``}`;
  const present = sql`u.email not like ${`${REMOVED_EMAIL_PREFIX}%`}`;
  if (limit === 0) {
    return {
      items: [],
      total: await countOf(sql`(${matched}) matched join users u on u.id = matched.id`, present),
    };
  }
  const result = await db.execute<{
    id: number;
    handle: string;
    name: string;
    role_line: string;
    avatar_url: string | null;
    reputation: number;
    total: string;
  }>(sql`
    with matched as (${matched})
    select u.id, u.handle, u.name, u.role_line, u.avatar_url, u.reputation, count(*) over () as total
    from matched join users u on u.id = matched.id
    where ${present}
    order by ts_rank_cd(u.search, ${tsQuery(text)}) + word_similarity(${text}, u.name) desc, u.reputation desc, u.id
    limit ${limit} offset ${offset}`);
  return {
    total: Number(result.rows[0]?.total ?? 0),
    items: result.rows.map((r) => ({
      kind: "members",
      id: r.id,
      handle: r.handle,
      name: r.name,
      roleLine: r.role_line,
      avatarUrl: r.avatar_url,
      reputation: Number(r.reputation),
      url: href("/u/:handle", { handle: r.handle }),
    })),
  };
}
