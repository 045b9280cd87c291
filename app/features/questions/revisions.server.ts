// The history of a question or an answer: every saved state, the first one included, with who saved it.
import { and, asc, eq } from "drizzle-orm";
import { revisions, users } from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { MESSAGES, REVISION_SUMMARY_MAX } from "./rules.ts";
import type { TargetKind } from "./targets.server.ts";

/**
 * The "resumo da edição" to store: one line of plain text (control characters and runs of spaces become one
 * space), null when empty. The forms' schema checks the length first; this is the server's own check.
 */
export function checkRevisionSummary(value: string | null | undefined): string | null {
  if (value == null) return null;
  // eslint-disable-next-line no-control-regex
  const summary = value.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
  if (!summary) return null;
  if (summary.length > REVISION_SUMMARY_MAX) {
    throw new AppError("validation", MESSAGES.summaryLong, { field: "summary" });
  }
  return summary;
}

export type RevisionView = {
  id: number;
  /** 1 for the first version. */
  number: number;
  createdAt: Date;
  editor: { id: number; handle: string; name: string };
  title: string | null;
  body: string;
  details: string | null;
  tags: string[] | null;
  summary: string | null;
};

/**
 * Every revision of a post, oldest first. The caller has already checked that the viewer may see the post
 * (getQuestion / listAnswers return null or leave deleted posts out for everyone but moderators).
 */
export async function listRevisions(kind: TargetKind, id: number): Promise<RevisionView[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: revisions.id,
      createdAt: revisions.createdAt,
      editor: { id: users.id, handle: users.handle, name: users.name },
      title: revisions.title,
      body: revisions.body,
      details: revisions.details,
      tags: revisions.tags,
      summary: revisions.summary,
    })
    .from(revisions)
    .innerJoin(users, eq(users.id, revisions.editorId))
    .where(and(eq(revisions.targetKind, kind), eq(revisions.targetId, id)))
    .orderBy(asc(revisions.createdAt), asc(revisions.id));
  return rows.map((r, i) => ({ ...r, number: i + 1 }));
}
