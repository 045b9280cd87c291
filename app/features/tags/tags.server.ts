// Tags: the selector's suggestions, the side columns' recommended topics, search as one types, and turning
// the names a form sent into tag ids (creating the new ones).
import { and, asc, gte, inArray, isNotNull, or, sql } from "drizzle-orm";
import { tags, users } from "#db/schema.ts";
import { assertContentRate } from "#app/lib/content-rate-limits.server.ts";
import {
  missingReputation,
  privilegeMessage,
  PRIVILEGES,
  requirePrivilege,
} from "#app/features/moderation/rules.ts";
import { findBlockedWord, refuseBlockedEdit } from "#app/features/moderation/spam-defences.server.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { forgetWhenCurationChanges } from "#app/lib/curation.server.ts";
import { shortCache } from "#app/lib/short-cache.server.ts";
import { AppError, isAppError } from "#app/lib/errors.ts";
import { slugify } from "#app/lib/slug.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { TAG_DESCRIPTION_MAX_LENGTH, TAG_MESSAGES, TAG_NAME_MAX_LENGTH } from "./rules.ts";

export type TagSummary = { name: string; slug: string };

const summary = { name: tags.name, slug: tags.slug };

/** Escapes LIKE's wildcards so a typed "%" or "_" is matched literally. */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Tags for the selector as one types: names starting with the query first (accents and case ignored; the
 * most used first), then names that merely look alike (trigram similarity; the closest first).
 */
export async function searchTags(query: string, limit = 8): Promise<TagSummary[]> {
  const q = query.trim().replace(/\s+/g, " ").slice(0, TAG_NAME_MAX_LENGTH);
  if (!q) return [];
  const db = await getDb();
  const prefix = sql`unaccent(lower(${tags.name})) like unaccent(lower(${likePrefix(q)}))`;
  const similar = sql`similarity(unaccent(lower(${tags.name})), unaccent(lower(${q}))) > 0.3`;
  return db
    .select(summary)
    .from(tags)
    .where(sql`(${prefix} or ${similar})`)
    .orderBy(
      sql`(${prefix}) desc`,
      // Among prefix matches the most used wins; among look-alikes the closest does.
      sql`case when ${prefix} then ${tags.questionCount} + ${tags.postCount} end desc nulls last`,
      sql`similarity(unaccent(lower(${tags.name})), unaccent(lower(${q}))) desc`,
      sql`${tags.questionCount} + ${tags.postCount} desc`,
      asc(tags.name),
    )
    .limit(Math.min(Math.max(limit, 1), 50));
}

/** The ten predefined tags the selector offers (spec §3), in their order. */
export async function suggestedTags(): Promise<TagSummary[]> {
  const db = await getDb();
  return db.select(summary).from(tags).where(isNotNull(tags.suggestedRank)).orderBy(asc(tags.suggestedRank));
}

/** What a form's tag selector offers `viewer`: the suggested tags, and whether typing a new name offers to create it. */
export async function tagChoicesFor(
  viewer: Viewer,
): Promise<{ suggestions: string[]; canCreateTags: boolean }> {
  const db = await getDb();
  const [suggestions, canCreateTags] = await Promise.all([suggestedTags(), mayCreateTags(db, viewer)]);
  return { suggestions: suggestions.map((t) => t.name), canCreateTags };
}

/**
 * The recommended tags are the same on every list page and change only when an administrator reorders them
 * (/administracao): read once a minute, and again at once after such a change.
 */
const recommended = shortCache<TagSummary[]>(60_000, 1);
forgetWhenCurationChanges(() => recommended.clear());

/** The recommended topics of the side columns, in their order. */
export async function recommendedTags(): Promise<TagSummary[]> {
  return recommended.get("recommended", async () => {
    const db = await getDb();
    return db
      .select(summary)
      .from(tags)
      .where(isNotNull(tags.recommendedRank))
      .orderBy(asc(tags.recommendedRank));
  });
}

