// The history pages: the post must be visible to the viewer (deleted ones to moderators only); each revision
// is sanitised for display, says what changed from the one before and shows it word by word.
import { LRUCache } from "lru-cache";
import { sanitizeRichText } from "#app/lib/sanitize.server.ts";
import { forgetWhenDatabaseChanges } from "#app/lib/db.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { listAnswers } from "./answer-list.server.ts";
import type { RevisionDiff } from "./components/revision-list.tsx";
import { getQuestion } from "./question-detail.server.ts";
import { diffTags, diffText, richTextToDiffText } from "#app/lib/text-diff.server.ts";
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

type Compared = RevisionView & { bodyText: string; detailsText: string | null };

/** A rich-text field's diff; null when it did not change, a note when only its formatting (or a link) did. */
function richDiff(
  html: string | null,
  text: string | null,
  previousHtml: string | null | undefined,
  previousText: string | null | undefined,
) {
  if (html === null || text === null || html === previousHtml) return null;
  if (previousText != null && text === previousText) {
    return { segments: [], truncated: false, formattingOnly: true };
  }
  return diffText(previousText ?? null, text);
}

/**
 * Revisions never change, so the diff between two of them is worked out once per server (the least recently
 * read dropped past 2 000): a long history costs its diffs once, not on every visit.
 */
const diffs = new LRUCache<string, RevisionDiff>({ max: 2_000 });
forgetWhenDatabaseChanges(() => diffs.clear());

function diffOf(revision: Compared, previous: Compared | undefined): RevisionDiff {
  const key = `${previous?.id ?? 0}:${revision.id}`;
  const kept = diffs.get(key);
  if (kept) return kept;
  const diff = computeDiff(revision, previous);
  diffs.set(key, diff);
  return diff;
}

/** The first revision is the original text: shown as it was written, not as all inserted. */
function asOriginal<D extends { segments: { kind: string; text: string }[] } | null>(diff: D): D {
  if (!diff) return diff;
  return { ...diff, segments: diff.segments.map((segment) => ({ ...segment, kind: "same" })) };
}

/** The fields that changed from the previous revision (all of them for the first, as written), word by word. */
function computeDiff(revision: Compared, previous: Compared | undefined): RevisionDiff {
  if (!previous) {
    const changed = changedFields(revision, undefined);
    return {
      title: asOriginal(changed.title),
      body: asOriginal(changed.body),
      details: asOriginal(changed.details),
      tags: changed.tags?.map((segment) => ({ ...segment, kind: "same" as const })) ?? null,
    };
  }
  return changedFields(revision, previous);
}

function changedFields(revision: Compared, previous: Compared | undefined): RevisionDiff {
  const sameTags = JSON.stringify(revision.tags ?? []) === JSON.stringify(previous?.tags ?? []);
  return {
    title:
      revision.title !== null && revision.title !== previous?.title
        ? diffText(previous?.title ?? null, revision.title)
        : null,
    body: richDiff(revision.body, revision.bodyText, previous?.body, previous?.bodyText),
    details: richDiff(revision.details, revision.detailsText, previous?.details, previous?.detailsText),
    tags: revision.tags?.length && !sameTags ? diffTags(previous?.tags ?? null, revision.tags) : null,
  };
}

function forDisplay(revisions: RevisionView[]) {
  const compared: Compared[] = revisions.map((r) => {
    const body = sanitizeRichText(r.body);
    const details = r.details === null ? null : sanitizeRichText(r.details);
    return {
      ...r,
      body,
      details,
      bodyText: richTextToDiffText(body),
      detailsText: details === null ? null : richTextToDiffText(details),
    };
  });
  return compared.map(({ bodyText: _bodyText, detailsText: _detailsText, ...r }, i) => ({
    ...r,
    changes: changesOf(revisions[i]!, revisions[i - 1]),
    diff: diffOf(compared[i]!, compared[i - 1]),
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
