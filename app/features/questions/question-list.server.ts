// The question lists: the home list with its sorts, filters and pages (all in SQL, on the indexes of
// db/schema.ts), a member's questions, titles similar to one being typed and the sitemap's questions.
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from "drizzle-orm";
import { questions, questionTags, tagFollows, tags, users } from "#db/schema.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { sharedListPages, shortCache } from "#app/lib/short-cache.server.ts";
import { richTextToPlainText } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { bountyTimeLeft } from "./bounty-time.ts";
import { closedMarkOf, type ClosedMark } from "./format.ts";
import type { QuestionListQuery } from "./list-query.ts";
import {
  authorColumns,
  openBounty,
  tagsOfQuestions,
  type AuthorSummary,
  type TagLink,
} from "./question-rows.server.ts";
import { PAGE_SIZE, TITLE_MAX } from "./schemas.ts";

export type QuestionPreview = {
  id: number;
  title: string;
  /** The description's plain text, cut to a few lines' worth (the page clamps it to two). */
  excerpt: string;
  tags: TagLink[];
  author: AuthorSummary;
  score: number;
  answerCount: number;
  hasAcceptedAnswer: boolean;
  viewCount: number;
  /** An open bounty (not awarded, not expired) and how long it still runs, or null. */
  bounty: { amount: number; expiresAt: Date; timeLeft: string } | null;
  createdAt: Date;
  lastActivityAt: Date;
  /** Closed ("[fechada]") or closed as a duplicate ("[duplicada]"), or null. */
  closed: ClosedMark;
  /** Why it was closed, and the original of a duplicate (the REST API shows both). */
  closeReason: string | null;
  duplicateOfId: number | null;
  /** Locked by the moderation. */
  locked: boolean;
};

export type QuestionListPage = {
  items: QuestionPreview[];
  total: number;
  page: number;
  totalPages: number;
};

const EXCERPT_LENGTH = 280;

function excerptOf(html: string): string {
  const text = richTextToPlainText(html);
  if (text.length <= EXCERPT_LENGTH) return text;
  return `${text.slice(0, EXCERPT_LENGTH).replace(/\s+\S*$/, "")}…`;
}

const previewColumns = {
  id: questions.id,
  title: questions.title,
  description: questions.description,
  score: questions.score,
  answerCount: questions.answerCount,
  acceptedAnswerId: questions.acceptedAnswerId,
  viewCount: questions.viewCount,
  bountyAmount: questions.bountyAmount,
  bountyExpiresAt: questions.bountyExpiresAt,
  bountyOpen: sql<boolean>`coalesce(${openBounty}, false)`,
  createdAt: questions.createdAt,
  lastActivityAt: questions.lastActivityAt,
  closedAt: questions.closedAt,
  closeReason: questions.closeReason,
  duplicateOfId: questions.duplicateOfId,
  lockedAt: questions.lockedAt,
  author: authorColumns,
};

type PreviewRow = {
  id: number;
  title: string;
  description: string;
  score: number;
  answerCount: number;
  acceptedAnswerId: number | null;
  viewCount: number;
  bountyAmount: number | null;
  bountyExpiresAt: Date | null;
  bountyOpen: boolean;
  createdAt: Date;
  lastActivityAt: Date;
  closedAt: Date | null;
  closeReason: string | null;
  duplicateOfId: number | null;
  lockedAt: Date | null;
  author: AuthorSummary;
};

/** Rows of `previewColumns` as previews, with their tags fetched in one query. */
async function toPreviews(rows: PreviewRow[]): Promise<QuestionPreview[]> {
  const tagMap = await tagsOfQuestions(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    excerpt: excerptOf(r.description),
    tags: tagMap.get(r.id) ?? [],
    author: r.author,
    score: r.score,
    answerCount: r.answerCount,
    hasAcceptedAnswer: r.acceptedAnswerId !== null,
    viewCount: r.viewCount,
    bounty:
      r.bountyOpen && r.bountyAmount !== null && r.bountyExpiresAt
        ? {
            amount: r.bountyAmount,
            expiresAt: r.bountyExpiresAt,
            timeLeft: bountyTimeLeft(r.bountyExpiresAt),
          }
        : null,
    createdAt: r.createdAt,
    lastActivityAt: r.lastActivityAt,
    closed: closedMarkOf(r.closedAt, r.closeReason),
    closeReason: r.closedAt ? r.closeReason : null,
    duplicateOfId: r.closedAt ? r.duplicateOfId : null,
    locked: r.lockedAt !== null,
  }));
}

