// Full-text search over questions (and their answers), posts, members and tags with PostgreSQL: the
// `pt_unaccent` configuration (Portuguese stems, accents ignored), titles weighted above bodies, ranked by
// relevance and freshness, with trigram matching as the fallback for misspellings. Every query is paginated in
// SQL over GIN indexes; snippets are made only for the rows of the page.
import { sql, type SQL } from "drizzle-orm";
// Removed accounts stay in `users` (accounts' ADR 010); search leaves them out.
import { REMOVED_EMAIL_PREFIX } from "#app/features/accounts/removed-members.server.ts";
import { getDb } from "#app/lib/db.server.ts";
import { slugify } from "#app/lib/slug.ts";
import {
  MARK_END,
  MARK_START,
  SEARCH_KINDS,
  parseSearchQuery,
  type MemberHit,
  type ParsedSearch,
  type PostHit,
  type QuestionHit,
  type SearchHit,
  type SearchKind,
  type TagHit,
} from "./search-query.ts";

export type SearchPage<T> = { items: T[]; total: number };

const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
const TITLE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
/** Freshness breaks near-ties: a result three years old weighs half as much as one from today. */
const freshness = (column: SQL) => sql`(1.0 / (1.0 + extract(epoch from (now() - ${column})) / 94608000.0))`;
const plainText = (column: SQL) => sql`regexp_replace(${column}, '<[^>]*>', ' ', 'g')`;

type Paging = { limit: number; offset: number };

/** At most this many newest full-text matches (per source) are ranked: relevance among recent content. */
const TEXT_CANDIDATES = 500;
/** The newest ids looked at in turn, each ten times the last; the last step is the whole table. */
const CANDIDATE_WINDOWS = [10_000, 100_000, 1_000_000, 10_000_000];

/**
 * The ids of the newest rows of `table` matching the text (for answers, their questions' ids), at most
 * TEXT_CANDIDATES. A GIN index yields matches in no useful order, so sorting all matches of a common word by
 * date reads them all (60 000 rows for "react" in a million questions), and walking the primary key backwards
 * reads every row for a rare one. Instead the newest 10 000 ids are searched, then the newest 100 000, and so
 * on, each as a bitmap AND of the text index and the id range: a step that reaches the next one found fewer
 * than TEXT_CANDIDATES matches in a window a tenth its size, so no step reads more than ~10× TEXT_CANDIDATES
 * rows, whatever the word. Plain index scans are off for the transaction so the planner, whose guesses about
 * rare words are poor, cannot walk the primary key instead.
 */
export async function newestMatches(
  table: "questions" | "answers" | "posts",
  text: string,
  extra: SQL = sql`true`,
  { limit = TEXT_CANDIDATES, windows = CANDIDATE_WINDOWS } = {},
): Promise<number[]> {
  const db = await getDb();
  const from = sql.raw(table);
  const matchedId = sql.raw(table === "answers" ? "question_id" : "id");
  return db.transaction(async (tx) => {
    const newest = await tx.execute<{ max: number | null }>(sql`select max(id) as max from ${from}`);
    const maxId = Number(newest.rows[0]?.max ?? 0);
    // After max(id): this also turns off the index-only scan that answers it.
    await tx.execute(sql`set local enable_indexscan = off`);
    for (const [step, window] of windows.entries()) {
      const last = step === windows.length - 1 || window >= maxId;
      const range = last ? sql`true` : sql`id > ${maxId - window}`;
      const rows = await tx.execute<{ matched_id: number }>(sql`
        select ${matchedId} as matched_id from ${from}
        where search @@ ${tsQuery(text)} and ${extra} and ${range}
        order by id desc limit ${limit}`);
      if (last || rows.rows.length >= limit) return rows.rows.map((r) => Number(r.matched_id));
    }
    return [];
  });
}

/** `column = any(ids)` for a list of integer ids (an empty list matches nothing). */
const oneOf = (column: SQL, ids: number[]) => sql`${column} = any(${`{${ids.join(",")}}`}::int[])`;

/** How a kind's rows are matched: full-text, trigram similarity (misspellings), or no text at all. */
type MatchMode = "text" | "trigram" | "none";

/** Full-text first; when the first page finds nothing, trigram similarity forgives the misspelling. */
async function withMisspellingFallback<Row>(
  text: string,
  offset: number,
  run: (mode: MatchMode) => Promise<Row[]>,
): Promise<{ rows: Row[]; mode: MatchMode }> {
  const mode: MatchMode = text ? "text" : "none";
  const rows = await run(mode);
  if (rows.length > 0 || mode !== "text" || offset > 0) return { rows, mode };
  return { rows: await run("trigram"), mode: "trigram" };
}

