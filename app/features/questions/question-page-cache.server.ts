// What the question page shows the same way to every reader — the question, its answers in one order, their
// comments and authors, awarded bounties, the sanitised HTML and its plain text — kept in memory per version
// of the question (ADR 031). A version is read in one indexed query on every request, so a write through any
// server (or straight into the database) is seen by the next request; nothing of a viewer is kept here.
import { LRUCache } from "lru-cache";
import { sql, type SQL } from "drizzle-orm";
import { users } from "#db/schema.ts";
import { getDb, isAnyOf, preparedQuery, type Database } from "#app/lib/db.server.ts";
import { richTextToPlainText, sanitizeRichText } from "#app/lib/sanitize.server.ts";
import { answerDraftKey, type StoredDraft } from "#app/features/drafts/keys.ts";
import type { AnswerOrder } from "./answer-orders.ts";
import { readAnswers, type AnswerView } from "./answer-list.server.ts";
import { awardedBounties } from "./bounties.server.ts";
import { closingDetails, type ClosingDetails } from "./closing.server.ts";
import { listComments, type CommentView } from "./comments.server.ts";
import { postLinksOfQuestion, type LinkedPost } from "./post-links.server.ts";
import { readQuestion, type QuestionDetail } from "./question-detail.server.ts";
import type { AuthorSummary } from "./question-rows.server.ts";

/** What the page says about closing: who closed it, the original of a duplicate, the duplicates of this. */
export type SharedClosing = ClosingDetails & { closers: { id: number; handle: string; name: string }[] };

/** A comment as every reader sees it: who may delete or edit it, and their vote, are worked out per request. */
export type SharedComment = Omit<
  CommentView,
  "canDelete" | "canEdit" | "voted" | "mayVote" | "mayFlag" | "seesHistory"
>;

type SharedAnswer = AnswerView & {
  comments: SharedComment[];
  bountyAwarded: number | null;
  /** The published post made from this answer ("Virou post", ADR 043). */
  post: LinkedPost | null;
};

export type SharedQuestionPage = {
  /** Opaque: changes whenever the question, its answers, bounties or tags may have changed. */
  version: string;
  /** The members shown (authors, commenters) and, opaque, the version of their rows. */
  memberIds: number[];
  membersVersion: string;
  question: QuestionDetail & {
    comments: SharedComment[];
    plainText: string;
    closing: SharedClosing;
    /** The blog post this question asks about (ADR 043). */
    aboutPost: LinkedPost | null;
  };
  /** The question's text as stored, before sanitising: a refresh sanitises it again only when it changed. */
  storedText: { description: string; details: string };
  answers: SharedAnswer[];
  /** Memo of derived strings (structured data, rendered fragments) valid for this version only. */
  memo: Map<string, unknown>;
};

/**
 * Every row the page reads for a question has its own `xmin` (the transaction that last wrote it): the
 * question (score, counts, acceptance, bounty, edits, views), its answers (scores, edits, deletions, comment
 * counts — adding or deleting a comment updates its target in the same transaction), its bounties, its tag
 * links (with the tags' names: their rows also move with counts of other questions), the original it is a
 * duplicate of (its title) and the questions closed as duplicates of it (questions_duplicate_of_idx). Closing,
 * reopening and locking write the question's own row. The members shown are
 * checked by id, the ids the kept page holds (a new commenter comes with a new comment count). Index lookups
 * only: one query per request.
 */
