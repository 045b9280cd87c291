// Questions and posts as the document search pipeline sees them (document-search.server.ts): their table,
// text sources, operators, columns and hits.
import { sql } from "drizzle-orm";
import { searchDocuments, type DocumentKind } from "./document-search.server.ts";
import { questionsOnly, type ParsedSearch, type PostHit, type QuestionHit } from "./search-query.ts";
import type { Paging, SearchPage } from "./search-statements.server.ts";
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

export function searchQuestions(parsed: ParsedSearch, paging: Paging): Promise<SearchPage<QuestionHit>> {
  return searchDocuments(questionKind, parsed, paging);
}

export function searchPosts(parsed: ParsedSearch, paging: Paging): Promise<SearchPage<PostHit>> {
  return searchDocuments(postKind, parsed, paging);
}
