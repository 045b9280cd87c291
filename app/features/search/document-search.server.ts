// The one search pipeline for documents — questions and posts: kinds with a title, a body, a date, tags and an
// author. The candidates are the newest full-text matches of each of the kind's text sources (ADR 018),
// filtered by the operators, ranked by relevance and freshness (ADR 012), counted and paged in SQL; trigram
// similarity on titles forgives a misspelling that matched nothing; snippets are made for the page's rows only.
// What differs between kinds — table, columns, text sources, operators, the hit — is data (`DocumentKind`,
// see document-kinds.server.ts).
import { sql, type SQL } from "drizzle-orm";
import { slugify } from "#app/lib/slug.ts";
import { newestMatches, type MatchedTable } from "./newest-matches.server.ts";
import { MARK_END, MARK_START, type ParsedSearch } from "./search-query.ts";
import {
  allOf,
  countOf,
  exactQuery,
  headlineQuery,
  searchDb,
  tsQuery,
  type Paging,
  type SearchPage,
} from "./search-statements.server.ts";
import { correctedText } from "./spelling.server.ts";

/** The columns every document row has (snake case, as stored). */
export type DocumentRow = { id: number; title: string };

/** What a page's rows carry besides the kind's own columns. */
type PageRow = { name: string; handle: string; total: string };

export type DocumentKind<Row extends DocumentRow, Hit> = {
  /** The kind's table and the alias its queries give it. */
  table: "questions" | "posts";
  alias: string;
  /** The table linking the kind to its tags (aliased) and the column naming the kind there. */
  tagLink: { table: string; alias: string; column: string };
  /**
   * The text indexes whose matches name the kind's rows, looked at one after the other (a question also
   * matches through the text of its answers: a UNION of both index scans, never an OR, which scans the table).
   * `documentId` names the kind's row in that table; `byAuthor` applies `user:` to the source's own author.
   */
  sources: { table: MatchedTable; documentId: string; byAuthor: boolean }[];
  /** The conditions of the `is:` operators; null when they rule the kind out. */
  operators: (parsed: ParsedSearch) => SQL[] | null;
  /** The columns of a page's rows (the author's name and handle come with them). */
  columns: readonly string[];
  /** The text a row's snippet is cut from. */
  body: (row: Row) => string;
  /** A row as a hit, with its highlighted title and snippet. */
  toHit: (row: Row, shown: { title: string; snippet: string }) => Hit;
};

const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
const TITLE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;
/** Freshness breaks near-ties: a result three years old weighs half as much as one from today. */
const freshness = (column: SQL) => sql`(1.0 / (1.0 + extract(epoch from (now() - ${column})) / 94608000.0))`;
/**
 * Stored HTML as the text a snippet is cut from: a line break or a block's end becomes a space, every other tag
 * a zero-width space, so highlighted code (a span per token) reads `console.log(x)`, not `console . log ( x )`,
 * while the words stay apart for ts_headline as they are in the index (`console` is still a word it can mark).
 * The zero-width spaces are taken out of the snippet (`headlines`). Character references stay: the page
 * decodes them (snippetParts).
 */
const BLOCK_END = String.raw`<(br|/(p|div|pre|li|h[1-6]|blockquote|tr|td|th|figcaption))([\s/][^>]*)?>`;
const WORD_JOINT = "\u200b";
const plainText = (column: SQL) =>
  sql`regexp_replace(regexp_replace(${column}, ${BLOCK_END}, ' ', 'gi'), '<[^>]*>', ${WORD_JOINT}, 'g')`;

/** `column = any(ids)` for a list of integer ids (an empty list matches nothing). */
const oneOf = (column: SQL, ids: number[]) => sql`${column} = any(${`{${ids.join(",")}}`}::int[])`;

/** How a kind's rows are matched: full-text, trigram similarity (misspellings), or no text at all. */
type MatchMode = "text" | "trigram" | "none";

type Matches<Row> = { rows: Row[]; total: number };

/**
 * Full-text first. When it finds nothing, the words corrected to the site's tag names (`recat` → react, see
 * spelling.server.ts) are searched in full text; when that finds nothing either, trigram similarity on titles
 * forgives the misspelling. `text` is what was searched for (snippets highlight it).
 */
async function withMisspellingFallback<Row>(
  text: string,
  run: (mode: MatchMode, text: string) => Promise<Matches<Row>>,
): Promise<Matches<Row> & { mode: MatchMode; text: string }> {
  const mode: MatchMode = text ? "text" : "none";
  const found = await run(mode, text);
  // Any page of a search with matches is that search's (a later page that is empty is just past the end).
  if (found.total > 0 || mode !== "text") return { ...found, mode, text };
  const corrected = await correctedText(text);
  if (corrected) {
    const again = await run("text", corrected);
    if (again.total > 0) return { ...again, mode: "text", text: corrected };
  }
  return { ...(await run("trigram", text)), mode: "trigram", text };
}

/** The WHERE and ORDER BY of a mode, for a table aliased with a `search` column, a title and a date. */
function matchAndRank(mode: MatchMode, text: string, table: { search: SQL; title: SQL; createdAt: SQL }) {
  if (mode === "text") {
    return {
      match: sql`${table.search} @@ ${tsQuery(text)}`,
      // Whole words count twice: `java` ranks Java above JavaScript, which it also finds as a prefix.
      rank: sql`(ts_rank_cd(${table.search}, ${tsQuery(text)}) + ts_rank_cd(${table.search}, ${exactQuery(text)}) + 0.01) * ${freshness(table.createdAt)}`,
    };
  }
  if (mode === "trigram") {
    return { match: sql`${text} <% ${table.title}`, rank: sql`word_similarity(${text}, ${table.title})` };
  }
  return { match: sql`true`, rank: sql`extract(epoch from ${table.createdAt})` };
}

