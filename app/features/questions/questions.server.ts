// Questions: asking, editing (with revisions), deleting and restoring, the list with its sorts, filters and
// pages (all in SQL, on the indexes of db/schema.ts), the detail page's data, similar titles and the sitemap.
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import {
  bounties,
  favorites,
  questions,
  questionTags,
  revisions,
  tagFollows,
  tags,
  users,
} from "#db/schema.ts";
// The tags feature owns tag names, creation and normalisation; questions only link to them.
// Notifications are their own feature; a new question tells the followers of its tags.
import { notifyTagFollowers } from "#app/features/notifications/notify.server.ts";
import { normaliseTagNames, resolveTags } from "#app/features/tags/tags.server.ts";
import { getDb, isAnyOf, preparedQuery, type Executor } from "#app/lib/db.server.ts";
import { shortCache } from "#app/lib/short-cache.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { prepareRichText, richTextLength, richTextToPlainText } from "#app/lib/sanitize.server.ts";
import { isModerator, type Viewer } from "#app/lib/viewer.ts";
import {
  ACCESS_MESSAGES,
  canModify,
  canSeeDeleted,
  requireAuthorOrModerator,
  requireMember,
  requireModerator,
} from "./access.server.ts";
import { bountyTimeLeft } from "./bounty-time.ts";
import type { QuestionListQuery } from "./list-query.ts";
import { MESSAGES, PAGE_SIZE, TAGS_MAX, TEXT_MIN, TITLE_MAX, TITLE_MIN } from "./schemas.ts";
// How much a member may write in an hour (the accounts feature's public rule).
import { assertContentRate } from "#app/features/accounts/content-rate-limits.server.ts";

export type TagLink = { name: string; slug: string };

export type AuthorSummary = {
  id: number;
  handle: string;
  name: string;
  roleLine: string;
  avatarUrl: string | null;
  reputation: number;
};

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
};

export type QuestionListPage = {
  items: QuestionPreview[];
  total: number;
  page: number;
  totalPages: number;
};

export type QuestionWriteInput = {
  title: string;
  /** HTML of the details editor (sanitised here again). */
  description: string;
  /** HTML of the tried/expected editor. */
  details: string;
  tags: string[];
};

const EXCERPT_LENGTH = 280;

export const authorColumns = {
  id: users.id,
  handle: users.handle,
  name: users.name,
  roleLine: users.roleLine,
  avatarUrl: users.avatarUrl,
  reputation: users.reputation,
};

/** An open bounty: offered, not awarded (awarding clears it) and not expired. */
export const openBounty = and(isNotNull(questions.bountyAmount), gt(questions.bountyExpiresAt, sql`now()`));

function excerptOf(html: string): string {
  const text = richTextToPlainText(html);
  if (text.length <= EXCERPT_LENGTH) return text;
  return `${text.slice(0, EXCERPT_LENGTH).replace(/\s+\S*$/, "")}…`;
}

const tagsOfQuestionIds = preparedQuery((db) =>
  db
    .select({ questionId: questionTags.questionId, name: tags.name, slug: tags.slug })
    .from(questionTags)
    .innerJoin(tags, eq(tags.id, questionTags.tagId))
    .where(isAnyOf(questionTags.questionId, "ids"))
    .orderBy(asc(questionTags.questionId), asc(questionTags.position), asc(tags.name))
    .prepare("tags_of_questions"),
);

/** Tags of some questions, in their chosen order, in one query. */
export async function tagsOfQuestions(ids: number[]): Promise<Map<number, TagLink[]>> {
  const map = new Map<number, TagLink[]>();
  if (!ids.length) return map;
  const rows = await tagsOfQuestionIds({ ids });
  for (const row of rows) {
    const list = map.get(row.questionId) ?? [];
    list.push({ name: row.name, slug: row.slug });
    map.set(row.questionId, list);
  }
  return map;
}

