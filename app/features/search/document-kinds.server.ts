// Questions and posts as the document search pipeline sees them (document-search.server.ts): their table,
// text sources, operators, columns and hits.
import { sql } from "drizzle-orm";
import { searchDocuments, type DocumentKind } from "./document-search.server.ts";
import { questionsOnly, type ParsedSearch, type PostHit, type QuestionHit } from "./search-query.ts";
import { searchDb, type Paging, type SearchPage } from "./search-statements.server.ts";
// Errors are indexed by their own feature (ADR 041); the search asks it which questions carry one.
import { MAX_ERROR_MATCHES, matchSignatures } from "#app/features/errors/error-index.server.ts";
import { errorQuerySignatures } from "#app/features/errors/error-signatures.ts";
import { href } from "react-router";

type QuestionRow = {
  id: number;
  title: string;
  description: string;
  details: string;
  score: number;
  answer_count: number;
  accepted_answer_id: number | null;
  closed_at: string | null;
  close_reason: string | null;
  created_at: string;
  name: string;
  handle: string;
};

const questionKind: DocumentKind<QuestionRow, QuestionHit> = {
  table: "questions",
  alias: "q",
  tagLink: { table: "question_tags", alias: "qt", column: "question_id" },
  // A question matches through its own text and through the text of its answers (by anyone: `user:` is the
  // asker, checked on the question).
  sources: [
    { table: "questions", documentId: "id", byAuthor: true },
    { table: "answers", documentId: "question_id", byAuthor: false },
  ],
  operators: (parsed) => [
    ...(parsed.answered ? [sql`q.answer_count > 0`] : []),
    ...(parsed.accepted ? [sql`q.accepted_answer_id is not null`] : []),
    ...(parsed.status === "closed" ? [sql`q.closed_at is not null`] : []),
    ...(parsed.status === "open" ? [sql`q.closed_at is null`] : []),
  ],
  columns: [
    "id",
    "title",
    "description",
    "details",
    "score",
    "answer_count",
    "accepted_answer_id",
    "closed_at",
    "close_reason",
    "created_at",
  ],
  body: (r) => `${r.description} ${r.details}`,
  toHit: (r, shown) => ({
    kind: "questions",
    id: r.id,
    title: shown.title,
    snippet: shown.snippet,
    score: Number(r.score),
    answerCount: Number(r.answer_count),
    accepted: r.accepted_answer_id !== null,
    closed: r.closed_at === null ? null : r.close_reason === "duplicate" ? "duplicate" : "closed",
    createdAt: new Date(r.created_at).toISOString(),
    authorName: r.name,
    authorHandle: r.handle,
    url: href("/questions/:id", { id: String(r.id) }),
  }),
};

type PostRow = {
  id: number;
  slug: string;
  title: string;
  description: string;
  body: string;
  like_count: number;
  created_at: string;
  name: string;
  handle: string;
};

const postKind: DocumentKind<PostRow, PostHit> = {
  table: "posts",
  alias: "p",
  tagLink: { table: "post_tags", alias: "pt", column: "post_id" },
  sources: [{ table: "posts", documentId: "id", byAuthor: true }],
  // Answers, acceptance and closing are about questions: a search asking for them finds no posts.
  operators: (parsed) => (questionsOnly(parsed) ? null : []),
  columns: ["id", "slug", "title", "description", "body", "like_count", "created_at"],
  body: (r) => `${r.description} ${r.body}`,
  toHit: (r, shown) => ({
    kind: "posts",
    id: r.id,
    slug: r.slug,
    title: shown.title,
    snippet: shown.snippet,
    likeCount: Number(r.like_count),
    createdAt: new Date(r.created_at).toISOString(),
    authorName: r.name,
    authorHandle: r.handle,
    url: href("/blog/:slug", { slug: r.slug }),
  }),
};

/**
 * Questions; with an error (`erro:"…"` or a pasted trace, ADR 041), only those carrying it, best match first
 * (the index gives at most MAX_ERROR_MATCHES), the other operators and words applying as usual, and the
 * matched error line as the snippet.
 */
export async function searchQuestions(
  parsed: ParsedSearch,
  paging: Paging,
): Promise<SearchPage<QuestionHit>> {
  if (parsed.error === null) return searchDocuments(questionKind, parsed, paging);
  const matches = await matchSignatures(errorQuerySignatures(parsed.error), {
    limit: MAX_ERROR_MATCHES,
    db: await searchDb(),
  });
  if (!matches.length) return { items: [], total: 0 };
  const ids = matches.map((m) => m.id);
  const restricted: DocumentKind<QuestionRow, QuestionHit> = {
    ...questionKind,
    operators: (p) => [...(questionKind.operators(p) ?? []), sql`q.id = any(${`{${ids.join(",")}}`}::int[])`],
  };
  const all = await searchDocuments(restricted, parsed, {
    limit: paging.limit === 0 ? 0 : MAX_ERROR_MATCHES,
    offset: 0,
  });
  if (paging.limit === 0) return all;
  const order = new Map(matches.map((m, i) => [m.id, i]));
  const lines = new Map(matches.map((m) => [m.id, m.line]));
  const items = all.items
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .slice(paging.offset, paging.offset + paging.limit)
    .map((hit) => (parsed.text ? hit : { ...hit, snippet: lines.get(hit.id) ?? hit.snippet }));
  return { total: all.total, items };
}

export function searchPosts(parsed: ParsedSearch, paging: Paging): Promise<SearchPage<PostHit>> {
  return searchDocuments(postKind, parsed, paging);
}
