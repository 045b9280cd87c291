// Suggested edits: a member below the `editDirectly` privilege who edits someone else's question or answer
// leaves a suggestion for review instead; the review (approve, reject) is the review queue's. One pending
// suggestion per member and item: sending another replaces it.
import { and, eq, sql } from "drizzle-orm";
import { suggestedEdits } from "#db/schema.ts";
import type { Executor } from "#app/lib/db.server.ts";

/** The member's suggested edit of a question or an answer still waiting for review. */
export async function pendingSuggestionOf(
  executor: Executor,
  editorId: number,
  kind: "question" | "answer",
  targetId: number,
) {
  const [row] = await executor
    .select({
      id: suggestedEdits.id,
      title: suggestedEdits.title,
      body: suggestedEdits.body,
      details: suggestedEdits.details,
      tags: suggestedEdits.tags,
    })
    .from(suggestedEdits)
    .where(
      and(
        eq(suggestedEdits.targetKind, kind),
        eq(suggestedEdits.targetId, targetId),
        eq(suggestedEdits.editorId, editorId),
        eq(suggestedEdits.status, "pending"),
      ),
    );
  return row ?? null;
}

/**
 * Saves a member's edit of someone else's question or answer as a suggestion for review (one pending per
 * member and item: a second one replaces the first). The content itself does not change.
 */
export async function saveSuggestedEdit(
  tx: Executor,
  edit: {
    kind: "question" | "answer";
    targetId: number;
    editorId: number;
    title?: string;
    body: string;
    details?: string;
    tags?: string[];
    /** The suggester's "resumo da edição", shown to the reviewer. */
    summary?: string | null;
  },
): Promise<{ replaced: boolean }> {
  const values = {
    title: edit.title ?? null,
    body: edit.body,
    details: edit.details ?? null,
    tags: edit.tags ?? null,
    summary: edit.summary ?? "",
    createdAt: new Date(),
  };
  const existing = await pendingSuggestionOf(tx, edit.editorId, edit.kind, edit.targetId);
  // The upsert also settles two suggestions sent at the same moment (the partial unique index).
  await tx
    .insert(suggestedEdits)
    .values({ targetKind: edit.kind, targetId: edit.targetId, editorId: edit.editorId, ...values })
    .onConflictDoUpdate({
      target: [suggestedEdits.targetKind, suggestedEdits.targetId, suggestedEdits.editorId],
      targetWhere: sql`${suggestedEdits.status} = 'pending'`,
      set: values,
    });
  return { replaced: Boolean(existing) };
}
