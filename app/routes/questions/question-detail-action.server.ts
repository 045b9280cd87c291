// The action of /questions/{id}: every form of the page posts its `intent` (votes, favourite, answers, comments,
// acceptance, bounties, deletion, closing and locking; flags post to /sinalizar), each handled by its own module
// in `question-detail/`, each checked in the feature functions, in the one table of lib/intents.server.ts.
import { redirect, type RouterContextProvider, href } from "react-router";
import { parseQuestionId } from "#app/features/questions/format.ts";
import { optionalViewer, signInUrl } from "#app/lib/auth-guard.server.ts";
import { formRowId } from "#app/lib/ids.ts";
import { intentAction, UNKNOWN_INTENT_MESSAGE } from "#app/lib/intents.server.ts";
import { acceptAction } from "./question-detail/accept.server.ts";
import { answerAction } from "./question-detail/answer.server.ts";
import { awardBountyAction, offerBountyAction } from "./question-detail/bounty.server.ts";
import {
  closeVoteAction,
  lockAction,
  reopenVoteAction,
  withdrawCloseVoteAction,
  unlockAction,
} from "./question-detail/closing.server.ts";
import {
  commentAction,
  deleteCommentAction,
  editCommentAction,
  voteCommentAction,
} from "./question-detail/comments.server.ts";
import {
  deleteAnswerAction,
  deleteQuestionAction,
  restoreAnswerAction,
  restoreQuestionAction,
} from "./question-detail/deletion.server.ts";
import { favoriteAction } from "./question-detail/favorite.server.ts";
import { reply, type QuestionActionArgs } from "./question-detail/intents.server.ts";
import { markOutdatedAction, retractOutdatedAction } from "./question-detail/outdated.server.ts";
import { voteAction } from "./question-detail/vote.server.ts";
import { watchAction } from "./question-detail/watch.server.ts";

export const questionPageIntents = intentAction(
  {
    vote: voteAction,
    favorite: favoriteAction,
    watch: watchAction,
    answer: answerAction,
    comment: commentAction,
    "delete-comment": deleteCommentAction,
    "edit-comment": editCommentAction,
    "vote-comment": voteCommentAction,
    accept: acceptAction,
    "delete-question": deleteQuestionAction,
    "restore-question": restoreQuestionAction,
    "delete-answer": deleteAnswerAction,
    "restore-answer": restoreAnswerAction,
    "offer-bounty": offerBountyAction,
    "award-bounty": awardBountyAction,
    "close-vote": closeVoteAction,
    "reopen-vote": reopenVoteAction,
    "withdraw-close-vote": withdrawCloseVoteAction,
    lock: lockAction,
    unlock: unlockAction,
    "mark-outdated": markOutdatedAction,
    "retract-outdated": retractOutdatedAction,
  },
  {
    unknown: (intent) => reply({ intent, ok: false, message: UNKNOWN_INTENT_MESSAGE }, 400),
    refused: (error, intent, { here, target, answerId }) => {
      // A visitor who tried to vote, favourite, comment… signs in and comes back to the question.
      if (error.code === "unauthenticated") throw redirect(signInUrl(here));
      return reply({ intent, ok: false, target, answerId, message: error.message }, error.status);
    },
  },
);

export async function questionDetailAction({
  request,
  context,
  params,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { id?: string };
}) {
  const questionId = parseQuestionId(params.id);
  if (questionId === null) throw redirect(href("/questions"));
  const viewer = optionalViewer(context);
  const here = href("/questions/:id", { id: String(questionId) });
  const form = await request.formData();
  const kind = form.get("kind") === "answer" ? "answer" : "question";
  const post: QuestionActionArgs["post"] = {
    kind,
    id: form.has("id") ? formRowId(form.get("id")) : questionId,
  };
  const answerId = formRowId(form.get("answerId"));
  const target = `${kind}-${post.id}`;

  return questionPageIntents(form.get("intent"), {
    viewer,
    questionId,
    here,
    form,
    post,
    target,
    answerId,
    context,
  });
}
