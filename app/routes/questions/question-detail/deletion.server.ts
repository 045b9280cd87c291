// Deleting the question or an answer (its author or the moderation) and restoring it (the moderation).
import { redirect, href } from "react-router";
import { deleteAnswer, restoreAnswer } from "#app/features/questions/answers.server.ts";
import { deleteQuestion, restoreQuestion } from "#app/features/questions/question-writes.server.ts";
import { reply, type QuestionActionArgs } from "./intents.server.ts";
import { withDoneNotice } from "#app/lib/done-notices.ts";
import { isModerator } from "#app/lib/permissions.ts";

export async function deleteQuestionAction({ viewer, questionId, here }: QuestionActionArgs) {
  await deleteQuestion(viewer, questionId);
  // The moderation still sees a deleted question (and may restore it); its author goes back to the list.
  return redirect(isModerator(viewer) ? here : withDoneNotice(href("/questions"), "pergunta-excluida"));
}

export async function restoreQuestionAction({ viewer, questionId, here }: QuestionActionArgs) {
  await restoreQuestion(viewer, questionId);
  return redirect(here);
}

export async function deleteAnswerAction({ viewer, answerId }: QuestionActionArgs) {
  await deleteAnswer(viewer, answerId);
  return reply({ intent: "delete-answer", ok: true, answerId });
}

export async function restoreAnswerAction({ viewer, answerId }: QuestionActionArgs) {
  await restoreAnswer(viewer, answerId);
  return reply({ intent: "restore-answer", ok: true, answerId });
}
