// Saved filters: a name and the canonical query string the filter modal applies (list-query.ts), per member.
import { and, asc, count, eq, sql } from "drizzle-orm";
import { savedFilters } from "#db/schema.ts";
import { getDb, preparedQuery } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { listQueryToSearch, type QuestionListQuery } from "./list-query.ts";
import { FILTER_NAME_MAX, MESSAGES, SAVED_FILTERS_MAX } from "./schemas.ts";
import { requireMember } from "#app/lib/permissions.ts";

export type SavedFilter = { id: number; name: string; query: string };

export const FILTER_MESSAGES = {
  tooMany: `Você já tem ${SAVED_FILTERS_MAX} filtros salvos. Exclua um para salvar outro.`,
  notFound: "Este filtro não existe.",
} as const;

/** Saves the list query under a name; saving the same name again replaces that filter. */
export async function saveFilter(
  viewer: Viewer | null,
  input: { name: string; query: QuestionListQuery },
): Promise<SavedFilter> {
  const member = requireMember(viewer);
  const name = input.name.replace(/\s+/g, " ").trim();
  if (!name || name.length > FILTER_NAME_MAX) {
    throw new AppError("validation", MESSAGES.filterName, { field: "name" });
  }
  const query = listQueryToSearch(input.query, { withPage: false });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const mine = await tx
      .select({ id: savedFilters.id, name: savedFilters.name })
      .from(savedFilters)
      .where(eq(savedFilters.userId, member.id))
      .for("update");
    const same = mine.find((f) => f.name.toLowerCase() === name.toLowerCase());
    if (same) {
      await tx.update(savedFilters).set({ name, query }).where(eq(savedFilters.id, same.id));
      return { id: same.id, name, query };
    }
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(savedFilters)
      .where(eq(savedFilters.userId, member.id));
    if (total >= SAVED_FILTERS_MAX)
      throw new AppError("conflict", FILTER_MESSAGES.tooMany, { field: "name" });
    const [row] = await tx
      .insert(savedFilters)
      .values({ userId: member.id, name, query })
      .returning({ id: savedFilters.id });
    if (!row) throw new Error("saveFilter: insert returned nothing");
    return { id: row.id, name, query };
  });
}

const savedFiltersOf = preparedQuery((db) =>
  db
    .select({ id: savedFilters.id, name: savedFilters.name, query: savedFilters.query })
    .from(savedFilters)
    .where(eq(savedFilters.userId, sql.placeholder("userId")))
    .orderBy(asc(savedFilters.name), asc(savedFilters.id))
    .prepare("saved_filters_of"),
);

/** The member's saved filters, by name: on every page of the question lists, so planned once. */
export async function listSavedFilters(viewer: Viewer | null): Promise<SavedFilter[]> {
  if (!viewer) return [];
  return savedFiltersOf({ userId: viewer.id });
}

/** Deletes one of the viewer's own filters. */
export async function deleteSavedFilter(viewer: Viewer | null, id: number): Promise<void> {
  const member = requireMember(viewer);
  const db = await getDb();
  const deleted = await db
    .delete(savedFilters)
    .where(and(eq(savedFilters.id, id), eq(savedFilters.userId, member.id)))
    .returning({ id: savedFilters.id });
  if (!deleted.length) throw new AppError("not_found", FILTER_MESSAGES.notFound);
}
