// The lists administrators keep in order from /administracao: the landing's featured posts
// (posts.featured_rank), the posts pinned to the top of 'Escolhas da Comunidade' (posts.pick_rank) and the
// recommended topics (tags.recommended_rank). Each change renumbers the list 1..n in one transaction, is
// logged, and makes every app server forget what it remembered of the list (app/lib/curation.server.ts).
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { posts, tags } from "#db/schema.ts";
import { announceCurationChange, curationChangedHere } from "#app/lib/curation.server.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { requireAdmin } from "#app/lib/permissions.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { logModeration, type ModerationAction } from "#app/features/moderation/moderation-log.server.ts";
import { CURATED_LIST_MAX, CURATION_MESSAGES, type CuratedListName } from "./rules.ts";

export type CuratedItem = { id: number; label: string; href: string };

const LOG_ACTION: Record<CuratedListName, ModerationAction> = {
  featured: "feature",
  picks: "pick",
  recommended: "recommend_tag",
};

/** The rank column of each list, on its table. */
const RANK = {
  featured: posts.featuredRank,
  picks: posts.pickRank,
  recommended: tags.recommendedRank,
} as const;

async function readList(executor: Executor, list: CuratedListName): Promise<CuratedItem[]> {
  if (list === "recommended") {
    const rows = await executor
      .select({ id: tags.id, name: tags.name, slug: tags.slug })
      .from(tags)
      .where(isNotNull(tags.recommendedRank))
      .orderBy(asc(tags.recommendedRank), asc(tags.id));
    return rows.map((r) => ({ id: r.id, label: r.name, href: `/questions/tagged/${r.slug}` }));
  }
  const rank = RANK[list];
  const rows = await executor
    .select({ id: posts.id, title: posts.title, slug: posts.slug })
    .from(posts)
    .where(and(isNotNull(rank), isNull(posts.deletedAt)))
    .orderBy(asc(rank), asc(posts.id));
  return rows.map((r) => ({ id: r.id, label: r.title, href: `/blog/${r.slug}` }));
}

/** The three lists, in their order (administrators). */
export async function curatedLists(viewer: Viewer | null): Promise<Record<CuratedListName, CuratedItem[]>> {
  requireAdmin(viewer, CURATION_MESSAGES.adminsOnly);
  const db = await getDb();
  const [featured, picks, recommended] = await Promise.all([
    readList(db, "featured"),
    readList(db, "picks"),
    readList(db, "recommended"),
  ]);
  return { featured, picks, recommended };
}

/** Writes the list's new order: ranks 1..n for `ids`, none for whatever else had one. */
async function writeOrder(tx: Executor, list: CuratedListName, ids: number[]) {
  const table = list === "recommended" ? tags : posts;
  const rank = sql.identifier(RANK[list].name);
  await tx.execute(sql`update ${table} set ${rank} = null where ${rank} is not null`);
  for (const [index, id] of ids.entries()) {
    await tx.execute(sql`update ${table} set ${rank} = ${index + 1} where id = ${id}`);
  }
}