/**
 * Tag names as a form sent them — repeated `tags` fields from the selector and/or the comma-separated text
 * of its plain field — split on commas, trimmed, inner spaces collapsed, deduplicated ignoring case (the
 * first spelling wins), in order. Throws a validation AppError (field "tags") for a name over 35 characters
 * or, with `max`, for too many tags.
 */
export function normaliseTagNames(
  input: string[] | string | FormDataEntryValue[] | null | undefined,
  options: { max?: number } = {},
): string[] {
  const values = (Array.isArray(input) ? input : [input ?? ""]).filter(
    (value): value is string => typeof value === "string",
  );
  const names: string[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    for (const part of value.split(",")) {
      // Letters, digits, spaces and the marks tech names use (c#, c++, node.js, front-end, a_b).
      const name = part
        .normalize("NFC")
        .replace(/[^\p{L}\p{N}\s.+#_-]/gu, "")
        .replace(/\s+/g, " ")
        .trim()
        .replace(/^#+(?=.)/, "");
      if (!name) continue;
      if (Array.from(name).length > TAG_NAME_MAX_LENGTH) {
        throw new AppError("validation", TAG_MESSAGES.nameTooLong, { field: "tags" });
      }
      const key = name.toLocaleLowerCase("pt-BR");
      if (seen.has(key)) continue;
      seen.add(key);
      names.push(name);
    }
  }
  if (options.max !== undefined && names.length > options.max) {
    throw new AppError("validation", `Escolha no máximo ${options.max} tags.`, { field: "tags" });
  }
  return names;
}

/** A slug for a new tag that no other tag has ("c" taken → "c-2"), never empty. */
async function freeSlug(tx: Executor, name: string): Promise<string> {
  const base = slugify(name, { maxLength: 40 }) || "tag";
  const taken = await tx
    .select({ slug: tags.slug })
    .from(tags)
    .where(sql`${tags.slug} = ${base} or ${tags.slug} like ${likePrefix(`${base}-`)}`);
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Whether `creator` may bring a new tag into the site: a privilege (PRIVILEGES.createTag), because a new tag is
 * offered to everyone who types its first letters. A young site, where no member holds it and no moderator has
 * started (a fresh install has no tags at all), lets every member create, or no one could tag the first
 * questions. Once a moderator with two-factor sign-in is there, they curate it (the "Criar tag" form on /tags),
 * whatever down-votes do to the members' reputation.
 */
export async function mayCreateTags(executor: Executor, creator: Viewer): Promise<boolean> {
  if (missingReputation(creator, "createTag") === 0) return true;
  const needed = PRIVILEGES.createTag.reputation;
  const [holder] = await executor
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        and(gte(users.trustedReputation, needed), gte(users.reputation, needed)),
        and(inArray(users.role, ["moderator", "admin"]), isNotNull(users.totpEnabledAt)),
      ),
    )
    .limit(1);
  return !holder;
}

/** The refusal beside the tags field: the tag does not exist and creating it is a privilege `creator` lacks. */
function tagCreationRefused(creator: Viewer, name: string, field: string): AppError {
  const missing = missingReputation(creator, "createTag");
  return new AppError(
    "validation",
    `A tag “${name}” ainda não existe. ${privilegeMessage("createTag", missing)} Escolha uma tag da lista.`,
    { field },
  );
}

/**
 * Refuses, next to the tags field, names that would create a tag when `creator` may not (mayCreateTags), saying
 * how many points are missing. Existing tags stay open to everyone. Compared with the database's own `lower`,
 * as the unique index on tag names is. `resolveTags` checks again where it inserts.
 */
export async function refuseNewTagsWithoutPrivilege(
  tx: Executor,
  creator: Viewer,
  names: string[],
  field = "tags",
): Promise<void> {
  if (names.length === 0 || missingReputation(creator, "createTag") === 0) return;
  const missingNames = await tx.execute<{ name: string }>(
    sql`select wanted.name from unnest(${sql.param(names)}::text[]) as wanted(name)
        where not exists (select 1 from ${tags} where lower(${tags.name}) = lower(wanted.name))`,
  );
  const newName = missingNames.rows[0]?.name;
  if (newName === undefined || (await mayCreateTags(tx, creator))) return;
  throw tagCreationRefused(creator, newName, field);
}

/**
 * A new tag with its description, made on /tags before any question carries it: by a moderator preparing the
 * site or a member who holds the privilege (never by the young site's exception: a tag made here is not one a
 * question needed). Checked like any other writing: blocked words, the writing limits.
 */
export async function createTag(
  viewer: Viewer | null,
  input: { name: string; description: string },
): Promise<TagSummary> {
  if (!viewer) throw new AppError("unauthenticated", "Entre na sua conta para criar uma tag.");
  requirePrivilege(viewer, "createTag", "name");
  let names: string[];
  try {
    names = normaliseTagNames(input.name);
  } catch (error) {
    // A name too long: the same message, beside this form's own field.
    if (!isAppError(error)) throw error;
    throw new AppError(error.code, error.message, { field: "name" });
  }
  const [name] = names;
  if (!name || names.length > 1) {
    throw new AppError("validation", name ? TAG_MESSAGES.oneName : TAG_MESSAGES.nameMissing, {
      field: "name",
    });
  }
  const description = input.description.replace(/\s+/g, " ").trim();
  if (description.length > TAG_DESCRIPTION_MAX_LENGTH) {
    throw new AppError("validation", TAG_MESSAGES.descriptionTooLong, { field: "description" });
  }
  await assertContentRate(viewer, "edit", "name");
  await refuseBlockedEdit({ text: [name, description] }, "name");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tags)
      .values({ name, slug: await freeSlug(tx, name), description })
      .onConflictDoNothing()
      .returning(summary);
    if (created) return created;
    const [existing] = await tx
      .select(summary)
      .from(tags)
      .where(sql`lower(${tags.name}) = lower(${name})`);
    throw new AppError("conflict", `A tag “${existing?.name ?? name}” já existe.`, { field: "name" });
  });
}

