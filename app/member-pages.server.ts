// Which kept page a member's request may be answered with (ADR 074): the HTTP server keeps a member's question
// page, `/questions`, a tag's questions and `/blog` rendered once for every member who stands where they stand on them, under a key
// made here from everything the page shows them besides who they are, read afresh on every request with the
// statements the page itself makes (the session's, then the question's with the member's marks, or the list's
// loader). Members a question page compares with its content (its author, answerers, commenters, the bounty's
// offerer) or with powers read per member (close votes) are answered by the whole pipeline instead.
// Beside root.tsx, like lifecycle.server.ts: it composes features and routes.
import { isbot } from "isbot";
import { RouterContextProvider } from "react-router";
import { resolveSession } from "./features/accounts/sessions.server.ts";
import { checkBadgesOf, recordVisit } from "./features/badges/badges.server.ts";
import { currentSiteNotice } from "./features/curation/site-notice.server.ts";
import { hasPrivilege } from "./features/moderation/rules.ts";
import { reviewCountFor } from "./features/moderation/review-count.server.ts";
import { parseAnswerOrder } from "./features/questions/answer-orders.ts";
import { parseQuestionId } from "./features/questions/format.ts";
import { questionPageFor } from "./features/questions/question-page-cache.server.ts";
import { queueView, viewerKey } from "./features/questions/views.server.ts";
import { runInBackground } from "./lib/background-work.server.ts";
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
  standing: (viewer: Viewer, request: Request, path: RegExpExecArray) => Promise<unknown[] | null>;
  /** What the page's loader would have done for this member besides reading (count a view). */
  served?: (viewer: Viewer, request: Request, path: RegExpExecArray, clientIp: string) => void;
}> = [
  {
    pattern: "/questions/:id",
    path: /^\/questions\/(\d+)$/,
    standing: questionPageStanding,
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
    standing: (viewer, request) => loaderData(questionListLoader, viewer, request),
  },
  {
    pattern: "/questions/tagged/:tag",
    path: /^\/questions\/tagged\/([^/]+)$/,
    standing: (viewer, request, path) => {
      // React Router hands the route its parameters decoded.
      const tag = decodedSegment(path[1]!);
      return tag === null ? Promise.resolve(null) : loaderData(taggedLoader, viewer, request, { tag });
    },
  },
  {
    pattern: "/blog",
    path: /^\/blog$/,
    standing: (viewer, request) => loaderData(blogLoader, viewer, request),
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
  const { viewer, setCookie, unreadNotifications } = await resolveSession(request);
  if (!viewer) return { standing: null, setCookie };
  const [own, reviewItems, notice] = await Promise.all([
    page.standing(viewer, request, path),
    reviewCountFor(viewer),
    currentSiteNotice(),
  ]);
  if (!own) return { standing: null, setCookie };
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

/**
 * What a question page shows this member besides the question: their marks, read with the page's version. Null
 * for the members the page compares with its content (its author, answerers, commenters, the bounty's offerer)
 * and for those with powers read per member (close votes): the app renders theirs.
 */
async function questionPageStanding(viewer: Viewer, request: Request, path: RegExpExecArray) {
  const id = parseQuestionId(path[1]);
  // The answers' order, the reader's version and the like stay with the app.
  if (id === null || new URL(request.url).search) return null;
  if (hasPrivilege(viewer, "closeVote")) return null;
  const found = await questionPageFor(viewer.id, id, parseAnswerOrder(null), canSeeDeleted(viewer));
  if (!found || found.shared.question.deletedAt) return null;
  const { shared, marks } = found;
  if (!marks.relations) return null;
  if (shared.memberIds.includes(viewer.id) || shared.question.bounty?.offererId === viewer.id) return null;
  // An open bounty ends by the clock, with no write to move the version.
  const bountyEnded = shared.question.bounty
    ? new Date(shared.question.bounty.expiresAt) <= new Date()
    : null;
  return [shared.version, shared.membersVersion, bountyEnded, marks];
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