/** The WHERE and ORDER BY of a mode, for a table aliased with a `search` column, a title and a date. */
function matchAndRank(mode: MatchMode, text: string, table: { search: SQL; title: SQL; createdAt: SQL }) {
  if (mode === "text") {
    return {
      match: sql`${table.search} @@ ${tsQuery(text)}`,
      rank: sql`(ts_rank_cd(${table.search}, ${tsQuery(text)}) + 0.01) * ${freshness(table.createdAt)}`,
    };
  }
  if (mode === "trigram") {
    return { match: sql`${text} <% ${table.title}`, rank: sql`word_similarity(${text}, ${table.title})` };
  }
  return { match: sql`true`, rank: sql`extract(epoch from ${table.createdAt})` };
}

function tsQuery(text: string) {
  return sql`websearch_to_tsquery('pt_unaccent', ${text})`;
}

/** Tag operators match a tag by name or slug. */
function tagConditions(parsed: ParsedSearch, link: "question" | "post", idColumn: SQL): SQL[] {
  return parsed.tags.map((tag) => {
    const slug = slugify(tag);
    return link === "question"
      ? sql`exists (select 1 from question_tags qt join tags t on t.id = qt.tag_id where qt.question_id = ${idColumn} and (t.slug = ${slug} or lower(t.name) = lower(${tag})))`
      : sql`exists (select 1 from post_tags pt join tags t on t.id = pt.tag_id where pt.post_id = ${idColumn} and (t.slug = ${slug} or lower(t.name) = lower(${tag})))`;
  });
}

/** The `user:` operator inside a candidate search (the table's own author_id). */
const authorIs = (handle: string | null): SQL[] =>
  handle ? [sql`author_id in (select id from users where lower(handle) = lower(${handle}))`] : [];

const and = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

export async function searchQuestions(
  parsed: ParsedSearch,
  { limit, offset }: Paging,
): Promise<SearchPage<QuestionHit>> {
  const db = await getDb();
  const filters: SQL[] = [sql`q.deleted_at is null`, ...tagConditions(parsed, "question", sql`q.id`)];
  if (parsed.user) filters.push(sql`lower(u.handle) = lower(${parsed.user})`);
  if (parsed.answered) filters.push(sql`q.answer_count > 0`);
  if (parsed.accepted) filters.push(sql`q.accepted_answer_id is not null`);

  const run = async (mode: MatchMode) => {
    const { match: own, rank } = matchAndRank(mode, parsed.text, {
      search: sql`q.search`,
      title: sql`q.title`,
      createdAt: sql`q.created_at`,
    });
    // A question also matches through the text of its answers (an OR of both in SQL would scan the table).
    const match =
      mode === "text"
        ? oneOf(sql`q.id`, [
            ...new Set(
              (
                await Promise.all([
                  newestMatches(
                    "questions",
                    parsed.text,
                    and([
                      sql`deleted_at is null`,
                      ...authorIs(parsed.user),
                      ...tagConditions(parsed, "question", sql`questions.id`),
                    ]),
                  ),
                  newestMatches(
                    "answers",
                    parsed.text,
                    and([
                      sql`deleted_at is null`,
                      ...tagConditions(parsed, "question", sql`answers.question_id`),
                    ]),
                  ),
                ])
              ).flat(),
            ),
          ])
        : own;
    // Rank the (few hundred) matching ids first; the wide columns are read for the page's rows only.
    const result = await db.execute<{
      id: number;
      title: string;
      description: string;
      details: string;
      score: number;
      answer_count: number;
      accepted_answer_id: number | null;
      created_at: string;
      name: string;
      handle: string;
      total: string;
    }>(sql`
      with ranked as (
        select q.id, ${rank} as rank
        from questions q join users u on u.id = q.author_id
        where ${and([...filters, match])}),
      page as (select id, rank from ranked order by rank desc, id desc limit ${limit} offset ${offset})
      select q.id, q.title, q.description, q.details, q.score, q.answer_count, q.accepted_answer_id, q.created_at,
             u.name, u.handle, (select count(*) from ranked) as total
      from page join questions q on q.id = page.id join users u on u.id = q.author_id
      order by page.rank desc, page.id desc`);
    return result.rows;
  };

  const { rows, mode } = await withMisspellingFallback(parsed.text, offset, run);
  const snippets = await headlines(
    rows.map((r) => ({ id: r.id, title: r.title, body: `${r.description} ${r.details}` })),
    mode === "text" ? parsed.text : "",
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((r) => ({
      kind: "questions",
      id: r.id,
      title: snippets.get(r.id)?.title ?? r.title,
      snippet: snippets.get(r.id)?.body ?? "",
      score: Number(r.score),
      answerCount: Number(r.answer_count),
      accepted: r.accepted_answer_id !== null,
      createdAt: new Date(r.created_at).toISOString(),
      authorName: r.name,
      authorHandle: r.handle,
      url: `/questions/${r.id}`,
    })),
  };
}