export function questionVersionColumns(viewerId: SQL) {
  return {
    version: sql<string>`concat_ws('|', q.xmin::text,
    (select string_agg(a.id || ':' || a.xmin::text, ',' order by a.id)
       from answers a where a.question_id = q.id),
    (select string_agg(b.id || ':' || b.xmin::text, ',' order by b.id)
       from bounties b where b.question_id = q.id),
    (select string_agg(qt.tag_id || ':' || qt.xmin::text || ':'
         || (select t.name || ':' || t.slug from tags t where t.id = qt.tag_id), ',' order by qt.tag_id)
       from question_tags qt where qt.question_id = q.id),
    (select o.xmin::text from questions o where o.id = q.duplicate_of_id),
    (select string_agg(d.id || ':' || d.xmin::text, ',' order by d.id)
       from questions d where d.duplicate_of_id = q.id),
    (select p.xmin::text from posts p where p.id = q.about_post_id),
    (select string_agg(p.id || ':' || p.xmin::text, ',' order by p.id)
       from posts p where p.from_answer_id in (select a.id from answers a where a.question_id = q.id)))`,
    membersVersion: sql<string | null>`(select string_agg(u.id || ':' || u.xmin::text, ',' order by u.id)
    from users u where u.id = any(${sql.placeholder("memberIds")}))`,
    // The viewer's own votes and favourite (none for visitors, user 0) ride along, never kept: one
    // statement per request.
    votes: sql<
      [string, number, number][]
    >`(select coalesce(json_agg(json_build_array(v.target_kind, v.target_id, v.value)), '[]'::json)
    from votes v where v.user_id = ${viewerId} and (
      (v.target_kind = 'question' and v.target_id = q.id)
      or (v.target_kind = 'answer' and v.target_id in (select a.id from answers a where a.question_id = q.id))))`,
    favorited: sql<boolean>`exists (select 1 from favorites f where f.user_id = ${viewerId}
    and f.target_kind = 'question' and f.target_id = q.id)`,
    watching: sql<boolean>`exists (select 1 from thread_watches tw where tw.user_id = ${viewerId}
    and tw.target_kind = 'question' and tw.target_id = q.id)`,
    // The viewer's up-votes on the page's comments: from their votes (few, by comment_votes_user_idx), each
    // comment found by its key, never a walk over the page's comments.
    commentVotes: sql<number[]>`(select coalesce(json_agg(cv.comment_id), '[]'::json) from comment_votes cv
    join comments c on c.id = cv.comment_id
    where cv.user_id = ${viewerId} and ((c.target_kind = 'question' and c.target_id = q.id)
      or (c.target_kind = 'answer' and c.target_id in (select a.id from answers a where a.question_id = q.id))))`,
    // The viewer's relations to the members the kept page shows (whom they follow, whom they blocked) and
    // their "não funciona mais" marks on its answers: three index probes in the same statement instead of
    // three more round trips to the database thread. Only used when the kept page is current, so that
    // `memberIds` names every author and commenter on it.
    following: sql<number[]>`(select coalesce(json_agg(fl.followee_id), '[]'::json) from follows fl
    where fl.follower_id = ${viewerId} and fl.followee_id = any(${sql.placeholder("memberIds")}))`,
    blocked: sql<number[]>`(select coalesce(json_agg(mb.blocked_id), '[]'::json) from member_blocks mb
    where mb.blocker_id = ${viewerId} and mb.blocked_id = any(${sql.placeholder("memberIds")}))`,
    outdatedMarks: sql<
      [number, string, string][]
    >`(select coalesce(json_agg(json_build_array(m.answer_id, m.tag,
    m.version)), '[]'::json) from answer_outdated_marks m where m.member_id = ${viewerId}
    and m.answer_id in (select a.id from answers a where a.question_id = q.id))`,
    // The viewer's answer in progress, kept on the server (the drafts feature, ADR 062): the answer form
    // starts from it, and a statement of its own was one more round trip on every member's question page.
    answerDraft: sql<{ fields: Record<string, string>; updatedAt: string } | null>`(select
    json_build_object('fields', md.fields, 'updatedAt', md.updated_at) from member_drafts md
    where md.user_id = ${viewerId} and md.key = ${sql.placeholder("answerDraftKey")})`,
  };
}

