// Which kept page a member's request may be answered with (ADR 074): the HTTP server keeps a member's question
// page, `/questions`, a tag's questions and `/blog` rendered once for every member who stands where they stand on them, under a key
// made here from everything the page shows them besides who they are, read afresh on every request: for a question
// its version with the member's marks and their session in one statement, for a list the session's statement and
// the list's own loader. Members a question page compares with its content (its author, answerers, commenters, the
// bounty's offerer) or with powers read per member (close votes, deleted posts) are answered by the whole pipeline
// instead.
// Beside root.tsx, like lifecycle.server.ts: it composes features and routes.
import { isbot } from "isbot";
import { RouterContextProvider } from "react-router";
import { eq, sql } from "drizzle-orm";
import { sessions, users } from "#db/schema.ts";
import {
  liveSessionCondition,
  resolveSession,
  sessionColumns,
  sessionLookupOf,
  sessionOfRow,
  type ResolvedSession,
} from "./features/accounts/sessions.server.ts";
import { checkBadgesOf, recordVisit } from "./features/badges/badges.server.ts";
import { currentSiteNotice } from "./features/curation/site-notice.server.ts";
import { hasPrivilege } from "./features/moderation/rules.ts";
import { reviewCountFor } from "./features/moderation/review-count.server.ts";
import { parseAnswerOrder } from "./features/questions/answer-orders.ts";
import { parseQuestionId } from "./features/questions/format.ts";
import { questionPageRead, questionVersionColumns } from "./features/questions/question-page-cache.server.ts";
import { queueView, viewerKey } from "./features/questions/views.server.ts";
import { runInBackground } from "./lib/background-work.server.ts";
import { preparedQuery } from "./lib/db.server.ts";
import { identityOf, standInIdentity, type PageIdentity } from "./lib/member-page-template.server.ts";
import { canSeeDeleted } from "./lib/permissions.ts";
import { pageHtmlContext, viewerContext, visitorPageContext } from "./lib/context.ts";
import { loader as blogLoader } from "./routes/blog/blog-list.tsx";
import { loader as questionListLoader } from "./routes/questions/question-list.tsx";
import { loader as taggedLoader } from "./routes/questions/questions-tagged.tsx";
import type { Viewer } from "./lib/viewer.ts";

export type MemberPageStanding = {
  /** The page and everything it shows this member besides who they are: equal keys, equal pages. */
  key: string;
  /** The member's own values, put in the kept page's places. */
  identity: PageIdentity;
  /** The identity the page is rendered with when it is kept. */
  standIn: PageIdentity;
  /** The route pattern, for the metrics. */
  pattern: string;
  /** What the page's loaders and the root middleware would have done for this request. */
  served: () => void;
};

/**
 * The pages answered this way, each with what its loader reads about the member: the question page its marks,
 * read with its version in one statement; the lists their loaders' whole data (small, and the loader is the
 * list's own, so nothing it shows is left out of the key).
 */
const PAGES: Array<{
  pattern: string;
  path: RegExp;
  /** The member's session and what the page shows them (null: the app answers). */
  read: (
    request: Request,
    path: RegExpExecArray,
  ) => Promise<{ session: ResolvedSession; own: unknown[] | null }>;
  /** What the page's loader would have done for this member besides reading (count a view). */
  served?: (viewer: Viewer, request: Request, path: RegExpExecArray, clientIp: string) => void;
}> = [
  {
    pattern: "/questions/:id",
    path: /^\/questions\/(\d+)$/,
    read: questionPageStanding,
    served: (viewer, request, path, clientIp) => {
      const id = parseQuestionId(path[1]);
      // Counted once per member per hour, as the loader counts it; robots do not count.
      if (id !== null && !isbot(request.headers.get("user-agent") ?? ""))
        queueView(id, viewerKey(viewer, clientIp));
    },
  },
  {
    pattern: "/questions",
    path: /^\/questions$/,
    read: afterSession((viewer, request) => loaderData(questionListLoader, viewer, request)),
  },
  {
    pattern: "/questions/tagged/:tag",
    path: /^\/questions\/tagged\/([^/]+)$/,
    read: afterSession((viewer, request, path) => {
      // React Router hands the route its parameters decoded.
      const tag = decodedSegment(path[1]!);
      return tag === null ? Promise.resolve(null) : loaderData(taggedLoader, viewer, request, { tag });
    }),
  },
  {
    pattern: "/blog",
    path: /^\/blog$/,
    read: afterSession((viewer, request) => loaderData(blogLoader, viewer, request)),
  },
];

/**
 * The standing of a member's request for a page kept this way, or null: the app answers it. Either way, the
 * session cookie renewed while reading it (once a day), which the app will not renew again.
 */
