// Everything the question page shows, in a handful of batched queries: the question, its answers in the
// chosen order, the comments of all of them, the viewer's votes, favourite and bounty awards. Rich text is
// sanitised again on the way out (DESIGN.md: on write and on display).
import { sanitizeRichText, richTextToPlainText } from "#app/lib/sanitize.server.ts";
import { isModerator, type Viewer } from "#app/lib/viewer.ts";
import type { AnswerOrder } from "./answer-orders.ts";
import { listAnswers, type AnswerView } from "./answer-list.server.ts";
import { awardedBounties } from "./bounties.server.ts";
import { bountyTimeLeft } from "./bounty-time.ts";
import { listComments, type CommentView } from "./comments.server.ts";
import { isFavorite } from "./favorites.server.ts";
import { getQuestion, questionPermissions, type QuestionDetail } from "./question-detail.server.ts";
import { BOUNTY_MIN_REPUTATION } from "./schemas.ts";
import { myVotes } from "./votes.server.ts";

export type AnswerOnPage = AnswerView & {
  myVote: -1 | 0 | 1;
  comments: CommentView[];
  bountyAwarded: number | null;
  canEdit: boolean;
  canDelete: boolean;
  canRestore: boolean;
  canAccept: boolean;
  canAwardBounty: boolean;
};

export type QuestionPage = {
  question: QuestionDetail & {
    myVote: -1 | 0 | 1;
    favorited: boolean;
    comments: CommentView[];
    /** The description's plain text (meta description, structured data). */
    plainText: string;
    bountyTimeLeft: string | null;
  };
  answers: AnswerOnPage[];
  permissions: ReturnType<typeof questionPermissions> & { canOfferBounty: boolean };
};

export async function loadQuestionPage(
  viewer: Viewer | null,
  id: number,
  order: AnswerOrder,
): Promise<QuestionPage | null> {
  const question = await getQuestion(viewer, id);
  if (!question) return null;
  const answers = await listAnswers(viewer, id, order);
  const answerIds = answers.map((a) => a.id);
  const [comments, questionVotes, answerVotes, favorited, awarded] = await Promise.all([
    listComments(viewer, id, answerIds),
    myVotes(viewer, "question", [id]),
    myVotes(viewer, "answer", answerIds),
    isFavorite(viewer, id),
    awardedBounties(id),
  ]);
  const permissions = questionPermissions(viewer, question);
  const moderator = isModerator(viewer);
  const own = (authorId: number) => viewer?.id === authorId;
  const bountyOpen = Boolean(question.bounty && !question.deletedAt);
  return {
    question: {
      ...question,
      description: sanitizeRichText(question.description),
      details: sanitizeRichText(question.details),
      plainText: richTextToPlainText(question.description),
      myVote: questionVotes.get(id) ?? 0,
      favorited,
      comments: comments.filter((c) => c.targetKind === "question"),
      bountyTimeLeft: question.bounty ? bountyTimeLeft(question.bounty.expiresAt) : null,
    },
    answers: answers.map((a) => ({
      ...a,
      body: sanitizeRichText(a.body),
      myVote: answerVotes.get(a.id) ?? 0,
      comments: comments.filter((c) => c.targetKind === "answer" && c.targetId === a.id),
      bountyAwarded: awarded.get(a.id) ?? null,
      canEdit: !a.deletedAt && (own(a.author.id) || moderator),
      canDelete: !a.deletedAt && (moderator || (own(a.author.id) && !a.accepted)),
      canRestore: Boolean(a.deletedAt) && moderator,
      canAccept: permissions.isAuthor && !a.deletedAt && !question.deletedAt,
      canAwardBounty:
        bountyOpen && question.bounty?.offererId === viewer?.id && !a.deletedAt && !own(a.author.id),
    })),
    permissions: {
      ...permissions,
      canOfferBounty:
        permissions.isAuthor &&
        !question.deletedAt &&
        !question.bounty &&
        (viewer?.reputation ?? 0) >= BOUNTY_MIN_REPUTATION,
    },
  };
}