export async function searchPosts(
  parsed: ParsedSearch,
  { limit, offset }: Paging,
): Promise<SearchPage<PostHit>> {
  const db = await getDb();
  // Answers and acceptance are about questions: a search asking for them finds no posts.
  if (parsed.answered || parsed.accepted) return { items: [], total: 0 };
  const filters: SQL[] = [sql`p.deleted_at is null`, ...tagConditions(parsed, "post", sql`p.id`)];
  if (parsed.user) filters.push(sql`lower(u.handle) = lower(${parsed.user})`);

  const run = async (mode: MatchMode) => {
    const { match: own, rank } = matchAndRank(mode, parsed.text, {
      search: sql`p.search`,
      title: sql`p.title`,
      createdAt: sql`p.created_at`,
    });
    const match =
      mode === "text"
        ? oneOf(
            sql`p.id`,
            await newestMatches(
              "posts",
              parsed.text,
              and([
                sql`deleted_at is null`,
                ...authorIs(parsed.user),
                ...tagConditions(parsed, "post", sql`posts.id`),
              ]),
            ),
          )
        : own;
    const result = await db.execute<{
      id: number;
      slug: string;
      title: string;
      description: string;
      body: string;
      like_count: number;
      created_at: string;
      name: string;
      handle: string;
      total: string;
    }>(sql`
      with ranked as (
        select p.id, ${rank} as rank
        from posts p join users u on u.id = p.author_id
        where ${and([...filters, match])}),
      page as (select id, rank from ranked order by rank desc, id desc limit ${limit} offset ${offset})
      select p.id, p.slug, p.title, p.description, p.body, p.like_count, p.created_at, u.name, u.handle,
             (select count(*) from ranked) as total
      from page join posts p on p.id = page.id join users u on u.id = p.author_id
      order by page.rank desc, page.id desc`);
    return result.rows;
  };

  const { rows, mode } = await withMisspellingFallback(parsed.text, offset, run);
  const snippets = await headlines(
    rows.map((r) => ({ id: r.id, title: r.title, body: `${r.description} ${r.body}` })),
    mode === "text" ? parsed.text : "",
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((r) => ({
      kind: "posts",
      id: r.id,
      slug: r.slug,
      title: snippets.get(r.id)?.title ?? r.title,
      snippet: snippets.get(r.id)?.body ?? "",
      likeCount: Number(r.like_count),
      createdAt: new Date(r.created_at).toISOString(),
      authorName: r.name,
      authorHandle: r.handle,
      url: `/blog/${r.slug}`,
    })),
  };
}

