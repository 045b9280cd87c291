// The history pages: the post must be visible to the viewer (deleted ones to moderators only); each revision
// is sanitised for display and says what changed from the one before.
import { sanitizeRichText } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { listAnswers } from "./answer-list.server.ts";
import { getQuestion } from "./question-detail.server.ts";
import { listRevisions, type RevisionView } from "./revisions.server.ts";

function changesOf(revision: RevisionView, previous: RevisionView | undefined): string[] {
  if (!previous) return [];
  const changes: string[] = [];
  if (revision.title !== previous.title) changes.push("título");
  if (revision.body !== previous.body) changes.push(revision.title === null ? "texto" : "detalhes");
  if (revision.details !== previous.details) changes.push("tentativas e expectativa");
  if (JSON.stringify(revision.tags ?? []) !== JSON.stringify(previous.tags ?? [])) changes.push("tags");
  return changes;
}

function forDisplay(revisions: RevisionView[]) {
  return revisions.map((r, i) => ({
    ...r,
    body: sanitizeRichText(r.body),
    details: r.details === null ? null : sanitizeRichText(r.details),
    changes: changesOf(r, revisions[i - 1]),
  }));
}

export async function questionHistory(viewer: Viewer | null, id: number) {
  const question = await getQuestion(viewer, id);
  if (!question) return null;
  return {
    question: { id, title: question.title },
    revisions: forDisplay(await listRevisions("question", id)),
  };
}

export async function answerHistory(viewer: Viewer | null, questionId: number, answerId: number) {
  const question = await getQuestion(viewer, questionId);
  if (!question) return null;
  const answer = (await listAnswers(viewer, questionId)).find((a) => a.id === answerId);
  if (!answer) return null;
  return {
    question: { id: questionId, title: question.title },
    answer: { id: answerId, authorName: answer.author.name },
    revisions: forDisplay(await listRevisions("answer", answerId)),
  };
}
