// Everything the question page shows, in one place: what is the same for every reader from the shared page kept
// per version (question-page-cache.server.ts: the question, its answers in the chosen order, their comments and
// bounty awards, rich text sanitised again on the way out — DESIGN.md: on write and on display), and the
// viewer's own votes, favourite, rights, follows, blocks and marks, and the reader's version, worked out on every
// request (`questionPageView`). The route adds only what belongs to the request: the page's topic, the view count,
// the kept fragments and how long text travels.
import { richTextToPlainText } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import type { StoredDraft } from "#app/features/drafts/keys.ts";
import type { AnswerOrder } from "./answer-orders.ts";
import type { AnswerView } from "./answer-list.server.ts";
import type { LinkedPost } from "./post-links.server.ts";
import { bountyTimeLeft } from "./bounty-time.ts";
import type { CommentView } from "./comments.server.ts";
import { canEditComment, mayFlagComment } from "#app/features/comments/comments.server.ts";
import { questionPermissions, type QuestionDetail } from "./question-detail.server.ts";
import {
  memoised,
  questionPageFor,
  type SharedClosing,
  type SharedComment,
  type SharedQuestionPage,
  type ViewerRelations,
} from "./question-page-cache.server.ts";
import { jsonLdString, qaPageJsonLd } from "./structured-data.ts";
import { BOUNTY_MIN_REPUTATION } from "./schemas.ts";
// Who edits others' posts directly and who suggests edits.
import { editMode } from "#app/features/moderation/rules.ts";
import { hasPrivilege } from "#app/features/moderation/rules.ts";
import { blockedAmong } from "#app/features/moderation/blocks.server.ts";
import { isFollowing } from "#app/features/social/follows.server.ts";
import type { PageHtml } from "#app/lib/page-html.ts";
import { isModerator, canModify, canSeeDeleted } from "#app/lib/permissions.ts";
import { outdatedMarksOf } from "./answer-versions.server.ts";
import { closeVoteSummary } from "./closing.server.ts";
import { applicability, parseReaderVersion } from "./versions.ts";

export type AnswerOnPage = AnswerView & {
  myVote: -1 | 0 | 1;
  comments: CommentView[];
  bountyAwarded: number | null;
  canEdit: boolean;
  /** The viewer's edit would be a suggestion for review ("Sugerir edição"). */
  suggestsEdit: boolean;
  canDelete: boolean;
  /** Sinalizar: anyone but its author (visitors are sent to sign in). */
  mayFlag: boolean;
  canRestore: boolean;
  canAccept: boolean;
  canAwardBounty: boolean;
  /** The published post made from this answer ("Virou post", ADR 043). */
  post: LinkedPost | null;
  /** "Transformar em post": its author and the moderators, on a visible answer. */
  canTurnIntoPost: boolean;
};

export type QuestionPage = {
  question: QuestionDetail & {
    myVote: -1 | 0 | 1;
    favorited: boolean;
    /** "Acompanhar": the viewer hears of its new answers, comments and edits. */
    watching: boolean;
    comments: CommentView[];
    /** The description's plain text (meta description, structured data). */
    plainText: string;
    bountyTimeLeft: string | null;
    /** Who closed it, the original of a duplicate, the duplicates of this one. */
    closing: SharedClosing;
    /** The blog post this question asks about (ADR 043). */
    aboutPost: LinkedPost | null;
  };
  answers: AnswerOnPage[];
  permissions: ReturnType<typeof questionPermissions> & { canOfferBounty: boolean };
  /** Read in the page's own statement when it could be; the caller reads them otherwise (never sent as is). */
  viewerRelations: ViewerRelations | null;
  /** The viewer's answer draft kept on the server, read in the same statement (the route makes it the form's). */
  viewerAnswerDraft: StoredDraft | null;
};

/** The shared version each page was made from (values derived from it once: structured data). */
const sharedOf = new WeakMap<QuestionPage, SharedQuestionPage>();