const questionPageVersion = preparedQuery((db) =>
  db
    .select(questionVersionColumns(sql`${sql.placeholder("viewerId")}`))
    .from(sql`questions q`)
    .where(sql`q.id = ${sql.placeholder("id")}`)
    .prepare("question_page_version"),
);

/** The members a page shows, as they are now, with the version of their rows (read in one statement). */
const membersShown = preparedQuery((db) =>
  db
    .select({
      id: users.id,
      version: sql<string>`${users}.xmin::text`,
      handle: users.handle,
      name: users.name,
      roleLine: users.roleLine,
      avatarUrl: users.avatarUrl,
      reputation: users.reputation,
      goldBadges: users.goldBadges,
      silverBadges: users.silverBadges,
      bronzeBadges: users.bronzeBadges,
    })
    .from(users)
    .where(isAnyOf(users.id, "ids"))
    .orderBy(users.id)
    .prepare("question_page_members"),
);

const membersVersionOf = (rows: { id: number; version: string }[]) =>
  rows.map((r) => `${r.id}:${r.version}`).join(",");

/**
 * Entries kept per database (tests open many), the least recently used dropped past 500; and the reads of a
 * page's new version under way, so that the requests that find it changed together (a busy question after a new
 * answer, every page after a restart) wait for one read instead of each making its own eight statements.
 */
type PageCache = {
  cache: LRUCache<string, SharedQuestionPage>;
  reading: Map<string, Promise<SharedQuestionPage | null>>;
};
const caches = new WeakMap<Database, PageCache>();

