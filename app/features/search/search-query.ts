// Parses what a person types into the search box: free text plus the operators [tag], user:handle,
// is:answered and is:accepted. Shared by the browser (highlighting) and the server (queries).

export type ParsedSearch = {
  /** Free text, quotes kept for phrase search (websearch syntax). */
  text: string;
  tags: string[];
  user: string | null;
  answered: boolean;
  accepted: boolean;
};

export function parseSearchQuery(input: string): ParsedSearch {
  const tags: string[] = [];
  let user: string | null = null;
  let answered = false;
  let accepted = false;
  let rest = input.slice(0, 300);

  rest = rest.replace(/\[([^\]]{1,35})\]/g, (_, tag: string) => {
    const name = tag.trim();
    if (name && !tags.some((t) => t.toLowerCase() === name.toLowerCase())) tags.push(name);
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
  return { text: rest.replace(/\s+/g, " ").trim(), tags, user, answered, accepted };
}

export function hasCriteria(parsed: ParsedSearch): boolean {
  return Boolean(parsed.text || parsed.tags.length || parsed.user || parsed.answered || parsed.accepted);
}

/** Markers ts_headline puts around matched words; the UI turns them into <mark> without parsing HTML. */
export const MARK_START = "⟦";
export const MARK_END = "⟧";

export type SnippetPart = { text: string; match: boolean };

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  "#39": "'",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return ENTITIES[name] ?? String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Splits a highlighted snippet into plain parts and matched parts (rendered as text, never as HTML). */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let match = false;
  for (const piece of decodeEntities(snippet).split(new RegExp(`(${MARK_START}|${MARK_END})`))) {
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