/** Tag operators match a tag by name or slug. */
function tagConditions(parsed: ParsedSearch, link: DocumentKind<DocumentRow, unknown>["tagLink"], id: SQL) {
  const linked = sql.raw(`${link.table} ${link.alias} join tags t on t.id = ${link.alias}.tag_id`);
  const owner = sql.raw(`${link.alias}.${link.column}`);
  return parsed.tags.map((tag) => {
    const slug = slugify(tag);
    return sql`exists (select 1 from ${linked} where ${owner} = ${id} and (t.slug = ${slug} or lower(t.name) = lower(${tag})))`;
  });
}

/** The `user:` operator inside a candidate search (the table's own author_id). */
const authorIs = (handle: string | null): SQL[] =>
  handle ? [sql`author_id in (select id from users where lower(handle) = lower(${handle}))`] : [];

/** The newest full-text matches of each of the kind's sources, as the kind's ids (sources in order). */
async function candidates<Row extends DocumentRow, Hit>(
  kind: DocumentKind<Row, Hit>,
  parsed: ParsedSearch,
  text: string,
): Promise<number[]> {
  const ids: number[] = [];
  // One look after the other: they share the search's connection (PGlite runs one statement at a time anyway).
  for (const source of kind.sources) {
    const where = allOf([
      sql`deleted_at is null`,
      ...(source.byAuthor ? authorIs(parsed.user) : []),
      ...tagConditions(parsed, kind.tagLink, sql.raw(`${source.table}.${source.documentId}`)),
    ]);
    ids.push(...(await newestMatches(source.table, text, where)));
  }
  return [...new Set(ids)];
}

/** A page of one document kind's results (`limit: 0`: the total only). */
export async function searchDocuments<Row extends DocumentRow, Hit>(
  kind: DocumentKind<Row, Hit>,
  parsed: ParsedSearch,
  { limit, offset }: Paging,
): Promise<SearchPage<Hit>> {
  const operators = kind.operators(parsed);
  if (!operators) return { items: [], total: 0 };
  const db = await searchDb();
  const column = (name: string) => sql.raw(`${kind.alias}.${name}`);
  const table = sql.raw(`${kind.table} ${kind.alias}`);
  const withAuthor = sql`${table} join users u on u.id = ${column("author_id")}`;
  const filters: SQL[] = [
    sql`${column("deleted_at")} is null`,
    ...tagConditions(parsed, kind.tagLink, column("id")),
  ];
  if (parsed.user) filters.push(sql`lower(u.handle) = lower(${parsed.user})`);
  filters.push(...operators);

  const run = async (mode: MatchMode, text: string): Promise<Matches<Row & PageRow>> => {
    const { match: own, rank } = matchAndRank(mode, text, {
      search: column("search"),
      title: column("title"),
      createdAt: column("created_at"),
    });
    const match = mode === "text" ? oneOf(column("id"), await candidates(kind, parsed, text)) : own;
    const where = allOf([...filters, match]);
    if (limit === 0) return { rows: [], total: await countOf(withAuthor, where) };
    // Rank the (few hundred) matching ids first; the wide columns are read for the page's rows only.
    const result = await db.execute<Row & PageRow>(sql`
      with ranked as (
        select ${column("id")}, ${rank} as rank
        from ${withAuthor}
        where ${where}),
      page as (select id, rank from ranked order by rank desc, id desc limit ${limit} offset ${offset})
      select ${sql.raw(kind.columns.map((c) => `${kind.alias}.${c}`).join(", "))}, u.name, u.handle,
             (select count(*) from ranked) as total
      from page join ${table} on ${column("id")} = page.id join users u on u.id = ${column("author_id")}
      order by page.rank desc, page.id desc`);
    // The kind's row type names its columns; drizzle only knows it is a record.
    const rows = result.rows as (Row & PageRow)[];
    return { rows, total: Number(rows[0]?.total ?? 0) };
  };

  const { rows, total, mode, text } = await withMisspellingFallback(parsed.text, run);
  const snippets = await headlines(
    rows.map((r) => ({ id: r.id, title: r.title, body: kind.body(r) })),
    mode === "text" ? text : "",
  );
  return {
    total,
    items: rows.map((r) =>
      kind.toHit(r, { title: snippets.get(r.id)?.title ?? r.title, snippet: snippets.get(r.id)?.body ?? "" }),
    ),
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
           coalesce(ts_headline('pt_unaccent', v.title, q.query, ${TITLE_OPTIONS}), v.title) as title,
           coalesce(ts_headline('pt_unaccent', ${plainText(sql`v.body`)}, q.query, ${HEADLINE_OPTIONS}), '') as body
    from (values ${values}) as v(id, title, body), (select ${headlineQuery(text)} as query) q`);
  for (const row of result.rows) {
    out.set(Number(row.id), { title: row.title, body: row.body.replaceAll(WORD_JOINT, "") });
  }
  return out;
}

function summary(html: string): string {
  const text = html
    .replace(new RegExp(BLOCK_END, "gi"), " ")
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 180 ? `${text.slice(0, 177)}…` : text;
}
