// Parses what a person types into the search box: free text plus the operators [tag], user:handle,
// is:answered, is:accepted, is:closed, is:open and erro:"…"; a pasted error trace as the whole query is searched
// by its errors (ADR 041, search.server.ts). Shared by the browser (highlighting) and the server (queries).
import { decodeHtmlEntities } from "#app/lib/html-entities.ts";

export type ParsedSearch = {
  /** Free text, quotes kept for phrase search (websearch syntax). */
  text: string;
  tags: string[];
  user: string | null;
  answered: boolean;
  accepted: boolean;
  /** is:closed / is:open (the last one typed counts); null for both. */
  status: "open" | "closed" | null;
  /** Tags or words past the limits below were left out (the results page says so). */
  limited: boolean;
  /**
   * The error searched for: the value of `erro:"…"`, or the whole query when it is a pasted error trace
   * (then `text` is empty: full text on a trace's paths and frames finds only noise). Null otherwise.
   */
  error: string | null;
};

/** A query this long can only be a pasted trace: it is read for its errors, its words cut as any query's. */
export const MAX_SEARCH_QUERY = 4000;

/**
 * Each tag is a join and each word a text-index lookup in every searched table: sixty `[tag]` operators made
 * one search cost half a second and stalled every page on PGlite. A person rarely types more.
 */
export const MAX_SEARCH_TAGS = 5;
/** Tags and words together (user: and is: hold one value each and cost nothing more when repeated). */
export const MAX_SEARCH_TERMS = 10;

export function parseSearchQuery(input: string): ParsedSearch {
  const tags: string[] = [];
  let user: string | null = null;
  let answered = false;
  let accepted = false;
  let status: ParsedSearch["status"] = null;
  let limited = false;
  let error: string | null = null;
  const whole = input.slice(0, MAX_SEARCH_QUERY);
  const operator = /(^|\s)erro:(?:"([^"]{1,1000})"?|(\S{1,200}))/i.exec(whole);
  if (operator) error = (operator[2] ?? operator[3] ?? "").trim() || null;
  let rest = (operator ? whole.replace(operator[0], operator[1] ?? " ") : whole).slice(0, 300);

  rest = rest.replace(/\[([^\]]{1,35})\]/g, (_, tag: string) => {
    const name = tag.trim();
    if (!name || tags.some((t) => t.toLowerCase() === name.toLowerCase())) return " ";
    if (tags.length < MAX_SEARCH_TAGS) tags.push(name);
    else limited = true;
    return " ";
  });
  rest = rest.replace(/(^|\s)user:@?([\w.-]{1,40})/gi, (_, space: string, handle: string) => {
    user = handle;
    return space;
  });
  rest = rest.replace(/(^|\s)is:(answered|accepted)\b/gi, (_, space: string, flag: string) => {
    if (flag.toLowerCase() === "answered") answered = true;
    else accepted = true;
    return space;
  });
  rest = rest.replace(/(^|\s)is:(closed|open)\b/gi, (_, space: string, flag: string) => {
    status = flag.toLowerCase() === "closed" ? "closed" : "open";
    return space;
  });
  const words = rest.split(/\s+/).filter(Boolean);
  const room = MAX_SEARCH_TERMS - tags.length;
  if (words.length > room) limited = true;
  return { text: words.slice(0, room).join(" "), tags, user, answered, accepted, status, limited, error };
}

/**
 * The free text split for the full-text query (ADR 033): plain words, in groups separated by `or`, each of
 * which becomes a prefix (`docker postgres` → `docker:* & postgr:*`); phrases in quotes and `-palavra` keep
 * websearch's meaning and are passed on as `exact`.
 */
export type TextTerms = { groups: string[][]; exact: string };