/** Tag ids behind the tag filters; null when no tag filter is on. */
async function tagFilterIds(
  db: Executor,
  viewer: Viewer | null,
  query: Pick<QuestionListQuery, "followedTags" | "tags">,
): Promise<number[] | null> {
  if (!query.followedTags && !query.tags.length) return null;
  const ids = new Set<number>();
  if (query.tags.length) {
    const rows = await db.select({ id: tags.id }).from(tags).where(inArray(tags.slug, query.tags));
    for (const r of rows) ids.add(r.id);
  }
  if (query.followedTags && viewer) {
    const rows = await db
      .select({ id: tagFollows.tagId })
      .from(tagFollows)
      .where(eq(tagFollows.userId, viewer.id));
    for (const r of rows) ids.add(r.id);
  }
  return [...ids];
}

function hasAnyTag(tagIds: number[]): SQL {
  return exists(
    sql`(select 1 from ${questionTags} where ${questionTags.questionId} = ${questions.id} and ${inArray(questionTags.tagId, tagIds)})`,
  );
}

const ascending = asc;
const descending = desc;

/** Totals of the question lists, by filter, kept for five seconds. */
const listTotals = shortCache<number>(5000);

/** Pages of the lists, shared between members for a few seconds (most members read the same first pages). */
const listPages = sharedListPages<QuestionListPage>();

/** Forgets the lists' totals and pages: a question was asked, deleted or restored. */
export function forgetListTotals(): void {
  listTotals.clear();
  listPages.clear();
}

/** The list's order; `reverse` turns every column around (read from the end, then reversed). */
function orderFor(sort: QuestionListQuery["sort"], reverse = false): SQL[] {
  const desc = reverse ? ascending : descending;
  const asc = reverse ? descending : ascending;
  switch (sort) {
    case "top":
    case "week":
    case "month":
      return [desc(questions.score), desc(questions.id)];
    case "bounty":
      return [desc(questions.bountyAmount), asc(questions.bountyExpiresAt), desc(questions.id)];
    case "expiring":
      return [asc(questions.bountyExpiresAt), asc(questions.id)];
    case "activity":
      return [desc(questions.lastActivityAt), desc(questions.id)];
    case "answers":
      return [desc(questions.answerCount), desc(questions.id)];
    case "new":
      return [desc(questions.createdAt), desc(questions.id)];
  }
}

/** The WHERE of a list query (filters, status, sort window, tags); null when a tag filter names no tag. */
async function listFilter(
  db: Executor,
  viewer: Viewer | null,
  query: Omit<QuestionListQuery, "page">,
  onlyTag: string | undefined,
): Promise<{ where: SQL | undefined; filterIds: number[] | null } | null> {
  const conditions: (SQL | undefined)[] = [isNull(questions.deletedAt)];
  if (query.filters.includes("unanswered")) conditions.push(eq(questions.answerCount, 0));
  if (query.filters.includes("no-accepted")) conditions.push(isNull(questions.acceptedAnswerId));
  if (query.filters.includes("bounty") || query.sort === "bounty" || query.sort === "expiring") {
    conditions.push(openBounty);
  }
  if (query.status === "open") conditions.push(isNull(questions.closedAt));
  if (query.status === "closed") conditions.push(isNotNull(questions.closedAt));
  if (query.sort === "week") conditions.push(gte(questions.createdAt, sql`now() - interval '7 days'`));
  if (query.sort === "month") conditions.push(gte(questions.createdAt, sql`now() - interval '30 days'`));

  const filterIds = await tagFilterIds(db, viewer, query);
  if (filterIds) {
    if (!filterIds.length) return null;
    conditions.push(hasAnyTag(filterIds));
  }
  if (onlyTag !== undefined) {
    const [tag] = await db.select({ id: tags.id }).from(tags).where(eq(tags.slug, onlyTag));
    if (!tag) return null;
    conditions.push(hasAnyTag([tag.id]));
  }
  return { where: and(...conditions), filterIds };
}

/**
 * A page of the question list. Sorting, filtering, counting and paging all happen in SQL. `onlyTag` is the
 * tag of /questions/tagged/{slug}.
 */