/**
 * The ids of the tags named `names` (already normalised), in the same order, creating the missing ones: as
 * `creator` when a member's writing creates them (the privilege and the blocked words are checked at the insert).
 * Run it inside the transaction that links the tags to their question or post.
 */
export async function resolveTags(tx: Executor, names: string[], creator?: Viewer): Promise<number[]> {
  if (names.length === 0) return [];
  const lowered = names.map((name) => name.toLocaleLowerCase("pt-BR"));
  const byName = new Map<string, number>();
  const load = async () => {
    const rows = await tx
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(inArray(sql`lower(${tags.name})`, lowered));
    for (const row of rows) byName.set(row.name.toLocaleLowerCase("pt-BR"), row.id);
  };
  await load();
  for (const [index, name] of names.entries()) {
    const key = lowered[index] ?? name;
    if (byName.has(key)) continue;
    // The creation itself is where the privilege holds, whatever spelling the checks before compared.
    if (creator) {
      if (!(await mayCreateTags(tx, creator))) throw tagCreationRefused(creator, name, "tags");
      if ((await findBlockedWord({ text: [name] }, tx)) !== null) {
        throw new AppError("validation", TAG_MESSAGES.blocked(name), { field: "tags" });
      }
    }
    // Another request may create the same tag meanwhile: the unique index on lower(name) settles it.
    for (let attempt = 0; attempt < 3 && !byName.has(key); attempt += 1) {
      const [created] = await tx
        .insert(tags)
        .values({ name, slug: await freeSlug(tx, name) })
        .onConflictDoNothing()
        .returning({ id: tags.id });
      if (created) byName.set(key, created.id);
      else await load();
    }
    if (!byName.has(key)) throw new AppError("conflict", "Não foi possível criar a tag. Tente de novo.");
  }
  return lowered.map((key) => byName.get(key)).filter((id): id is number => id !== undefined);
}
