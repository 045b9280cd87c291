// Full-text search over questions (and their answers), posts, members and tags with PostgreSQL: the
// `pt_unaccent` configuration (Portuguese stems, accents ignored), titles weighted above bodies, ranked by
// relevance and freshness, with trigram matching as the fallback for misspellings. Every query is paginated in
// SQL over GIN indexes; snippets are made only for the rows of the page.
import { AsyncLocalStorage } from "node:async_hooks";
import { sql, type SQL } from "drizzle-orm";
// Removed accounts stay in `users` (accounts' ADR 010); search leaves them out.
import { REMOVED_EMAIL_PREFIX } from "#app/features/accounts/removed-members.server.ts";
import { database, getDb, type Executor } from "#app/lib/db.server.ts";
import { SEARCH_ID_BUCKET } from "#db/schema.ts";
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

/**
 * How long PostgreSQL lets one search statement run before cancelling it (ADR 025): a search is never worth
 * holding a connection longer, and the visitor gets a message instead of a stalled page.
 */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2000;

/** The transaction a search runs in under its statement timeout (see `withStatementTimeout`). */
const searchTransaction = new AsyncLocalStorage<Executor>();

/** Where a search's statements go: its timed transaction when there is one, else the database. */
async function searchDb(): Promise<Executor> {
  return searchTransaction.getStore() ?? (await getDb());
}

/**
 * Runs one kind's search in a transaction with `SET LOCAL statement_timeout` (PostgreSQL). PGlite runs
 * statements on this thread and never fires the timeout (checked on 0.5.16: a 200 ms timeout let an 11 s query
 * finish), so there the caps on tags and words (search-query.ts) are what bound the work.
 */