export async function listQuestions(
  viewer: Viewer | null,
  query: QuestionListQuery,
  options: { onlyTag?: string; pageSize?: number } = {},
): Promise<QuestionListPage> {
  const db = await getDb();
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const page = Math.max(1, query.page);
  const empty: QuestionListPage = { items: [], total: 0, page, totalPages: 1 };

  const filtered = await listFilter(db, viewer, query, options.onlyTag);
  if (!filtered) return empty;
  const { where, filterIds } = filtered;

  // The total (for the page count) is reused for a few seconds: counting a million rows on every request costs
  // more than the page itself. Pages past the middle are read from the other end of the same index, reversed,
  // so a deep page costs what a first page does (see docs/decisions on performance).
  const countKey = [
    query.filters.join(","),
    query.status,
    query.sort,
    filterIds?.join(",") ?? "",
    options.onlyTag ?? "",
  ].join("|");
  return listPages.get(viewer, `${countKey}|${page}|${pageSize}`, async () => {
    const total = await listTotals.get(countKey, async () =>
      Number((await db.select({ total: count() }).from(questions).where(where))[0]?.total ?? 0),
    );
    const offset = (page - 1) * pageSize;
    const fromEnd = offset > total / 2;
    const limit = fromEnd ? Math.max(0, Math.min(pageSize, total - offset)) : pageSize;
    const found = limit
      ? await db
          .select(previewColumns)
          .from(questions)
          .innerJoin(users, eq(users.id, questions.authorId))
          .where(where)
          .orderBy(...orderFor(query.sort, fromEnd))
          .limit(limit)
          .offset(fromEnd ? Math.max(0, total - offset - limit) : offset)
      : [];
    const rows = fromEnd ? found.reverse() : found;
    return {
      items: await toPreviews(rows),
      total,
      page,
      totalPages: Math.max(1, Math.ceil(total / pageSize)),
    };
  });
}

// ------------------------------------------------------------------------------------- pages by key (REST API)

/** Where a page by key starts: the sort key of the last row seen (as PostgreSQL prints it) and its id. */
export type ListKey = { key: string[]; id: number };

type KeyColumn = { column: SQL | AnyColumn; descending: boolean; type: "timestamptz" | "integer" };

/** The SQL types of a sort's key before the id: what a cursor of that sort must hold (the API checks it). */
export function questionKeyTypes(sort: QuestionListQuery["sort"]): KeyColumn["type"][] {
  return keyColumns(sort).columns.map((c) => c.type);
}

/** The sort columns of each order before the id (the same order as `orderFor`, which the indexes follow). */
function keyColumns(sort: QuestionListQuery["sort"]): { columns: KeyColumn[]; idDescending: boolean } {
  const desc = (column: AnyColumn, type: KeyColumn["type"]) => ({ column, descending: true, type });
  const asc = (column: AnyColumn, type: KeyColumn["type"]) => ({ column, descending: false, type });
  switch (sort) {
    case "top":
    case "week":
    case "month":
      return { columns: [desc(questions.score, "integer")], idDescending: true };
    case "bounty":
      return {
        columns: [desc(questions.bountyAmount, "integer"), asc(questions.bountyExpiresAt, "timestamptz")],
        idDescending: true,
      };
    case "expiring":
      return { columns: [asc(questions.bountyExpiresAt, "timestamptz")], idDescending: false };
    case "activity":
      return { columns: [desc(questions.lastActivityAt, "timestamptz")], idDescending: true };
    case "answers":
      return { columns: [desc(questions.answerCount, "integer")], idDescending: true };
    case "new":
      return { columns: [desc(questions.createdAt, "timestamptz")], idDescending: true };
  }
}

/**
 * Rows after `after` in the list's order: (a, b, id) past (A, B, I) spelled out column by column, since the
 * directions differ. Every key column is NOT NULL in the lists that sort by it (bounty sorts keep open
 * bounties only). Values are compared as PostgreSQL printed them, so timestamps keep their microseconds.
 */
function afterKey(columns: KeyColumn[], idDescending: boolean, after: ListKey): SQL | undefined {
  const parts: { column: SQL | AnyColumn; descending: boolean; value: SQL }[] = columns.map((c, i) => ({
    column: c.column,
    descending: c.descending,
    value: sql`cast(${after.key[i] ?? null} as ${sql.raw(c.type)})`,
  }));
  parts.push({ column: questions.id, descending: idDescending, value: sql`${after.id}` });
  const alternatives = parts.map((part, i) =>
    and(
      ...parts.slice(0, i).map((earlier) => sql`${earlier.column} = ${earlier.value}`),
      part.descending ? sql`${part.column} < ${part.value}` : sql`${part.column} > ${part.value}`,
    ),
  );
  return or(...alternatives);
}

/**
 * A page of the question list by key (the REST API's cursor pagination, ADR 036): the same filters and
 * orders as `listQuestions`, walking the same indexes from where the last page ended, never counting or
 * skipping rows. `next` is the key of the last row when another page may follow.
 */