export function textTerms(text: string): TextTerms {
  const groups: string[][] = [[]];
  const exact: string[] = [];
  // A quote left open runs to the end, as websearch_to_tsquery reads it.
  for (const token of text.match(/-?"[^"]*"?|\S+/g) ?? []) {
    if (token.startsWith('"') || token.startsWith('-"') || (token.startsWith("-") && token.length > 1)) {
      exact.push(token);
    } else if (token.toLowerCase() === "or") {
      if (groups.at(-1)?.length) groups.push([]);
    } else {
      groups.at(-1)?.push(token);
    }
  }
  return { groups: groups.filter((g) => g.length > 0), exact: exact.join(" ") };
}

/** The results page's note when a query was `limited`. */
export const LIMITED_SEARCH_NOTE = `Sua busca foi limitada a ${MAX_SEARCH_TERMS} termos (até ${MAX_SEARCH_TAGS} tags); o restante foi ignorado.`;

export const SEARCH_TIMED_OUT_MESSAGE =
  "A busca demorou demais e foi interrompida. Tente de novo com menos palavras ou tags.";

/** A query that is a pasted error trace: its errors are searched, not its words (search.server.ts decides). */
export function pastedErrorSearch(query: string): ParsedSearch {
  return {
    text: "",
    tags: [],
    user: null,
    answered: false,
    accepted: false,
    status: null,
    limited: false,
    error: query.slice(0, MAX_SEARCH_QUERY),
  };
}

export function hasCriteria(parsed: ParsedSearch): boolean {
  return Boolean(parsed.text || parsed.tags.length || parsed.user || questionsOnly(parsed) || parsed.error);
}

/**
 * An `is:` operator is about questions (answers, acceptance, closing), and errors are indexed for questions
 * and their answers: other kinds find nothing for them.
 */
export function questionsOnly(parsed: ParsedSearch): boolean {
  return parsed.answered || parsed.accepted || parsed.status !== null || parsed.error !== null;
}

/** Markers ts_headline puts around matched words; the UI turns them into <mark> without parsing HTML. */
export const MARK_START = "⟦";
export const MARK_END = "⟧";

export type SnippetPart = { text: string; match: boolean };

/**
 * Splits a highlighted snippet into plain parts and matched parts (rendered as text, never as HTML). A snippet of
 * a body comes from HTML and has its character references decoded; a title or a name is plain text, shown as
 * typed (`&#x110000;` in a title is those ten characters).
 */
export function snippetParts(snippet: string, from: "html" | "text" = "html"): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let match = false;
  const text = from === "html" ? decodeHtmlEntities(snippet) : snippet;
  for (const piece of text.split(new RegExp(`(${MARK_START}|${MARK_END})`))) {
    if (piece === MARK_START) match = true;
    else if (piece === MARK_END) match = false;
    else if (piece) parts.push({ text: piece, match });
  }
  return parts;
}

// ---------------------------------------------------------------------------------------- result shapes

export type SearchKind = "questions" | "posts" | "members" | "tags";
export const SEARCH_KINDS: SearchKind[] = ["questions", "posts", "members", "tags"];

export type QuestionHit = {
  kind: "questions";
  id: number;
  title: string;
  snippet: string;
  score: number;
  answerCount: number;
  accepted: boolean;
  /** Closed ("[fechada]") or closed as a duplicate ("[duplicada]"), or null. */
  closed: "closed" | "duplicate" | null;
  createdAt: string;
  authorName: string;
  authorHandle: string;
  url: string;
};
export type PostHit = {
  kind: "posts";
  id: number;
  slug: string;
  title: string;
  snippet: string;
  likeCount: number;
  createdAt: string;
  authorName: string;
  authorHandle: string;
  url: string;
};
export type MemberHit = {
  kind: "members";
  id: number;
  handle: string;
  name: string;
  roleLine: string;
  avatarUrl: string | null;
  reputation: number;
  url: string;
};
export type TagHit = {
  kind: "tags";
  id: number;
  name: string;
  slug: string;
  description: string;
  count: number;
  url: string;
};
export type SearchHit = QuestionHit | PostHit | MemberHit | TagHit;