export async function withStatementTimeout<T>(
  run: () => Promise<T>,
  timeoutMs: number = SEARCH_STATEMENT_TIMEOUT_MS,
): Promise<T> {
  const handle = await database();
  if (handle.kind !== "postgres") return run();
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`));
    return searchTransaction.run(tx, run);
  });
}

/** PostgreSQL's "canceling statement due to statement timeout" (57014), as both drivers report it. */
export function isStatementTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === "57014") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
const TITLE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
/** Freshness breaks near-ties: a result three years old weighs half as much as one from today. */
const freshness = (column: SQL) => sql`(1.0 / (1.0 + extract(epoch from (now() - ${column})) / 94608000.0))`;
const plainText = (column: SQL) => sql`regexp_replace(${column}, '<[^>]*>', ' ', 'g')`;

/** A page of results; `limit: 0` asks only how many there are. */
type Paging = { limit: number; offset: number };

/** At most this many newest full-text matches (per source) are ranked: relevance among recent content. */
const TEXT_CANDIDATES = 500;
/** The first look: the newest ten thousand rows, where a common word already has its candidates. */
const FIRST_WINDOW = 10_000;

/** The id bucket exactly as the text indexes spell it, so the planner matches them. */
const idBucket = sql.raw(`(id / ${SEARCH_ID_BUCKET})`);

/** The newest id of each searched table, per database, re-read every few seconds (see `newestMatches`). */
const newestIds = new WeakMap<object, Map<string, { id: number; readAt: number }>>();
const NEWEST_ID_TTL_MS = 10_000;

async function newestId(table: "questions" | "answers" | "posts"): Promise<number> {
  const db = await getDb();
  const known = newestIds.get(db) ?? new Map<string, { id: number; readAt: number }>();
  newestIds.set(db, known);
  const cached = known.get(table);
  if (cached && Date.now() - cached.readAt < NEWEST_ID_TTL_MS) return cached.id;
  const result = await (
    await searchDb()
  ).execute<{ max: number | null }>(sql`select max(id) as max from ${sql.raw(table)}`);
  const id = Number(result.rows[0]?.max ?? 0);
  known.set(table, { id, readAt: Date.now() });
  return id;
}

/**
 * The ids of the newest rows of `table` matching the text (for answers, their questions' ids), at most
 * TEXT_CANDIDATES. A text index yields matches in no useful order, so sorting all matches of a common word by
 * date would read them all (90 000 questions hold "banco de dados" in a million), and walking the primary key
 * backwards reads every row for a rare word. So the newest ten thousand ids are searched first: a common word
 * stops there. Otherwise how many matched there tells how far back its candidates reach: the second look
 * covers about twice that span, or the whole table when the word is rare (a rare word has few matches to
 * read anyway); a second look that still falls short is followed by the whole table.
 *
 * Each look is one scan of the text index, which also holds each row's id bucket (db/schema.ts,
 * SEARCH_ID_BUCKET): GIN intersects the span's buckets with the word's entries, skipping the word's older rows
 * instead of collecting them. The newest id comes from a cache: an old value only widens the span (nothing
 * newer is ever cut off). Ordering by `id + 0` keeps the planner from walking the primary key.
 */
export async function newestMatches(
  table: "questions" | "answers" | "posts",
  text: string,
  extra: SQL = sql`true`,
  { limit = TEXT_CANDIDATES, firstWindow = FIRST_WINDOW } = {},
): Promise<number[]> {
  const db = await searchDb();
  const from = sql.raw(table);
  const matchedId = sql.raw(table === "answers" ? "question_id" : "id");
  const maxId = await newestId(table);
  const look = async (window: number | null) => {
    const range =
      window === null
        ? sql`true`
        : sql`${idBucket} >= ${Math.floor(Math.max(0, maxId - window) / SEARCH_ID_BUCKET)}`;
    const result = await db.execute<{ matched_id: number }>(sql`
      select ${matchedId} as matched_id from ${from}
      where ${range} and search @@ ${tsQuery(text)} and ${extra}
      order by id + 0 desc limit ${limit}`);
    return result.rows.map((r) => Number(r.matched_id));
  };

  if (maxId <= firstWindow) return look(null);
  const first = await look(firstWindow);
  if (first.length >= limit) return first;
  // Twice the span that should hold `limit` matches at the density just seen; none seen: the whole table.
  const reach = first.length > 0 ? (2 * limit * firstWindow) / first.length : Infinity;
  if (reach < maxId / 2) {
    const second = await look(Math.ceil(reach));
    if (second.length >= limit) return second;
  }
  return look(null);
}

/** `column = any(ids)` for a list of integer ids (an empty list matches nothing). */
const oneOf = (column: SQL, ids: number[]) => sql`${column} = any(${`{${ids.join(",")}}`}::int[])`;

/** How a kind's rows are matched: full-text, trigram similarity (misspellings), or no text at all. */
type MatchMode = "text" | "trigram" | "none";

type Matches<Row> = { rows: Row[]; total: number };

/** Full-text first; when it finds nothing, trigram similarity forgives the misspelling. */
async function withMisspellingFallback<Row>(
  text: string,
  offset: number,
  run: (mode: MatchMode) => Promise<Matches<Row>>,
): Promise<Matches<Row> & { mode: MatchMode }> {
  const mode: MatchMode = text ? "text" : "none";
  const found = await run(mode);
  if (found.total > 0 || mode !== "text" || offset > 0) return { ...found, mode };
  return { ...(await run("trigram")), mode: "trigram" };
}

/**
 * How many rows match, without ranking them: the search page shows the other kinds' tabs with their totals
 * only (`limit: 0`).
 */
async function countOf(from: SQL, where: SQL): Promise<number> {
  const db = await searchDb();
  const result = await db.execute<{ total: string }>(
    sql`select count(*) as total from ${from} where ${where}`,
  );
  return Number(result.rows[0]?.total ?? 0);
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
  const db = await searchDb();
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
    // One look after the other: they share the search's connection (PGlite runs one statement at a time anyway).
    const matchedIds = async () => {
      const asked = await newestMatches(
        "questions",
        parsed.text,
        and([
          sql`deleted_at is null`,
          ...authorIs(parsed.user),
          ...tagConditions(parsed, "question", sql`questions.id`),
        ]),
      );
      const throughAnswers = await newestMatches(
        "answers",
        parsed.text,
        and([sql`deleted_at is null`, ...tagConditions(parsed, "question", sql`answers.question_id`)]),
      );
      return [...new Set([...asked, ...throughAnswers])];
    };
    const match = mode === "text" ? oneOf(sql`q.id`, await matchedIds()) : own;
    const where = and([...filters, match]);
    if (limit === 0) {
      return { rows: [], total: await countOf(sql`questions q join users u on u.id = q.author_id`, where) };
    }
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
        where ${where}),
      page as (select id, rank from ranked order by rank desc, id desc limit ${limit} offset ${offset})
      select q.id, q.title, q.description, q.details, q.score, q.answer_count, q.accepted_answer_id, q.created_at,
             u.name, u.handle, (select count(*) from ranked) as total
      from page join questions q on q.id = page.id join users u on u.id = q.author_id
      order by page.rank desc, page.id desc`);
    return { rows: result.rows, total: Number(result.rows[0]?.total ?? 0) };
  };

  const { rows, total, mode } = await withMisspellingFallback(parsed.text, offset, run);
  const snippets = await headlines(
    rows.map((r) => ({ id: r.id, title: r.title, body: `${r.description} ${r.details}` })),
    mode === "text" ? parsed.text : "",
  );
  return {
    total,
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
  const db = await searchDb();
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
    const where = and([...filters, match]);
    if (limit === 0) {
      return { rows: [], total: await countOf(sql`posts p join users u on u.id = p.author_id`, where) };
    }
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
        where ${where}),
      page as (select id, rank from ranked order by rank desc, id desc limit ${limit} offset ${offset})
      select p.id, p.slug, p.title, p.description, p.body, p.like_count, p.created_at, u.name, u.handle,
             (select count(*) from ranked) as total
      from page join posts p on p.id = page.id join users u on u.id = p.author_id
      order by page.rank desc, page.id desc`);
    return { rows: result.rows, total: Number(result.rows[0]?.total ?? 0) };
  };

  const { rows, total, mode } = await withMisspellingFallback(parsed.text, offset, run);
  const snippets = await headlines(
    rows.map((r) => ({ id: r.id, title: r.title, body: `${r.description} ${r.body}` })),
    mode === "text" ? parsed.text : "",
  );
  return {
    total,
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
  const db = await searchDb();
  const text = parsed.text || parsed.user || "";
  if (!text || parsed.tags.length || parsed.answered || parsed.accepted) return { items: [], total: 0 };
  // Name and bio by full text, name by trigrams (misspellings), handle by prefix: three index lookups as a
  // UNION, since an OR of them reads every member.
  const matched = sql`
    select id from users where search @@ ${tsQuery(text)}
    union select id from users where ${text} <% name
    union select id from users where lower(handle) like ${`${text.toLowerCase().replace(/[%_\\]/g, "")}%`}`;
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
      url: `/u/${r.handle}`,
    })),
  };
}

export async function searchTags(
  parsed: ParsedSearch,
  { limit, offset }: Paging,
): Promise<SearchPage<TagHit>> {
  const names = [parsed.text, ...parsed.tags].filter(Boolean);
  if (names.length === 0 || parsed.user || parsed.answered || parsed.accepted) return { items: [], total: 0 };
  // By name and description (full text), name by trigrams (misspellings) and slug by prefix, as a UNION of
  // index lookups.
  const matched = sql.join(
    names.map(
      (name) => sql`
        select id from tags where search @@ ${tsQuery(name)}
        union select id from tags where ${name} <% name
        union select id from tags where slug like ${`${slugify(name).replace(/[%_\\]/g, "")}%`}`,
    ),
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
  const db = await searchDb();
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
  /** The database stopped the search at its statement timeout: nothing to show but a message. */
  timedOut: boolean;
};

const searchers = {
  questions: searchQuestions,
  posts: searchPosts,
  members: searchMembers,
  tags: searchTags,
} satisfies Record<SearchKind, (parsed: ParsedSearch, paging: Paging) => Promise<SearchPage<SearchHit>>>;

/** Each kind under its own statement timeout (they run side by side, on separate connections). */
async function searchEveryKind(
  parsed: ParsedSearch,
  paging: (kind: SearchKind) => Paging,
): Promise<SearchPage<SearchHit>[] | "timed out"> {
  try {
    return await Promise.all(
      SEARCH_KINDS.map((k) =>
        withStatementTimeout<SearchPage<SearchHit>>(() => searchers[k](parsed, paging(k))),
      ),
    );
  } catch (error) {
    if (isStatementTimeout(error)) return "timed out";
    throw error;
  }
}

/** The /search page: the chosen kind's page of results, and how many of each kind there are. */
export async function search(
  query: string,
  kind: SearchKind,
  page: number,
  pageSize = 10,
): Promise<SearchResults> {
  const parsed = parseSearchQuery(query);
  const empty = { items: [], total: 0 };
  const none = { query, parsed, kind, page: empty, totals: { questions: 0, posts: 0, members: 0, tags: 0 } };
  if (!parsed.text && !parsed.tags.length && !parsed.user && !parsed.answered && !parsed.accepted) {
    return { ...none, timedOut: false };
  }
  const pages = await searchEveryKind(parsed, (k) =>
    k === kind ? { limit: pageSize, offset: (page - 1) * pageSize } : { limit: 0, offset: 0 },
  );
  if (pages === "timed out") return { ...none, timedOut: true };
  const totals = Object.fromEntries(SEARCH_KINDS.map((k, i) => [k, pages[i]?.total ?? 0])) as Record<
    SearchKind,
    number
  >;
  return { query, parsed, kind, page: pages[SEARCH_KINDS.indexOf(kind)] ?? empty, totals, timedOut: false };
}

export type QuickSearch = { hits: SearchHit[]; limited: boolean; timedOut: boolean };

/** The header's box: up to five results in all, grouped by kind, questions first. */
export async function quickSearch(query: string, max = 5): Promise<QuickSearch> {
  const parsed = parseSearchQuery(query);
  const found = { hits: [], limited: parsed.limited, timedOut: false };
  if (!parsed.text && !parsed.tags.length && !parsed.user) return found;
  const pages = await searchEveryKind(parsed, () => ({ limit: max, offset: 0 }));
  if (pages === "timed out") return { ...found, timedOut: true };
  const [questions, posts, members, tags] = pages;
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
  return { ...found, hits: picked.flat() };
}