export async function listQuestionsByKey(
  viewer: Viewer | null,
  query: Omit<QuestionListQuery, "page">,
  options: { after?: ListKey | null; limit: number },
): Promise<{ items: QuestionPreview[]; next: ListKey | null }> {
  const db = await getDb();
  const filtered = await listFilter(db, viewer, query, undefined);
  if (!filtered) return { items: [], next: null };
  const { columns, idDescending } = keyColumns(query.sort);
  if (options.after && options.after.key.length !== columns.length) return { items: [], next: null };
  const printed = columns.map((c) => sql<string>`${c.column}::text`);
  const rows = await db
    .select({ ...previewColumns, sortKey: sql<string[]>`array[${sql.join(printed, sql`, `)}]::text[]` })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .where(and(filtered.where, options.after ? afterKey(columns, idDescending, options.after) : undefined))
    .orderBy(...orderFor(query.sort))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: await toPreviews(page),
    next: rows.length > options.limit && last ? { key: last.sortKey, id: last.id } : null,
  };
}

/** A member's live questions, newest first (their profile page). */
export async function listQuestionsByAuthor(
  authorId: number,
  options: { page?: number; pageSize?: number } = {},
): Promise<QuestionListPage> {
  const db = await getDb();
  const pageSize = Math.min(Math.max(options.pageSize ?? PAGE_SIZE, 1), 50);
  const page = Math.max(1, options.page ?? 1);
  const where = and(eq(questions.authorId, authorId), isNull(questions.deletedAt));
  const [rows, totals] = await Promise.all([
    db
      .select(previewColumns)
      .from(questions)
      .innerJoin(users, eq(users.id, questions.authorId))
      .where(where)
      .orderBy(desc(questions.createdAt), desc(questions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(questions).where(where),
  ]);
  const total = Number(totals[0]?.total ?? 0);
  return {
    items: await toPreviews(rows),
    total,
    page,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

/** The newest live questions of the members `viewer` follows (their home page). */
export async function listQuestionsOfFollowed(viewer: Viewer, limit = 5): Promise<QuestionPreview[]> {
  const db = await getDb();
  const rows = await db
    .select(previewColumns)
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .where(
      and(
        isNull(questions.deletedAt),
        sql`${questions.authorId} in (select "followee_id" from "follows" where "follower_id" = ${viewer.id})`,
      ),
    )
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .limit(limit);
  return toPreviews(rows);
}

/**
 * Up to `limit` live questions whose titles look like `text` (trigram similarity or full-text match), other than
 * `excludeId` (the question being edited, whose own title matches best).
 */
export async function findSimilarQuestions(
  text: string,
  limit = 5,
  excludeId?: number | null,
): Promise<{ id: number; title: string; answerCount: number; hasAcceptedAnswer: boolean }[]> {
  const q = text.trim().slice(0, TITLE_MAX);
  if (q.length < 4) return [];
  const db = await getDb();
  // Any of the title's words (not all of them, as plainto_tsquery would ask; ":A" keeps to the title's
  // weight in the search vector), ranked by how many match.
  const words = sql`plainto_tsquery('pt_unaccent', ${q})::text`;
  const titleWords = sql`regexp_replace(${words}, '''([^'']+)''', '''\\1'':A', 'g')`;
  const tsQuery = sql`to_tsquery('pt_unaccent', replace(${titleWords}, ' & ', ' | '))`;
  const similarity = sql<number>`word_similarity(${q}, ${questions.title})`;
  const rows = await db
    .select({
      id: questions.id,
      title: questions.title,
      answerCount: questions.answerCount,
      acceptedAnswerId: questions.acceptedAnswerId,
    })
    .from(questions)
    .where(
      and(
        isNull(questions.deletedAt),
        excludeId ? ne(questions.id, excludeId) : undefined,
        or(sql`${q} <% ${questions.title}`, sql`${questions.search} @@ ${tsQuery}`),
      ),
    )
    .orderBy(
      desc(sql`greatest(${similarity}, ts_rank(${questions.search}, ${tsQuery}))`),
      desc(questions.score),
      desc(questions.id),
    )
    .limit(Math.min(Math.max(limit, 1), 10));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    answerCount: r.answerCount,
    hasAcceptedAnswer: r.acceptedAnswerId !== null,
  }));
}

/** The newest live questions for the sitemap, with when they last changed. */
export async function listQuestionsForSitemap(limit = 5000): Promise<{ id: number; lastModified: Date }[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: questions.id, lastActivityAt: questions.lastActivityAt })
    .from(questions)
    .where(isNull(questions.deletedAt))
    .orderBy(desc(questions.createdAt), desc(questions.id))
    .limit(Math.max(1, Math.min(limit, 50_000)));
  return rows.map((r) => ({ id: r.id, lastModified: r.lastActivityAt }));
}