// ------------------------------------------------------------------------------------------------ list

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

  const conditions: (SQL | undefined)[] = [isNull(questions.deletedAt)];
  if (query.filters.includes("unanswered")) conditions.push(eq(questions.answerCount, 0));
  if (query.filters.includes("no-accepted")) conditions.push(isNull(questions.acceptedAnswerId));
  if (query.filters.includes("bounty") || query.sort === "bounty" || query.sort === "expiring") {
    conditions.push(openBounty);
  }
  if (query.sort === "week") conditions.push(gte(questions.createdAt, sql`now() - interval '7 days'`));
  if (query.sort === "month") conditions.push(gte(questions.createdAt, sql`now() - interval '30 days'`));

  const filterIds = await tagFilterIds(db, viewer, query);
  if (filterIds) {
    if (!filterIds.length) return empty;
    conditions.push(hasAnyTag(filterIds));
  }
  if (options.onlyTag !== undefined) {
    const [tag] = await db.select({ id: tags.id }).from(tags).where(eq(tags.slug, options.onlyTag));
    if (!tag) return empty;
    conditions.push(hasAnyTag([tag.id]));
  }
  const where = and(...conditions);

  // The total (for the page count) is reused for a few seconds: counting a million rows on every request costs
  // more than the page itself. Pages past the middle are read from the other end of the same index, reversed,
  // so a deep page costs what a first page does (see docs/decisions on performance).
  const countKey = [
    query.filters.join(","),
    query.sort,
    filterIds?.join(",") ?? "",
    options.onlyTag ?? "",
  ].join("|");
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
}