export async function loadQuestionPage(
  viewer: Viewer | null,
  id: number,
  order: AnswerOrder,
): Promise<QuestionPage | null> {
  const moderator = isModerator(viewer);
  // What every reader sees comes from memory while its version holds; only the viewer's marks are read.
  const found = await questionPageFor(viewer?.id ?? null, id, order, canSeeDeleted(viewer));
  if (!found || (found.shared.question.deletedAt && !canSeeDeleted(viewer))) return null;
  const { shared, marks } = found;
  const { question, answers } = shared;
  const permissions = questionPermissions(viewer, question);
  const own = (authorId: number) => viewer?.id === authorId;
  const withDeleteRight = (c: SharedComment): CommentView => ({
    ...c,
    canDelete: canModify(viewer, c.author.id),
    canEdit: canEditComment(viewer, { authorId: c.author.id, createdAt: c.createdAt }),
    voted: marks.commentVotes.has(c.id),
    mayVote: Boolean(viewer && viewer.id !== c.author.id),
    mayFlag: mayFlagComment(viewer, { authorId: c.author.id }),
    seesHistory: moderator,
  });
  const bountyOpen = Boolean(question.bounty && !question.deletedAt);
  const page: QuestionPage = {
    question: {
      ...question,
      myVote: marks.questionVote,
      favorited: marks.favorited,
      watching: marks.watching,
      comments: question.comments.map(withDeleteRight),
      bountyTimeLeft: question.bounty ? bountyTimeLeft(question.bounty.expiresAt) : null,
    },
    answers: answers.map((a) => ({
      ...a,
      myVote: marks.answerVotes.get(a.id) ?? 0,
      comments: a.comments.map(withDeleteRight),
      canEdit: !a.deletedAt && Boolean(viewer) && (moderator || !question.lockedAt),
      suggestsEdit: editMode(viewer, a.author.id) === "suggest",
      canDelete: !a.deletedAt && (moderator || (own(a.author.id) && !a.accepted)),
      mayFlag: !own(a.author.id),
      canRestore: Boolean(a.deletedAt) && moderator,
      canAccept: permissions.isAuthor && !a.deletedAt && !question.deletedAt,
      canAwardBounty:
        bountyOpen && question.bounty?.offererId === viewer?.id && !a.deletedAt && !own(a.author.id),
      canTurnIntoPost: !a.deletedAt && !question.deletedAt && (moderator || own(a.author.id)),
    })),
    permissions: {
      ...permissions,
      canOfferBounty:
        permissions.isAuthor &&
        !question.deletedAt &&
        !question.bounty &&
        (viewer?.reputation ?? 0) >= BOUNTY_MIN_REPUTATION,
    },
    viewerRelations: marks.relations,
    viewerAnswerDraft: marks.answerDraft,
  };
  sharedOf.set(page, shared);
  return page;
}

/** Where rendered parts of this page are kept while the version it was made from holds (ADR 031). */
export function renderedPartsOf(page: QuestionPage): Map<string, unknown> | undefined {
  return sharedOf.get(page)?.memo;
}

/**
 * The page's schema.org QAPage as a script's text, made once per version of the question: the plain text of
 * every live answer is the same for every reader.
 */
function questionPageStructuredData(page: QuestionPage, url: string, origin: string): string {
  const make = () => {
    const { question, answers } = page;
    return jsonLdString(
      qaPageJsonLd({
        url,
        origin,
        question: {
          title: question.title,
          text: question.plainText,
          createdAt: question.createdAt,
          score: question.score,
          answerCount: question.answerCount,
          author: question.author,
        },
        answers: answers
          .filter((a) => !a.deletedAt)
          .map((a) => ({
            id: a.id,
            text: richTextToPlainText(a.body),
            createdAt: a.createdAt,
            score: a.score,
            accepted: a.accepted,
            author: a.author,
          })),
      }),
    );
  };
  const shared = sharedOf.get(page);
  return shared ? memoised(shared, `structured-data ${url}`, make) : make();
}

/**
 * The question page as its loader sends it, for this viewer and address (`?answers=`, `?versao=`,
 * `?aplicaveis=1`), or null when there is no question to show. `html` says how long rich text travels (as HTML
 * in a data request, as a reference to the document's HTML otherwise: page-html.server.ts).
 */
