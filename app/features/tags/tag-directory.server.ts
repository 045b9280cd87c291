// The tag directory: /tags (every tag with how many questions carry it) and the heading of
// /questions/tagged/{slug}. Reads the tags table only; creating and naming tags is in tags.server.ts.
import { asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { tags } from "#db/schema.ts";
import { getDb } from "#app/lib/db.server.ts";

export type TagDirectoryEntry = {
  id: number;
  name: string;
  slug: string;
  description: string;
  questionCount: number;
  postCount: number;
};

const TAGS_PAGE_SIZE = 60;

export type TagDirectorySort = "popular" | "name";

/** A page of every tag, the most used first (or by name), optionally narrowed by a typed filter. */
export async function listTagDirectory(
  options: { page?: number; sort?: TagDirectorySort; filter?: string; offset?: number; limit?: number } = {},
): Promise<{ tags: TagDirectoryEntry[]; total: number; page: number; totalPages: number }> {
  const db = await getDb();
  const page = Math.max(1, options.page ?? 1);
  const filter = (options.filter ?? "").trim().slice(0, 35);
  const like = `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = filter
    ? or(ilike(tags.name, like), sql`unaccent(lower(${tags.name})) like unaccent(lower(${like}))`)
    : undefined;
  const order =
    options.sort === "name"
      ? [asc(sql`lower(${tags.name})`), asc(tags.id)]
      : [desc(tags.questionCount), desc(tags.postCount), asc(sql`lower(${tags.name})`), asc(tags.id)];
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: tags.id,
        name: tags.name,
        slug: tags.slug,
        description: tags.description,
        questionCount: tags.questionCount,
        postCount: tags.postCount,
      })
      .from(tags)
      .where(where)
      .orderBy(...order)
      // The REST API pages by position with its own page size.
      .limit(options.limit ?? TAGS_PAGE_SIZE)
      .offset(options.offset ?? (page - 1) * TAGS_PAGE_SIZE),
    db.select({ total: count() }).from(tags).where(where),
  ]);
  const total = Number(totals[0]?.total ?? 0);
  return { tags: rows, total, page, totalPages: Math.max(1, Math.ceil(total / TAGS_PAGE_SIZE)) };
}

/** One tag by its slug, for the heading of its question list; null when there is none. */
export async function getTagBySlug(slug: string): Promise<TagDirectoryEntry | null> {
  if (!slug || slug.length > 80) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: tags.id,
      name: tags.name,
      slug: tags.slug,
      description: tags.description,
      questionCount: tags.questionCount,
      postCount: tags.postCount,
    })
    .from(tags)
    .where(eq(tags.slug, slug));
  return row ?? null;
}