/** Up to `limit` live questions whose titles look like `text` (trigram similarity or full-text match). */
export async function findSimilarQuestions(
  text: string,
  limit = 5,
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

// ------------------------------------------------------------------------------------------ one question

export type QuestionDetail = {
  id: number;
  title: string;
  description: string;
  details: string;
  tags: TagLink[];
  author: AuthorSummary;
  score: number;
  answerCount: number;
  commentCount: number;
  viewCount: number;
  favoriteCount: number;
  acceptedAnswerId: number | null;
  createdAt: Date;
  updatedAt: Date | null;
  lastActivityAt: Date;
  deletedAt: Date | null;
  /** The open bounty, or null. */
  bounty: { id: number; amount: number; expiresAt: Date; offererId: number } | null;
  /** Revisions beyond the first (the question was edited). */
  edited: boolean;
};

// The question page's own queries, prepared once (see preparedQuery).
const questionById = preparedQuery((db) =>
  db
    .select({
      question: questions,
      author: authorColumns,
      bountyOpen: sql<boolean>`coalesce(${openBounty}, false)`,
      revisionCount:
        sql<number>`(select count(*) from ${revisions} where ${revisions.targetKind} = 'question' and ${revisions.targetId} = ${questions.id})`.mapWith(
          Number,
        ),
    })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .where(eq(questions.id, sql.placeholder("id")))
    .prepare("question_by_id"),
);

const openBountyOf = preparedQuery((db) =>
  db
    .select({
      id: bounties.id,
      amount: bounties.amount,
      expiresAt: bounties.expiresAt,
      offererId: bounties.offererId,
    })
    .from(bounties)
    .where(
      and(
        eq(bounties.questionId, sql.placeholder("questionId")),
        isNull(bounties.awardedAt),
        gt(bounties.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(bounties.createdAt))
    .limit(1)
    .prepare("open_bounty_of_question"),
);

/**
 * A question as the detail page shows it, or null when it does not exist or is deleted (moderators still see
 * deleted ones). Rich text comes back as stored (sanitised on the way in); the page sanitises it again.
 */
export async function getQuestion(viewer: Viewer | null, id: number): Promise<QuestionDetail | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await questionById({ id });
  if (!row) return null;
  const q = row.question;
  if (q.deletedAt && !canSeeDeleted(viewer)) return null;
  const [tagMap, openBountyRow] = await Promise.all([
    tagsOfQuestions([id]),
    row.bountyOpen ? openBountyOf({ questionId: id }) : Promise.resolve([]),
  ]);
  return {
    id: q.id,
    title: q.title,
    description: q.description,
    details: q.details,
    tags: tagMap.get(id) ?? [],
    author: row.author,
    score: q.score,
    answerCount: q.answerCount,
    commentCount: q.commentCount,
    viewCount: q.viewCount,
    favoriteCount: q.favoriteCount,
    acceptedAnswerId: q.acceptedAnswerId,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
    lastActivityAt: q.lastActivityAt,
    deletedAt: q.deletedAt,
    bounty: openBountyRow[0] ?? null,
    edited: row.revisionCount > 1,
  };
}

/** What the viewer may do with a question (the page shows only the controls that will work). */
export function questionPermissions(viewer: Viewer | null, question: QuestionDetail) {
  const own = viewer?.id === question.author.id;
  return {
    canEdit: canModify(viewer, question.author.id) && !question.deletedAt,
    canDelete: !question.deletedAt && (isModerator(viewer) || (own && question.answerCount === 0)),
    canRestore: Boolean(question.deletedAt) && isModerator(viewer),
    canVote: Boolean(viewer) && !own && !question.deletedAt,
    canAccept: own && !question.deletedAt,
    isAuthor: own,
  };
}

// ------------------------------------------------------------------------------------------------- write

type CheckedQuestion = { title: string; description: string; details: string; tagNames: string[] };

/** The server's own checks of a question form (after the Zod schema): sanitised text lengths, tag count. */
function checkQuestion(input: QuestionWriteInput): CheckedQuestion {
  const title = input.title.replace(/\s+/g, " ").trim();
  if (!title) throw new AppError("validation", MESSAGES.titleRequired, { field: "title" });
  if (title.length < TITLE_MIN) throw new AppError("validation", MESSAGES.titleShort, { field: "title" });
  if (title.length > TITLE_MAX) throw new AppError("validation", MESSAGES.titleLong, { field: "title" });
  const description = prepareRichText(input.description, { field: "description" });
  if (richTextLength(description) < TEXT_MIN) {
    throw new AppError("validation", MESSAGES.descriptionShort, { field: "description" });
  }
  const details = prepareRichText(input.details, { field: "details" });
  if (richTextLength(details) < TEXT_MIN) {
    throw new AppError("validation", MESSAGES.detailsShort, { field: "details" });
  }
  const tagNames = normaliseTagNames(input.tags);
  if (tagNames.length > TAGS_MAX) throw new AppError("validation", MESSAGES.tagsMax, { field: "tags" });
  if (tagNames.length < 1) throw new AppError("validation", MESSAGES.tagsMin, { field: "tags" });
  return { title, description, details, tagNames };
}

async function moveTagCounts(tx: Executor, tagIds: number[], delta: 1 | -1) {
  if (!tagIds.length) return;
  await tx
    .update(tags)
    .set({ questionCount: sql`greatest(${tags.questionCount} + ${delta}, 0)` })
    .where(
      inArray(
        tags.id,
        [...tagIds].sort((a, b) => a - b),
      ),
    );
}

/** The tags named (creating new ones), with their stored spelling, in the order given. */
async function resolveTagRows(tx: Executor, names: string[]): Promise<{ id: number; name: string }[]> {
  const ids = [...new Set(await resolveTags(tx, names))];
  if (!ids.length) return [];
  const rows = await tx.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, ids));
  const nameOf = new Map(rows.map((r) => [r.id, r.name]));
  return ids.map((id) => ({ id, name: nameOf.get(id) ?? "" }));
}

async function tagIdsOf(tx: Executor, questionId: number): Promise<number[]> {
  const rows = await tx
    .select({ tagId: questionTags.tagId })
    .from(questionTags)
    .where(eq(questionTags.questionId, questionId));
  return rows.map((r) => r.tagId);
}