export async function questionPageView(
  viewer: Viewer | null,
  id: number,
  order: AnswerOrder,
  url: URL,
  { origin, html }: { origin: string; html: (ref: string, text: string) => PageHtml },
) {
  const page = await loadQuestionPage(viewer, id, order);
  if (!page) return null;
  // The relations are read here and the answer draft goes to the route, neither sent as is (the rest is).
  const { viewerRelations, viewerAnswerDraft, ...shown } = page;
  const authorIds = [page.question.author.id, ...page.answers.map((a) => a.author.id)];
  const commentsOf = [page.question.comments, ...page.answers.map((a) => a.comments)];
  // Close and reopen votes are read only for those who may cast them (one lookup on the votes' key).
  const canCloseVote = hasPrivilege(viewer, "closeVote") && !page.question.deletedAt;
  // Members the viewer blocked are collapsed for them: marked here, per viewer, never in the
  // shared page kept per version; a marked comment changes the kept fragment's key, so it renders apart.
  // The reader's version (`?versao=node@24`, or the picker's `versao_tag` + `versao`), and the member's own
  // "não funciona mais" marks (never in the shared page: they select the card's fragment).
  const tagNames = page.question.tags.map((t) => t.name);
  const versao = url.searchParams.get("versao") ?? "";
  const picked = parseReaderVersion(
    versao.includes("@") ? versao : versao ? `${url.searchParams.get("versao_tag") ?? ""}@${versao}` : null,
  );
  const reader = picked && tagNames.some((t) => t.toLowerCase() === picked.tag) ? picked : null;
  const readerVersion = reader
    ? { tag: tagNames.find((t) => t.toLowerCase() === reader.tag) ?? reader.tag, version: reader.version }
    : null;
  const onlyApplying = Boolean(readerVersion) && url.searchParams.get("aplicaveis") === "1";
  // Usually read with the page's version in one statement; read here when the kept page was just made.
  const [following, closeVotes, blocked, myMarks] = await Promise.all([
    viewerRelations?.following ?? isFollowing(viewer?.id, authorIds),
    canCloseVote ? closeVoteSummary(viewer, id) : Promise.resolve(null),
    viewerRelations?.blocked ??
      blockedAmong(viewer?.id, [...authorIds, ...commentsOf.flat().map((c) => c.author.id)]),
    viewerRelations?.outdatedMarks ??
      outdatedMarksOf(
        viewer?.id ?? null,
        page.answers.map((a) => a.id),
      ),
  ]);
  const answersShown = page.answers
    .map((a) => ({
      ...a,
      applies: readerVersion ? applicability(a, readerVersion) : null,
      myMark: myMarks.get(a.id) ?? null,
    }))
    .filter((a) => !onlyApplying || a.applies === "applies");
  const markBlocked = <C extends { author: { id: number } }>(comments: C[]) =>
    blocked.size === 0 ? comments : comments.map((c) => ({ ...c, authorBlocked: blocked.has(c.author.id) }));
  const canonical = `${origin}/questions/${id}`;
  return {
    page,
    answerDraft: viewerAnswerDraft,
    data: {
      ...shown,
      // The bodies travel once: as HTML in a document, inside the data for client navigations.
      question: {
        ...page.question,
        description: html(`question-${id}`, page.question.description),
        details: html(`question-${id}-details`, page.question.details),
        comments: markBlocked(page.question.comments),
      },
      answers: answersShown.map((a) => ({
        ...a,
        body: html(`answer-${a.id}`, a.body),
        comments: markBlocked(a.comments),
      })),
      blockedAuthors: [...blocked],
      order,
      tagNames,
      // "Uso a versão…" only where it can tell something: an answer says what it was tested on (or a version is
      // chosen already, to be cleared).
      versionTags: readerVersion || page.answers.some((a) => a.versions.length > 0) ? tagNames : [],
      readerVersion,
      onlyApplying,
      hiddenByVersion: page.answers.length - answersShown.length,
      following: [...following],
      viewerId: viewer?.id ?? null,
      viewerReputation: viewer?.reputation ?? 0,
      signedIn: Boolean(viewer),
      isModerator: isModerator(viewer),
      canCloseVote,
      closeVotes,
      // The asker without the privilege may still close their own question as a duplicate.
      askerMarksDuplicate:
        !canCloseVote &&
        viewer?.id === page.question.author.id &&
        !page.question.deletedAt &&
        !page.question.closedAt &&
        !page.question.lockedAt,
      canonical,
      // Made once per version of the question, as long as the answers together: sent once too.
      jsonLd: html(`question-${id}-structured-data`, questionPageStructuredData(page, canonical, origin)),
    },
  };
}