export async function memberPageStanding(
  request: Request,
  clientIp: string,
): Promise<{ standing: MemberPageStanding | null; setCookie?: string }> {
  const url = new URL(request.url);
  const page = PAGES.find((candidate) => candidate.path.test(url.pathname));
  const path = page?.path.exec(url.pathname);
  if (!page || !path) return { standing: null };
  const [{ session, own }, notice] = await Promise.all([page.read(request, path), currentSiteNotice()]);
  const { viewer, setCookie, unreadNotifications } = session;
  if (!viewer || !own) return { standing: null, setCookie };
  const reviewItems = await reviewCountFor(viewer);
  const key = JSON.stringify(
    [url.href, standingOf(viewer), unreadNotifications ?? null, reviewItems, notice, ...own],
    (_key, value: unknown) =>
      value instanceof Map || value instanceof Set ? [...value].sort(byFirstString) : value,
  );
  const standing: MemberPageStanding = {
    key,
    identity: identityOf(viewer),
    standIn: standInIdentity(viewer.avatarUrl !== null),
    pattern: page.pattern,
    served: () => {
      // The root middleware's day of visits (badges), and what the page's loader does.
      const memberId = viewer.id;
      runInBackground(async () => {
        if (await recordVisit(memberId)) await checkBadgesOf(memberId);
      });
      page.served?.(viewer, request, path, clientIp);
    },
  };
  return { standing, setCookie };
}

/** A page's reading of what it shows a member, after their session (the lists: their loaders need the viewer). */
function afterSession(
  standing: (viewer: Viewer, request: Request, path: RegExpExecArray) => Promise<unknown[] | null>,
) {
  return async (request: Request, path: RegExpExecArray) => {
    const session = await resolveSession(request);
    return { session, own: session.viewer ? await standing(session.viewer, request, path) : null };
  };
}

/**
 * The member's session and the question's version with their marks, in one statement: the session's columns
 * and condition, and the page's own version columns read for the session's member. The question is joined
 * beside the session, so a question that does not exist still says whose session it is.
 */
const sessionWithQuestionVersion = preparedQuery((db) =>
  db
    .select({
      ...sessionColumns,
      questionFound: sql<boolean>`q.id is not null`,
      ...questionVersionColumns(sql`${sessions.userId}`),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(sql`questions q`, sql`q.id = ${sql.placeholder("id")}`)
    .where(liveSessionCondition)
    .limit(1)
    .prepare("member_question_page_standing"),
);

/**
 * What a question page shows this member besides the question: their marks, read with the page's version and
 * their session in one statement (each statement is a round trip to the database's thread). Null for the
 * members the page compares with its content (its author, answerers, commenters, the bounty's offerer) and for
 * those with powers read per member (close votes, deleted posts): the app renders theirs.
 */
async function questionPageStanding(
  request: Request,
  path: RegExpExecArray,
): Promise<{ session: ResolvedSession; own: unknown[] | null }> {
  const lookup = sessionLookupOf(request);
  const id = parseQuestionId(path[1]);
  // The answers' order, the reader's version and the like stay with the app.
  if (!lookup || id === null || new URL(request.url).search) {
    return { session: await resolveSession(request), own: null };
  }
  // Read as members without powers over deleted posts read it; those who have them are declined below.
  const read = await questionPageRead(id, parseAnswerOrder(null), false);
  if (!read) return { session: await resolveSession(request), own: null };
  const { idHash, now, bornAfter } = lookup;
  const [row] = await sessionWithQuestionVersion({ ...read.values, idHash, now, bornAfter });
  const session = await sessionOfRow(request, lookup, row);
  const viewer = session.viewer;
  if (!viewer || !row || hasPrivilege(viewer, "closeVote") || canSeeDeleted(viewer))
    return { session, own: null };
  const found = await read.finish(viewer.id, row.questionFound ? row : undefined);
  if (!found || found.shared.question.deletedAt) return { session, own: null };
  const { shared, marks } = found;
  if (!marks.relations) return { session, own: null };
  if (shared.memberIds.includes(viewer.id) || shared.question.bounty?.offererId === viewer.id) {
    return { session, own: null };
  }
  // An open bounty ends by the clock, with no write to move the version.
  const bountyEnded = shared.question.bounty
    ? new Date(shared.question.bounty.expiresAt) <= new Date()
    : null;
  return { session, own: [shared.version, shared.membersVersion, bountyEnded, marks] };
}

/** A route's loader, called as React Router calls it for a document (the arguments these loaders read). */
type Loader = (args: never) => Promise<unknown>;

/** A list's loader run for this member as React Router runs it for a document: its data is the standing. */
async function loaderData(
  loader: Loader,
  viewer: Viewer,
  request: Request,
  params: Record<string, string> = {},
): Promise<unknown[] | null> {
  const context = new RouterContextProvider();
  context.set(viewerContext, viewer);
  context.set(visitorPageContext, { cacheable: false, effects: [] });
  context.set(pageHtmlContext, { document: true, html: new Map() });
  try {
    const url = new URL(request.url);
    return [await loader({ request, context, params, url, pattern: url.pathname } as never)];
  } catch {
    // A redirect (a filter form's address made tidy) or an error: the app answers it.
    return null;
  }
}

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Everything about the viewer a page may show or decide by, except who they are. */
function standingOf(viewer: Viewer) {
  const { id: _id, handle: _handle, name: _name, email: _email, avatarUrl, ...standing } = viewer;
  return { ...standing, photo: avatarUrl !== null };
}

/** Sets and maps in a key, in a fixed order (their entries' first value). */
const byFirstString = (a: unknown, b: unknown) => {
  const first = (entry: unknown) => String(Array.isArray(entry) ? entry[0] : entry);
  return first(a) < first(b) ? -1 : first(a) > first(b) ? 1 : 0;
};
