// The history of a question or an answer: every saved state, the first one included, with who saved it.
import { and, asc, eq } from "drizzle-orm";
import { revisions, users } from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";
import type { TargetKind } from "./targets.server.ts";

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
    })
    .from(revisions)
    .innerJoin(users, eq(users.id, revisions.editorId))
    .where(and(eq(revisions.targetKind, kind), eq(revisions.targetId, id)))
    .orderBy(asc(revisions.createdAt), asc(revisions.id));
  return rows.map((r, i) => ({ ...r, number: i + 1 }));
}