/** A post named by its address (`/blog/slug`, a full URL) or its slug; a tag by its name or slug. */
async function findItem(
  executor: Executor,
  list: CuratedListName,
  reference: string,
): Promise<{ id: number; label: string }> {
  const value = reference.trim();
  if (!value) throw new AppError("validation", CURATION_MESSAGES.referenceRequired, { field: "reference" });
  if (list === "recommended") {
    const name = value.replace(/^.*\/questions\/tagged\//, "").replace(/^#/, "");
    const [tag] = await executor
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(sql`lower(${tags.name}) = lower(${name}) or ${tags.slug} = lower(${name})`)
      .limit(1);
    if (!tag) throw new AppError("not_found", CURATION_MESSAGES.tagNotFound, { field: "reference" });
    return { id: tag.id, label: tag.name };
  }
  let slug = value;
  try {
    slug = new URL(value, "http://localhost").pathname;
  } catch {
    // Not an address: taken as the slug itself.
  }
  slug = decodeURIComponent(
    slug
      .replace(/\/+$/, "")
      .replace(/^.*\/blog\//, "")
      .replace(/^\//, ""),
  );
  const [post] = await executor
    .select({ id: posts.id, title: posts.title })
    .from(posts)
    .where(and(eq(posts.slug, slug), isNull(posts.deletedAt)))
    .limit(1);
  if (!post) throw new AppError("not_found", CURATION_MESSAGES.postNotFound, { field: "reference" });
  return { id: post.id, label: post.title };
}

/** Runs one change of a list in a transaction: reads it, lets `change` return the new order, logs `reason`. */
async function changeList(
  viewer: Viewer | null,
  list: CuratedListName,
  change: (current: CuratedItem[], tx: Executor) => Promise<{ ids: number[]; item: number; reason: string }>,
): Promise<void> {
  const admin = requireAdmin(viewer, CURATION_MESSAGES.adminsOnly);
  const db = await getDb();
  await db.transaction(async (tx) => {
    // One change of the curated lists at a time: two administrators never renumber over each other.
    await tx.execute(sql`select pg_advisory_xact_lock(4242017)`);
    const current = await readList(tx, list);
    const { ids, item, reason } = await change(current, tx);
    await writeOrder(tx, list, ids);
    await logModeration(tx, {
      actorId: admin.id,
      action: LOG_ACTION[list],
      target: { kind: list === "recommended" ? "tag" : "post", id: item },
      reason,
    });
    await announceCurationChange(tx);
  });
  curationChangedHere();
}

/** Adds a post or tag at the end of the list. */
export async function addToCuratedList(
  viewer: Viewer | null,
  list: CuratedListName,
  reference: string,
): Promise<string> {
  let added = "";
  await changeList(viewer, list, async (current, tx) => {
    const item = await findItem(tx, list, reference);
    if (current.some((entry) => entry.id === item.id)) {
      throw new AppError("conflict", CURATION_MESSAGES.alreadyListed, { field: "reference" });
    }
    if (current.length >= CURATED_LIST_MAX) {
      throw new AppError("conflict", CURATION_MESSAGES.listFull, { field: "reference" });
    }
    added = item.label;
    return {
      ids: [...current.map((entry) => entry.id), item.id],
      item: item.id,
      reason: `Adicionou: ${item.label}`,
    };
  });
  return added;
}

/** Moves an entry one place up or down. */
export async function moveInCuratedList(
  viewer: Viewer | null,
  list: CuratedListName,
  id: number,
  direction: "up" | "down",
): Promise<void> {
  await changeList(viewer, list, async (current) => {
    const index = current.findIndex((entry) => entry.id === id);
    const entry = current[index];
    if (!entry) throw new AppError("not_found", CURATION_MESSAGES.notListed);
    const to = direction === "up" ? index - 1 : index + 1;
    const ids = current.map((item) => item.id);
    if (to >= 0 && to < ids.length) [ids[index], ids[to]] = [ids[to] as number, id];
    return {
      ids,
      item: id,
      reason: `Moveu para a posição ${Math.min(Math.max(to, 0), ids.length - 1) + 1}: ${entry.label}`,
    };
  });
}

/** Takes an entry off the list. */
export async function removeFromCuratedList(
  viewer: Viewer | null,
  list: CuratedListName,
  id: number,
): Promise<string> {
  let removed = "";
  await changeList(viewer, list, async (current) => {
    const entry = current.find((item) => item.id === id);
    if (!entry) throw new AppError("not_found", CURATION_MESSAGES.notListed);
    removed = entry.label;
    return {
      ids: current.filter((item) => item.id !== id).map((item) => item.id),
      item: id,
      reason: `Retirou: ${entry.label}`,
    };
  });
  return removed;
}
