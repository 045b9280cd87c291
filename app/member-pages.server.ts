// Which kept page a member's request may be answered with (ADR 074): the HTTP server keeps a member's question
// page rendered once for every member who stands where they stand on it, under a key made here from everything
// the page shows them besides who they are, read afresh on every request (the session's statement and the page's
// own, which also reads the member's marks). A member the page would show as its author, commenter or bounty
// offerer, or one with powers read per member (close votes), is answered by the whole pipeline instead.
// Beside root.tsx, like lifecycle.server.ts: it composes features.
import { isbot } from "isbot";
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
import type { Viewer } from "./lib/viewer.ts";

export type MemberPageStanding = {
  /** The page and everything it shows this member besides who they are: equal keys, equal pages. */
  key: string;
  /** The member's own values, put in the kept page's places. */
  identity: PageIdentity;
  /** The identity the page is rendered with when it is kept. */
  standIn: PageIdentity;
  /** A renewed session cookie to pass on (the session was read here, not by the app). */
  setCookie?: string;
  /** The route pattern, for the metrics. */
  pattern: string;
  /** What the page's loaders and the root middleware would have done for this request. */
  served: () => void;
};

const QUESTION_PAGE = /^\/questions\/(\d+)$/;

/** The standing of a member's request for a page kept this way, or null: the app answers it. */
export async function memberPageStanding(
  request: Request,
  clientIp: string,
): Promise<MemberPageStanding | null> {
  const url = new URL(request.url);
  const id = parseQuestionId(QUESTION_PAGE.exec(url.pathname)?.[1]);
  // The answers' order, the reader's version and the like stay with the app.
  if (id === null || url.search) return null;
  const { viewer, setCookie, unreadNotifications } = await resolveSession(request);
  if (!viewer) return null;
  if (hasPrivilege(viewer, "closeVote")) return null;
  const found = await questionPageFor(viewer.id, id, parseAnswerOrder(null), canSeeDeleted(viewer));
  if (!found || found.shared.question.deletedAt) return null;
  const { shared, marks } = found;
  if (!marks.relations) return null;
  if (shared.memberIds.includes(viewer.id) || shared.question.bounty?.offererId === viewer.id) return null;
  const [reviewItems, notice] = await Promise.all([reviewCountFor(viewer), currentSiteNotice()]);
  const { following, blocked, outdatedMarks } = marks.relations;
  const key = JSON.stringify([
    url.href,
    shared.version,
    shared.membersVersion,
    standingOf(viewer),
    unreadNotifications ?? null,
    reviewItems,
    notice,
    marks.questionVote,
    [...marks.answerVotes].sort(byFirst),
    marks.favorited,
    marks.watching,
    [...marks.commentVotes].sort(byNumber),
    [...following].sort(byNumber),
    [...blocked].sort(byNumber),
    [...outdatedMarks].sort(byFirst),
    marks.answerDraft,
  ]);
  return {
    key,
    identity: identityOf(viewer),
    standIn: standInIdentity(viewer.avatarUrl !== null),
    setCookie,
    pattern: "/questions/:id",
    served: () => {
      // The root middleware's day of visits (badges) and the loader's view, counted once per member per hour.
      const memberId = viewer.id;
      runInBackground(async () => {
        if (await recordVisit(memberId)) await checkBadgesOf(memberId);
      });
      if (!isbot(request.headers.get("user-agent") ?? "")) queueView(id, viewerKey(viewer, clientIp));
    },
  };
}

/** Everything about the viewer a page may show or decide by, except who they are. */
function standingOf(viewer: Viewer) {
  const { id: _id, handle: _handle, name: _name, email: _email, avatarUrl, ...standing } = viewer;
  return { ...standing, photo: avatarUrl !== null };
}

const byNumber = (a: number, b: number) => a - b;
const byFirst = (a: [number, unknown], b: [number, unknown]) => a[0] - b[0];