async function cacheOfDatabase(): Promise<PageCache> {
  const db = await getDb();
  let cache = caches.get(db);
  if (!cache) {
    cache = { cache: new LRUCache({ max: 500 }), reading: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The shared part of a question's page for one answer order, deleted answers included or not (moderators see
 * them): from memory when its version is current, else read and kept. Null when the question does not exist.
 * Deleted questions are returned too; who may see them is the caller's check.
 */
export async function sharedQuestionPage(
  id: number,
  order: AnswerOrder,
  withDeleted: boolean,
): Promise<SharedQuestionPage | null> {
  return (await questionPageFor(null, id, order, withDeleted))?.shared ?? null;
}

/** A viewer's own marks on a question's page: their votes (by post) and whether it is a favourite. */
type ViewerMarks = {
  questionVote: -1 | 0 | 1;
  answerVotes: Map<number, -1 | 1>;
  favorited: boolean;
  /** "Acompanhar": the viewer watches the question. */
  watching: boolean;
  /** The comments the viewer up-voted. */
  commentVotes: Set<number>;
  /** Read with the version when the kept page was current; null when the caller must read them itself. */
  relations: ViewerRelations | null;
  /** The viewer's row of the answer form's draft (`draftSyncOf` turns it into the form's start); null: none. */
  answerDraft: StoredDraft | null;
};

/** The viewer's follows and blocks among the page's members, and their outdated marks on its answers. */
export type ViewerRelations = {
  following: Set<number>;
  blocked: Set<number>;
  outdatedMarks: Map<number, { tag: string; version: string }>;
};

/** The shared page (as `sharedQuestionPage`) and, read in the same statement, the viewer's own marks. */
export async function questionPageFor(
  viewerId: number | null,
  id: number,
  order: AnswerOrder,
  withDeleted: boolean,
): Promise<QuestionPageForViewer | null> {
  const read = await questionPageRead(id, order, withDeleted);
  if (!read) return null;
  const [current] = await questionPageVersion({ ...read.values, viewerId: viewerId ?? 0 });
  return read.finish(viewerId, current);
}

type QuestionPageForViewer = { shared: SharedQuestionPage; marks: ViewerMarks };
/** A row of `questionVersionColumns`. */
export type QuestionVersionRow = Awaited<ReturnType<typeof questionPageVersion>>[number];

/**
 * `questionPageFor` in two halves, for a statement that reads `questionVersionColumns` with more of its own
 * (the member's session, app/member-pages.server.ts): the values it reads them with, besides the viewer's id,
 * then the page from the row it read (none: no such question).
 */
export async function questionPageRead(id: number, order: AnswerOrder, withDeleted: boolean) {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const { cache, reading } = await cacheOfDatabase();
  const key = `${id}:${order}:${withDeleted ? "all" : "live"}`;
  const cached = cache.get(key);
  return {
    values: { id, memberIds: cached?.memberIds ?? [], answerDraftKey: answerDraftKey(id) },
    finish: (viewerId: number | null, current: QuestionVersionRow | undefined) =>
      pageOfVersion({ cache, reading, key, cached, id, order, withDeleted }, viewerId, current),
  };
}

/**
 * The shared page of the version just read, from memory when it is current, and the viewer's marks read with
 * it. The version is read before the rows: a write in between leaves newer rows under an older version, which
 * the next request replaces; never the reverse.
 */
async function pageOfVersion(
  {
    cache,
    reading,
    key,
    cached,
    id,
    order,
    withDeleted,
  }: PageCache & {
    key: string;
    cached: SharedQuestionPage | undefined;
    id: number;
    order: AnswerOrder;
    withDeleted: boolean;
  },
  viewerId: number | null,
  current: QuestionVersionRow | undefined,
): Promise<QuestionPageForViewer | null> {
  if (!current) {
    cache.delete(key);
    return null;
  }
  const marks: ViewerMarks = {
    questionVote: 0,
    answerVotes: new Map(),
    favorited: Boolean(current.favorited),
    watching: Boolean(current.watching),
    commentVotes: new Set(viewerId ? current.commentVotes : []),
    relations: null,
    answerDraft:
      viewerId && current.answerDraft
        ? { fields: current.answerDraft.fields, updatedAt: new Date(current.answerDraft.updatedAt) }
        : null,
  };
  for (const [kind, targetId, value] of viewerId ? current.votes : []) {
    if (value !== 1 && value !== -1) continue;
    if (kind === "question") marks.questionVote = value;
    else marks.answerVotes.set(targetId, value);
  }
  // The relations were read for the kept page's members: they hold while those are the page's members.
  const withRelations = (shared: SharedQuestionPage) => {
    if (viewerId) {
      marks.relations = {
        following: new Set(current.following),
        blocked: new Set(current.blocked),
        outdatedMarks: new Map(
          current.outdatedMarks.map(([answerId, tag, version]) => [answerId, { tag, version }]),
        ),
      };
    }
    return { shared, marks };
  };
  // The relations were read for the members this request's kept page showed: they hold for a page of the same.
  const withRelationsIfSameMembers = (shared: SharedQuestionPage) =>
    sameMembers(shared.memberIds, cached?.memberIds ?? []) ? withRelations(shared) : { shared, marks };
  // An open bounty closes by itself when it expires, with no write: the page is read again then.
  const usable = cached && !bountyExpired(cached.question);
  const membersHold = usable && cached.membersVersion === (current.membersVersion ?? "");
  if (membersHold && cached.version === current.version) return withRelations(cached);
  // Another request kept the version this one found while it was reading it (statements run side by side on
  // PostgreSQL): that page is served instead of reading the same again. Its members' rows are checked by the
  // next request, as for any kept page.
  const latest = cache.get(key);
  if (latest && latest !== cached && latest.version === current.version && !bountyExpired(latest.question))
    return withRelationsIfSameMembers(latest);
  const readKey = `${key}|${current.version}|${current.membersVersion ?? ""}`;
  let read = reading.get(readKey);
  if (!read) {
    read = (async () => {
      if (usable && threadPartOf(cached.version) === threadPartOf(current.version)) {
        const updated = await withRowsReread(cached, current.version, !membersHold);
        if (updated) return updated;
      }
      return readSharedPage(id, order, withDeleted, current.version);
    })();
    reading.set(readKey, read);
    void read
      .then(
        (page) => page && cache.set(key, page),
        () => {},
      )
      .finally(() => reading.delete(readKey));
  }
  const page = await read;
  return page ? withRelationsIfSameMembers(page) : null;
}

const sameMembers = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/** A version without its first part, the question's own row: what its answers, bounties, tags and links are. */
function threadPartOf(version: string): string {
  const end = version.indexOf("|");
  return end < 0 ? "" : version.slice(end + 1);
}

/**
 * The question's fields a favourite, a vote, a view, a comment or an edit of its text change, none of which
 * touches what the answers show: a kept page differing from the question's row only in these is brought up to
 * date from that row and the question's comments, instead of read again whole.
 */
const COUNTERS_AND_TEXT = new Set<keyof QuestionDetail>([
  "title",
  "description",
  "details",
  "score",
  "commentCount",
  "viewCount",
  "favoriteCount",
  "updatedAt",
  "lastActivityAt",
  "edited",
]);

/**
 * The kept page brought up to date when only the question's row or its members' rows moved (the busiest writes
 * on a question: favourites, votes, which also move the author's reputation, views, comments on it): the
 * question and its comments, and the members when they moved, in one round of two or three statements instead of
 * the page's eight, its answers kept as they are. Null when anything else differs (an acceptance, a closing, a
 * bounty, a commenter the page does not show yet): the caller reads the page whole.
 */
async function withRowsReread(
  cached: SharedQuestionPage,
  version: string,
  membersMoved: boolean,
): Promise<SharedQuestionPage | null> {
  const kept = cached.question;
  const [question, comments, members] = await Promise.all([
    readQuestion(kept.id, true),
    listComments(null, kept.id, []),
    membersMoved ? membersShown({ ids: cached.memberIds }) : null,
  ]);
  if (!question || question.author.id !== kept.author.id) return null;
  for (const field of Object.keys(question) as (keyof QuestionDetail)[]) {
    if (field === "author" || COUNTERS_AND_TEXT.has(field)) continue;
    if (JSON.stringify(question[field]) !== JSON.stringify(kept[field])) return null;
  }
  // A commenter the kept page does not show means a full read (the members' version names them).
  const memberIds = new Set(cached.memberIds);
  if (comments.some((c) => !memberIds.has(c.author.id))) return null;
  const byId = new Map<number, AuthorSummary>();
  for (const person of [kept.author, ...cached.answers.map((a) => a.author)]) byId.set(person.id, person);
  for (const { version: _, ...member } of members ?? []) byId.set(member.id, member);
  const { author, named } = shownAs(byId);
  const keptVersions = new Set(cached.membersVersion.split(","));
  const moved = new Set(
    (members ?? []).filter((m) => !keptVersions.has(`${m.id}:${m.version}`)).map((m) => m.id),
  );
  const stored = { description: question.description, details: question.details };
  const sameText =
    cached.storedText.description === stored.description && cached.storedText.details === stored.details;
  return {
    ...cached,
    version,
    membersVersion: members ? membersVersionOf(members) : cached.membersVersion,
    question: {
      ...kept,
      ...Object.fromEntries([...COUNTERS_AND_TEXT].map((field) => [field, question[field]])),
      author: author(kept.author),
      description: sameText ? kept.description : sanitizeRichText(question.description),
      details: sameText ? kept.details : sanitizeRichText(question.details),
      plainText: sameText ? kept.plainText : richTextToPlainText(question.description),
      comments: comments.map((c) => sharedComment(c, named(c.author))),
      closing: { ...kept.closing, closers: kept.closing.closers.map(named) },
    },
    // An answer is made anew only when a member it shows moved; the others are the kept ones.
    answers: members
      ? cached.answers.map((a) =>
          moved.has(a.author.id) || a.comments.some((c) => moved.has(c.author.id))
            ? {
                ...a,
                author: author(a.author),
                comments: a.comments.map((c) => ({ ...c, author: named(c.author) })),
              }
            : a,
        )
      : cached.answers,
    storedText: stored,
    // Rendered parts were made from the old rows: they are made again for this version.
    memo: new Map(),
  };
}

/** Authors and commenters as the page shows them: from the members' rows read with the page, by id. */
function shownAs(byId: ReadonlyMap<number, AuthorSummary>) {
  return {
    author: (a: AuthorSummary): AuthorSummary => byId.get(a.id) ?? a,
    named: (person: SharedComment["author"]): SharedComment["author"] => {
      const m = byId.get(person.id);
      return m ? { id: m.id, handle: m.handle, name: m.name } : person;
    },
  };
}

/** A comment as every reader sees it, with its author as the page shows members. */
function sharedComment(c: CommentView, author: SharedComment["author"]): SharedComment {
  return {
    id: c.id,
    targetKind: c.targetKind,
    targetId: c.targetId,
    body: c.body,
    html: c.html,
    createdAt: c.createdAt,
    editedAt: c.editedAt,
    score: c.score,
    author,
  };
}

function bountyExpired(question: QuestionDetail): boolean {
  return question.bounty !== null && question.bounty.expiresAt.getTime() <= Date.now();
}

/** The page's rows as the feature's own queries read them, for everybody (deleted ones when asked). */
async function readSharedPage(
  id: number,
  order: AnswerOrder,
  withDeleted: boolean,
  version: string,
): Promise<SharedQuestionPage | null> {
  // The question even when deleted (the caller decides who sees it); its answers as asked.
  const question = await readQuestion(id, true);
  if (!question) return null;
  const answers = await readAnswers(id, order, withDeleted);
  const [comments, awarded, links] = await Promise.all([
    listComments(
      null,
      id,
      answers.map((a) => a.id),
    ),
    awardedBounties(id),
    postLinksOfQuestion(id),
  ]);
  // The members are read again, with the version of their rows in the same statement: what is kept is never
  // older than the version it is kept under.
  // Those who closed it are shown by name on the banner: their rows are versioned as the authors' are.
  const memberIds = [
    ...new Set([
      question.author.id,
      ...answers.map((a) => a.author.id),
      ...comments.map((c) => c.author.id),
      ...question.closedBy,
    ]),
  ].sort((x, y) => x - y);
  const [members, closing] = await Promise.all([membersShown({ ids: memberIds }), closingDetails(question)]);
  const byId = new Map(members.map(({ version: _, ...m }) => [m.id, m]));
  const { author, named } = shownAs(byId);
  const shared = (c: CommentView): SharedComment => sharedComment(c, named(c.author));
  return {
    version,
    memberIds,
    membersVersion: membersVersionOf(members),
    question: {
      ...question,
      author: author(question.author),
      description: sanitizeRichText(question.description),
      details: sanitizeRichText(question.details),
      plainText: richTextToPlainText(question.description),
      comments: comments.filter((c) => c.targetKind === "question").map(shared),
      aboutPost: links.aboutPost,
      closing: {
        ...closing,
        closers: question.closedBy.flatMap((closer) => {
          const m = byId.get(closer);
          return m ? [{ id: m.id, handle: m.handle, name: m.name }] : [];
        }),
      },
    },
    answers: answers.map((a) => ({
      ...a,
      author: author(a.author),
      body: sanitizeRichText(a.body),
      comments: comments.filter((c) => c.targetKind === "answer" && c.targetId === a.id).map(shared),
      bountyAwarded: awarded.get(a.id) ?? null,
      post: links.answerPosts.get(a.id) ?? null,
    })),
    storedText: { description: question.description, details: question.details },
    memo: new Map(),
  };
}

/** A value derived from this version of the page, computed once (structured data, rendered fragments). */
export function memoised<T>(page: SharedQuestionPage, key: string, compute: () => T): T {
  if (page.memo.has(key)) return page.memo.get(key) as T;
  const value = compute();
  page.memo.set(key, value);
  return value;
}
