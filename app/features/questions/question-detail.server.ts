// One question as its page shows it (moderators also see deleted ones), and what the viewer may do with it.
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { bounties, questions, revisions, users } from "#db/schema.ts";
import { preparedQuery } from "#app/lib/db.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import type { CloseReason } from "#app/features/moderation/rules.ts";
// Who edits others' questions directly and who suggests edits.
import { editMode } from "#app/features/moderation/rules.ts";
import {
  authorColumns,
  openBounty,
  tagsOfQuestions,
  type AuthorSummary,
  type TagLink,
} from "./question-rows.server.ts";
import { isModerator, canSeeDeleted } from "#app/lib/permissions.ts";

export type QuestionDetail = {
  id: number;
  title: string;
  description: string;
  details: string;
  tags: TagLink[];
  author: AuthorSummary;
  score: number;
  answerCount: number;
  commentCount: number;
  viewCount: number;
  favoriteCount: number;
  acceptedAnswerId: number | null;
  createdAt: Date;
  updatedAt: Date | null;
  lastActivityAt: Date;
  deletedAt: Date | null;
  /** The open bounty, or null. */
  bounty: { id: number; amount: number; expiresAt: Date; offererId: number } | null;
  /** Revisions beyond the first (the question was edited). */
  edited: boolean;
  /** Closed (with its reason, the original of a duplicate and who closed it) and locked (closing.server.ts). */
  closedAt: Date | null;
  closeReason: CloseReason | null;
  duplicateOfId: number | null;
  closedBy: number[];
  lockedAt: Date | null;
};

// The question page's own queries, prepared once (see preparedQuery).
const questionById = preparedQuery((db) =>
  db
    .select({
      question: questions,
      author: authorColumns,
      bountyOpen: sql<boolean>`coalesce(${openBounty}, false)`,
      revisionCount:
        sql<number>`(select count(*) from ${revisions} where ${revisions.targetKind} = 'question' and ${revisions.targetId} = ${questions.id})`.mapWith(
          Number,
        ),
    })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.authorId))
    .where(eq(questions.id, sql.placeholder("id")))
    .prepare("question_by_id"),
);

const openBountyOf = preparedQuery((db) =>
  db
    .select({
      id: bounties.id,
      amount: bounties.amount,
      expiresAt: bounties.expiresAt,
      offererId: bounties.offererId,
    })
    .from(bounties)
    .where(
      and(
        eq(bounties.questionId, sql.placeholder("questionId")),
        isNull(bounties.awardedAt),
        gt(bounties.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(bounties.createdAt))
    .limit(1)
    .prepare("open_bounty_of_question"),
);

/**
 * A question as the detail page shows it, or null when it does not exist or is deleted (moderators still see
 * deleted ones). Rich text comes back as stored (sanitised on the way in); the page sanitises it again.
 */
export async function getQuestion(viewer: Viewer | null, id: number): Promise<QuestionDetail | null> {
  return readQuestion(id, canSeeDeleted(viewer));
}

/** A question as its page shows it; a deleted one only `withDeleted` (what a moderator sees). */
export async function readQuestion(id: number, withDeleted: boolean): Promise<QuestionDetail | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await questionById({ id });
  if (!row) return null;
  const q = row.question;
  if (q.deletedAt && !withDeleted) return null;
  const [tagMap, openBountyRow] = await Promise.all([
    tagsOfQuestions([id]),
    row.bountyOpen ? openBountyOf({ questionId: id }) : Promise.resolve([]),
  ]);
  return {
    id: q.id,
    title: q.title,
    description: q.description,
    details: q.details,
    tags: tagMap.get(id) ?? [],
    author: row.author,
    score: q.score,
    answerCount: q.answerCount,
    commentCount: q.commentCount,
    viewCount: q.viewCount,
    favoriteCount: q.favoriteCount,
    acceptedAnswerId: q.acceptedAnswerId,
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
    lastActivityAt: q.lastActivityAt,
    deletedAt: q.deletedAt,
    bounty: openBountyRow[0] ?? null,
    edited: row.revisionCount > 1,
    closedAt: q.closedAt,
    closeReason: q.closeReason,
    duplicateOfId: q.duplicateOfId,
    closedBy: q.closedBy ?? [],
    lockedAt: q.lockedAt,
  };
}

/** What the viewer may do with a question (the page shows only the controls that will work). */
export function questionPermissions(viewer: Viewer | null, question: QuestionDetail) {
  const own = viewer?.id === question.author.id;
  return {
    // Every member may open the edit page; below the editDirectly privilege it suggests the edit. A locked
    // question is edited by moderators only (closing.server.ts).
    canEdit: Boolean(viewer) && !question.deletedAt && (!question.lockedAt || isModerator(viewer)),
    suggestsEdit: editMode(viewer, question.author.id) === "suggest",
    canDelete: !question.deletedAt && (isModerator(viewer) || (own && question.answerCount === 0)),
    canRestore: Boolean(question.deletedAt) && isModerator(viewer),
    canVote: Boolean(viewer) && !own && !question.deletedAt,
    canAccept: own && !question.deletedAt,
    isAuthor: own,
  };
}
