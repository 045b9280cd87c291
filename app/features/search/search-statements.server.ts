// How a search's statements run (ADR 025): each kind in its own transaction under a statement timeout on
// PostgreSQL, its statements one after the other on that transaction's connection; and the few SQL pieces
// every kind's queries share.
import { AsyncLocalStorage } from "node:async_hooks";
import { sql, type SQL } from "drizzle-orm";
import { database, getDb, type Executor } from "#app/lib/db.server.ts";
import { searchText } from "#db/schema.ts";
import { textTerms } from "./search-query.ts";

export type SearchPage<T> = { items: T[]; total: number };

/** A page of results; `limit: 0` asks only how many there are. */
export type Paging = { limit: number; offset: number };

/**
 * How long PostgreSQL lets one search statement run before cancelling it (ADR 025): a search is never worth
 * holding a connection longer, and the visitor gets a message instead of a stalled page.
 */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2000;

/** The transaction a search runs in under its statement timeout (see `withStatementTimeout`). */
const searchTransaction = new AsyncLocalStorage<Executor>();

/** Where a search's statements go: its timed transaction when there is one, else the database. */
export async function searchDb(): Promise<Executor> {
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

/** Lexemes shorter than this match themselves only: a two-letter prefix would match half the index. */
const MIN_PREFIX = 3;

/**
 * Each group of words as the `&` of its lexemes as prefixes, the groups joined by `|`; null when every word is
 * a stopword. The lexemes come out of `to_tsvector` (stemmed, unaccented, plurals rewritten as in the
 * documents) and are quoted before the cast, so nothing typed is ever read as tsquery syntax.
 */
function prefixQuery(groups: string[][], rewrite: boolean): SQL {
  const group = sql.raw("grp");
  const words = rewrite ? searchText(group) : group;
  const lines = groups.map((g) => g.join(" ")).join("\n");
  return sql`(select string_agg('(' || g.q || ')', ' | ') from (
    select (select string_agg(quote_lexeme || case when length(lexeme) >= ${MIN_PREFIX} then ':*' else '' end, ' & ')
            from (select lexeme, '''' || replace(replace(lexeme, chr(92), chr(92) || chr(92)), '''', '''''') || '''' as quote_lexeme
                  from unnest(to_tsvector('pt_unaccent', ${words}))) lexemes) as q
    from unnest(string_to_array(${lines}::text, chr(10))) as grp) g
    where g.q is not null)::tsquery`;
}

/**
 * The text as a full-text query (ADR 033): every word a prefix, phrases in quotes and `-palavra` as websearch
 * reads them, in the `pt_unaccent` configuration, through the same plural rewrite as the documents.
 * `rewrite: false` leaves plurals as typed (for headlines: the text shown is not rewritten).
 */
export function tsQuery(text: string, { rewrite = true } = {}): SQL {
  const { groups, exact } = textTerms(text);
  const words = groups.length ? prefixQuery(groups, rewrite) : null;
  const typed = sql`${exact}::text`;
  const phrases = exact
    ? sql`websearch_to_tsquery('pt_unaccent', ${rewrite ? searchText(typed) : typed})`
    : null;
  if (words && phrases) return sql`coalesce(${words} && ${phrases}, ${phrases})`;
  return words ?? phrases ?? sql`null::tsquery`;
}

/**
 * A LIKE pattern for values that begin with `typed`, its `%`, `_` and `\` taken literally; null for an empty
 * prefix, which would match every value.
 */
export function likePrefix(typed: string): string | null {
  return typed ? `${typed.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
}

/** The text with whole words (no prefixes): ranks a word above the longer words it begins. */
export function exactQuery(text: string): SQL {
  return sql`websearch_to_tsquery('pt_unaccent', ${searchText(sql`${text}::text`)})`;
}

/** The plain words in -ção/-ão as their plurals, as typed otherwise (see `headlineQuery`). */
function plurals(text: string): string {
  return text.replace(/-?"[^"]*"?|\S+/g, (token) =>
    token.startsWith('"') || token.startsWith("-")
      ? token
      : token.replace(/ão$/i, "ões").replace(/ao$/i, "oes"),
  );
}

/**
 * What snippets highlight: the query, and its words as typed and as plurals unrewritten — the text shown is not
 * rewritten, so its "Funções" is 'funco' to ts_headline, where the query's "funcao" is 'funca'.
 */
export function headlineQuery(text: string): SQL {
  const shown = sql`${tsQuery(text, { rewrite: false })} || ${tsQuery(plurals(text), { rewrite: false })}`;
  return sql`coalesce(${tsQuery(text)} || ${shown}, ${tsQuery(text)})`;
}

/** The conditions joined by `and` (none: `true`). */
export const allOf = (conditions: SQL[]): SQL =>
  conditions.length ? sql.join(conditions, sql` and `) : sql`true`;

/**
 * How many rows match, without ranking them: the search page shows the other kinds' tabs with their totals
 * only (`limit: 0`).
 */
export async function countOf(from: SQL, where: SQL): Promise<number> {
  const db = await searchDb();
  const result = await db.execute<{ total: string }>(
    sql`select count(*) as total from ${from} where ${where}`,
  );
  return Number(result.rows[0]?.total ?? 0);
}
