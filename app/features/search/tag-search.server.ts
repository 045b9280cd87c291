// Tags by name and description (full text), name (trigrams: misspellings) and slug (prefix), the most used
// first; a word matching none of them is corrected to a tag name (spelling.server.ts).
import { sql } from "drizzle-orm";
import { slugify } from "#app/lib/slug.ts";
import { questionsOnly, type ParsedSearch, type TagHit } from "./search-query.ts";
import { likePrefix, searchDb, tsQuery, type Paging, type SearchPage } from "./search-statements.server.ts";
import { correctedText } from "./spelling.server.ts";
import { href } from "react-router";

export async function searchTags(
  parsed: ParsedSearch,
  { limit, offset }: Paging,
): Promise<SearchPage<TagHit>> {
  const names = [parsed.text, ...parsed.tags].filter(Boolean);
  if (names.length === 0 || parsed.user || questionsOnly(parsed)) return { items: [], total: 0 };
  const found = await tagsNamed(names, { limit, offset });
  if (found.total > 0 || !parsed.text) return found;
  // A swap of letters the trigrams miss (`recat`): the words corrected to tag names, as for questions.
  const corrected = await correctedText(parsed.text);
  return corrected ? tagsNamed([corrected, ...parsed.tags], { limit, offset }) : found;
}

async function tagsNamed(names: string[], { limit, offset }: Paging): Promise<SearchPage<TagHit>> {
  // By name and description (full text), name by trigrams (misspellings) and slug by prefix, as a UNION of
  // index lookups.
  // A name with no letters or digits has no slug: it matches no slug rather than all of them.
  const matched = sql.join(
    names.map((name) => {
      const slugPrefix = likePrefix(slugify(name));
      return sql`
        select id from tags where search @@ ${tsQuery(name)}
        union select id from tags where ${name} <% name
        ${slugPrefix ? sql`union select id from tags where slug like ${slugPrefix}` : sql``}`;
    }),
    sql` union `,
  );
  const db = await searchDb();
  const result = await db.transaction(async (tx) => {
    // On a table of a few thousand tags the planner prefers reading them all, and trigram similarity then
    // costs ~2 µs a name (7 ms); the trigram index answers in well under one.
    await tx.execute(sql`set local enable_seqscan = off`);
    if (limit === 0) {
      const count = await tx.execute<{ total: string }>(
        sql`select count(*) as total from (${matched}) matched`,
      );
      return { rows: [], total: Number(count.rows[0]?.total ?? 0) };
    }
    const page = await tx.execute<{
      id: number;
      name: string;
      slug: string;
      description: string;
      count: number;
      total: string;
    }>(sql`
      select t.id, t.name, t.slug, t.description, t.question_count + t.post_count as count,
             count(*) over () as total
      from (${matched}) matched join tags t on t.id = matched.id
      order by t.question_count + t.post_count desc, t.name
      limit ${limit} offset ${offset}`);
    return { rows: page.rows, total: Number(page.rows[0]?.total ?? 0) };
  });
  return {
    total: result.total,
    items: result.rows.map((r) => ({
      kind: "tags",
      id: r.id,
      name: r.name,
      slug: r.slug,
      description: r.description,
      count: Number(r.count),
      url: href("/questions/tagged/:tag", { tag: r.slug }),
    })),
  };
}