/** Asks a question. Returns its id (numeric and sequential: the serial). */
export async function createQuestion(
  viewer: Viewer | null,
  input: QuestionWriteInput,
): Promise<{ id: number }> {
  const member = requireMember(viewer);
  const checked = checkQuestion(input);
  await assertContentRate(member, "question");
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(questions)
      .values({
        authorId: member.id,
        title: checked.title,
        description: checked.description,
        details: checked.details,
      })
      .returning({ id: questions.id });
    if (!row) throw new Error("createQuestion: insert returned nothing");
    const resolved = await resolveTagRows(tx, checked.tagNames);
    if (resolved.length) {
      await tx
        .insert(questionTags)
        .values(resolved.map((t, position) => ({ questionId: row.id, tagId: t.id, position })));
      await moveTagCounts(
        tx,
        resolved.map((t) => t.id),
        1,
      );
    }
    await tx.insert(revisions).values({
      targetKind: "question",
      targetId: row.id,
      editorId: member.id,
      title: checked.title,
      body: checked.description,
      details: checked.details,
      tags: resolved.map((t) => t.name),
    });
    await notifyTagFollowers(tx, {
      actorId: member.id,
      questionId: row.id,
      questionTitle: checked.title,
      tags: resolved,
    });
    return { id: row.id };
  });
  listTotals.clear();
  return result;
}

/** The values the edit form starts from. Null when the viewer may not edit it. */
export async function getQuestionForEdit(
  viewer: Viewer | null,
  id: number,
): Promise<{ id: number; title: string; description: string; details: string; tags: string[] } | null> {
  const question = await getQuestion(viewer, id);
  if (!question || question.deletedAt || !canModify(viewer, question.author.id)) return null;
  return {
    id: question.id,
    title: question.title,
    description: question.description,
    details: question.details,
    tags: question.tags.map((t) => t.name),
  };
}

/** Edits a question (author or moderator), keeping a revision and the tags' counts exact. */
export async function updateQuestion(
  viewer: Viewer | null,
  id: number,
  input: QuestionWriteInput,
): Promise<{ id: number; changed: boolean }> {
  requireMember(viewer);
  const checked = checkQuestion(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(questions).where(eq(questions.id, id)).for("update");
    if (!current || current.deletedAt) throw new AppError("not_found", ACCESS_MESSAGES.questionNotFound);
    const member = requireAuthorOrModerator(viewer, current.authorId);

    const resolved = await resolveTagRows(tx, checked.tagNames);
    const before = await tx
      .select({ tagId: questionTags.tagId, position: questionTags.position, name: tags.name })
      .from(questionTags)
      .innerJoin(tags, eq(tags.id, questionTags.tagId))
      .where(eq(questionTags.questionId, id))
      .orderBy(asc(questionTags.position));
    const sameTags = before.length === resolved.length && before.every((b, i) => b.tagId === resolved[i]?.id);
    const changed =
      !sameTags ||
      current.title !== checked.title ||
      current.description !== checked.description ||
      current.details !== checked.details;
    if (!changed) return { id, changed: false };

    if (!sameTags) {
      const beforeIds = new Set(before.map((b) => b.tagId));
      const afterIds = new Set(resolved.map((t) => t.id));
      await moveTagCounts(
        tx,
        [...beforeIds].filter((t) => !afterIds.has(t)),
        -1,
      );
      await moveTagCounts(
        tx,
        [...afterIds].filter((t) => !beforeIds.has(t)),
        1,
      );
      await tx.delete(questionTags).where(eq(questionTags.questionId, id));
      await tx
        .insert(questionTags)
        .values(resolved.map((t, position) => ({ questionId: id, tagId: t.id, position })));
    }
    const now = new Date();
    await tx
      .update(questions)
      .set({
        title: checked.title,
        description: checked.description,
        details: checked.details,
        updatedAt: now,
        lastActivityAt: now,
      })
      .where(eq(questions.id, id));
    await tx.insert(revisions).values({
      targetKind: "question",
      targetId: id,
      editorId: member.id,
      title: checked.title,
      body: checked.description,
      details: checked.details,
      tags: resolved.map((t) => t.name),
    });
    return { id, changed: true };
  });
}