export async function searchMembers(
  parsed: ParsedSearch,
  { limit, offset }: Paging,
): Promise<SearchPage<MemberHit>> {
  const db = await getDb();
  const text = parsed.text || parsed.user || "";
  if (!text || parsed.tags.length || parsed.answered || parsed.accepted) return { items: [], total: 0 };
  // Name and bio by full text, name by trigrams (misspellings), handle by prefix: three index lookups as a
  // UNION, since an OR of them reads every member.
  const result = await db.execute<{
    id: number;
    handle: string;
    name: string;
    role_line: string;
    avatar_url: string | null;
    reputation: number;
    total: string;
  }>(sql`
    with matched as (
      select id from users where search @@ ${tsQuery(text)}
      union select id from users where ${text} <% name
      union select id from users where lower(handle) like ${`${text.toLowerCase().replace(/[%_\\]/g, "")}%`})
    select u.id, u.handle, u.name, u.role_line, u.avatar_url, u.reputation, count(*) over () as total
    from matched join users u on u.id = matched.id
    where u.email not like ${`${REMOVED_EMAIL_PREFIX}%`}
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
      url: `/u/${r.handle}`,
    })),
  };
}

export async function searchTags(
  parsed: ParsedSearch,
  { limit, offset }: Paging,
): Promise<SearchPage<TagHit>> {
  const db = await getDb();
  const names = [parsed.text, ...parsed.tags].filter(Boolean);
  if (names.length === 0 || parsed.user || parsed.answered || parsed.accepted) return { items: [], total: 0 };
  const matches = names.map(
    (name) =>
      sql`(t.search @@ ${tsQuery(name)} or ${name} <% t.name or t.slug like ${`${slugify(name).replace(/[%_\\]/g, "")}%`})`,
  );
  const result = await db.execute<{
    id: number;
    name: string;
    slug: string;
    description: string;
    count: number;
    total: string;
  }>(sql`
    select t.id, t.name, t.slug, t.description, t.question_count + t.post_count as count, count(*) over () as total
    from tags t
    where ${sql.join(matches, sql` or `)}
    order by t.question_count + t.post_count desc, t.name
    limit ${limit} offset ${offset}`);
  return {
    total: Number(result.rows[0]?.total ?? 0),
    items: result.rows.map((r) => ({
      kind: "tags",
      id: r.id,
      name: r.name,
      slug: r.slug,
      description: r.description,
      count: Number(r.count),
      url: `/questions/tagged/${r.slug}`,
    })),
  };
}

/** Highlighted title and body snippet for the rows of one page only (ts_headline is costly). */
async function headlines(rows: { id: number; title: string; body: string }[], text: string) {
  const out = new Map<number, { title: string; body: string }>();
  if (rows.length === 0) return out;
  if (!text) {
    for (const row of rows) out.set(row.id, { title: row.title, body: summary(row.body) });
    return out;
  }
  const db = await getDb();
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${r.title}::text, ${r.body}::text)`),
    sql`, `,
  );
  const result = await db.execute<{ id: number; title: string; body: string }>(sql`
    select v.id,
           ts_headline('pt_unaccent', v.title, ${tsQuery(text)}, ${TITLE_OPTIONS}) as title,
           ts_headline('pt_unaccent', ${plainText(sql`v.body`)}, ${tsQuery(text)}, ${HEADLINE_OPTIONS}) as body
    from (values ${values}) as v(id, title, body)`);
  for (const row of result.rows) out.set(Number(row.id), { title: row.title, body: row.body });
  return out;
}

function summary(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 180 ? `${text.slice(0, 177)}…` : text;
}

export type SearchResults = {
  query: string;
  parsed: ParsedSearch;
  kind: SearchKind;
  page: SearchPage<SearchHit>;
  totals: Record<SearchKind, number>;
};

const searchers = {
  questions: searchQuestions,
  posts: searchPosts,
  members: searchMembers,
  tags: searchTags,
} satisfies Record<SearchKind, (parsed: ParsedSearch, paging: Paging) => Promise<SearchPage<SearchHit>>>;

/** The /search page: the chosen kind's page of results, and how many of each kind there are. */
export async function search(
  query: string,
  kind: SearchKind,
  page: number,
  pageSize = 10,
): Promise<SearchResults> {
  const parsed = parseSearchQuery(query);
  const empty = { items: [], total: 0 };
  if (!parsed.text && !parsed.tags.length && !parsed.user && !parsed.answered && !parsed.accepted) {
    return { query, parsed, kind, page: empty, totals: { questions: 0, posts: 0, members: 0, tags: 0 } };
  }
  const pages = await Promise.all(
    SEARCH_KINDS.map((k) =>
      searchers[k](
        parsed,
        k === kind ? { limit: pageSize, offset: (page - 1) * pageSize } : { limit: 1, offset: 0 },
      ),
    ),
  );
  const totals = Object.fromEntries(SEARCH_KINDS.map((k, i) => [k, pages[i]?.total ?? 0])) as Record<
    SearchKind,
    number
  >;
  return { query, parsed, kind, page: pages[SEARCH_KINDS.indexOf(kind)] ?? empty, totals };
}

/** The header's box: up to five results in all, grouped by kind, questions first. */
export async function quickSearch(query: string, max = 5): Promise<SearchHit[]> {
  const parsed = parseSearchQuery(query);
  if (!parsed.text && !parsed.tags.length && !parsed.user) return [];
  const [questions, posts, members, tags] = await Promise.all(
    SEARCH_KINDS.map((k) => searchers[k](parsed, { limit: max, offset: 0 })),
  );
  // A fair share for every kind that has results, then fill the rest in kind order.
  const lists = [questions, posts, members, tags].map((p) => [...(p?.items ?? [])]);
  const picked: SearchHit[][] = lists.map(() => []);
  let remaining = max;
  while (remaining > 0 && lists.some((l) => l.length)) {
    for (let i = 0; i < lists.length && remaining > 0; i++) {
      const next = lists[i]?.shift();
      if (next) {
        picked[i]?.push(next);
        remaining--;
      }
    }
  }
  return picked.flat();
}
