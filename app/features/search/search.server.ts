// Full-text search over questions (and their answers), posts, members and tags with PostgreSQL: the
// `pt_unaccent` configuration (Portuguese stems, accents ignored), titles weighted above bodies, ranked by
// relevance and freshness, with trigram matching as the fallback for misspellings. Every query is paginated in
// SQL over GIN indexes; snippets are made only for the rows of the page. This module runs the kinds side by
// side, each under its statement timeout: the /search page and the header's box.
import { searchPosts, searchQuestions } from "./document-kinds.server.ts";
import { searchMembers } from "./member-search.server.ts";
import { pastedError } from "#app/features/errors/error-signatures.ts";
import {
  SEARCH_KINDS,
  hasCriteria,
  parseSearchQuery as parseTypedQuery,
  pastedErrorSearch,
  MAX_SEARCH_QUERY,
  type ParsedSearch,
  type SearchHit,
  type SearchKind,
} from "./search-query.ts";
import {
  isStatementTimeout,
  withStatementTimeout,
  type Paging,
  type SearchPage,
} from "./search-statements.server.ts";
import { searchTags } from "./tag-search.server.ts";

/**
 * What was typed, or, for a pasted error trace as the whole query (several lines, or an error line with a code
 * or a message), a search by its errors (ADR 041): full text on a trace's paths and frames finds only noise.
 */
export function parseSearchQuery(query: string): ParsedSearch {
  if (!/(^|\s)erro:/i.test(query) && pastedError(query.slice(0, MAX_SEARCH_QUERY))) {
    return pastedErrorSearch(query);
  }
  return parseTypedQuery(query);
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

/**
 * The /search page: the chosen kind's page of results, and how many of each kind there are. Without a chosen
 * kind (`null`), questions, unless they found nothing and another kind did: then the first of those, so a search
 * that found a post or a member does not open on "nothing found".
 */
export async function search(
  query: string,
  chosen: SearchKind | null,
  page: number,
  pageSize = 10,
): Promise<SearchResults> {
  const kind = chosen ?? "questions";
  const parsed = parseSearchQuery(query);
  const empty = { items: [], total: 0 };
  const none = { query, parsed, kind, page: empty, totals: { questions: 0, posts: 0, members: 0, tags: 0 } };
  if (!hasCriteria(parsed)) {
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
  const found = chosen === null && totals[kind] === 0 ? SEARCH_KINDS.find((k) => totals[k] > 0) : undefined;
  if (found) return search(query, found, page, pageSize);
  return { query, parsed, kind, page: pages[SEARCH_KINDS.indexOf(kind)] ?? empty, totals, timedOut: false };
}

export type QuickSearch = { hits: SearchHit[]; limited: boolean; timedOut: boolean };

/** The header's box: up to five results in all, grouped by kind, questions first. */
export async function quickSearch(query: string, max = 5): Promise<QuickSearch> {
  const parsed = parseSearchQuery(query);
  const found = { hits: [], limited: parsed.limited, timedOut: false };
  if (!parsed.text && !parsed.tags.length && !parsed.user && !parsed.error) return found;
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