export const DELETE_MESSAGES = {
  answered: "Uma pergunta que já tem respostas não pode ser excluída por quem perguntou.",
} as const;

/**
 * Soft-deletes a question: its author while it has no answers, a moderator at any time. The tags' counts
 * drop; moderators can restore it.
 */
export async function deleteQuestion(viewer: Viewer | null, id: number): Promise<void> {
  const member = requireMember(viewer);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        authorId: questions.authorId,
        deletedAt: questions.deletedAt,
        answerCount: questions.answerCount,
      })
      .from(questions)
      .where(eq(questions.id, id))
      .for("update");
    if (!current || current.deletedAt) throw new AppError("not_found", ACCESS_MESSAGES.questionNotFound);
    requireAuthorOrModerator(member, current.authorId);
    if (!isModerator(member) && current.answerCount > 0) {
      throw new AppError("forbidden", DELETE_MESSAGES.answered);
    }
    await tx
      .update(questions)
      .set({ deletedAt: new Date(), deletedBy: member.id })
      .where(eq(questions.id, id));
    await moveTagCounts(tx, await tagIdsOf(tx, id), -1);
  });
  listTotals.clear();
}

/** Brings a deleted question back (moderators). */
export async function restoreQuestion(viewer: Viewer | null, id: number): Promise<void> {
  requireModerator(viewer);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [restored] = await tx
      .update(questions)
      .set({ deletedAt: null, deletedBy: null })
      .where(and(eq(questions.id, id), isNotNull(questions.deletedAt)))
      .returning({ id: questions.id });
    if (!restored) throw new AppError("not_found", ACCESS_MESSAGES.questionNotFound);
    await moveTagCounts(tx, await tagIdsOf(tx, id), 1);
  });
  listTotals.clear();
}

// --------------------------------------------------------------------------------------------- favourite

/** Adds or removes the question from the viewer's favourites. Returns whether it is now a favourite. */
export async function toggleFavorite(viewer: Viewer | null, questionId: number): Promise<boolean> {
  const member = requireMember(viewer);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [question] = await tx
      .select({ deletedAt: questions.deletedAt })
      .from(questions)
      .where(eq(questions.id, questionId))
      .for("update");
    if (!question || question.deletedAt) throw new AppError("not_found", ACCESS_MESSAGES.questionNotFound);
    const key = and(
      eq(favorites.userId, member.id),
      eq(favorites.targetKind, "question"),
      eq(favorites.targetId, questionId),
    );
    const removed = await tx.delete(favorites).where(key).returning({ userId: favorites.userId });
    if (removed.length) {
      await tx
        .update(questions)
        .set({ favoriteCount: sql`greatest(${questions.favoriteCount} - 1, 0)` })
        .where(eq(questions.id, questionId));
      return false;
    }
    await tx.insert(favorites).values({ userId: member.id, targetKind: "question", targetId: questionId });
    await tx
      .update(questions)
      .set({ favoriteCount: sql`${questions.favoriteCount} + 1` })
      .where(eq(questions.id, questionId));
    return true;
  });
}

const favoriteQuestion = preparedQuery((db) =>
  db
    .select({ one: sql`1` })
    .from(favorites)
    .where(
      and(
        eq(favorites.userId, sql.placeholder("userId")),
        eq(favorites.targetKind, "question"),
        eq(favorites.targetId, sql.placeholder("questionId")),
      ),
    )
    .limit(1)
    .prepare("favorite_question"),
);

export async function isFavorite(viewer: Viewer | null, questionId: number): Promise<boolean> {
  if (!viewer) return false;
  const [row] = await favoriteQuestion({ userId: viewer.id, questionId });
  return Boolean(row);
}

// ------------------------------------------------------------------------------------------- by author

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
