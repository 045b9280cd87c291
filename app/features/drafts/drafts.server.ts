// Members' drafts kept on the server (ADR 062): what a member starts writing — a question, an answer, a post — is
// saved here as they type (the editor's endpoint, POST /api/drafts), given back to the form on any device, listed
// on /rascunhos, and deleted when it is published or discarded. Visitors keep drafts in their browser only.
//
// One row per member and form (`member_drafts`, key = the form's draft key, keys.ts). Each draft carries an id the
// browser made; publishing or discarding it keeps the row as a marker with the ids that went (`_cleared` in its
// fields), so a save that arrives afterwards under one of them is refused: a published draft never comes back,
// whatever a slow phone or a closing tab sends late. A row whose fields have no `_id` holds no draft.
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { memberDrafts, postDrafts, questions } from "#db/schema.ts";
import { CLEARED_DRAFTS_KEPT } from "#app/components/editor/drafts.ts";
import type { ServerDraftState, DraftSync } from "#app/components/editor/form-draft.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { logger } from "#app/lib/logger.server.ts";
import { MAX_ROW_ID } from "#app/lib/ids.ts";
import { requireMember } from "#app/lib/permissions.ts";
import { assertRateLimit } from "#app/lib/rate-limits.server.ts";
import { richTextToPlainText, sanitizeRichText } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { draftParts, parseDraftKey, type DraftKind, type StoredDraft } from "./keys.ts";

/** The field of a row's `fields` holding the id of the draft it keeps (absent: no draft). */
const ID_FIELD = "_id";
/** The ids of the drafts published or discarded under this key, newest last, space-separated. */
const CLEARED_FIELD = "_cleared";

/**
 * A draft holds at most what its form can send (the HTTP server takes 1 MB of form, ADR 022): its fields
 * together, in characters. The short fields have their own bounds.
 */
const DRAFT_MAX_CHARS = 900_000;
const SHORT_FIELD_MAX_CHARS = 5_000;
/** Saves a member may make a minute, from every tab and device: the editor saves after each pause in typing. */
export const DRAFT_SAVES = { name: "draft:member", limit: 60, windowSeconds: 60 };
/** How many drafts /rascunhos lists (the newest). */
const LIST_MAX = 100;

export const DRAFT_MESSAGES = {
  badKey: "Este rascunho não pertence a nenhum formulário do site.",
  badId: "Identificador de rascunho inválido.",
  badFields: "O rascunho enviado não pôde ser lido.",
  tooLarge: "O rascunho ficou grande demais para ser guardado. Ele continua guardado neste navegador.",
  gone: "Este rascunho já foi publicado ou descartado.",
  questionMissing: "A pergunta deste rascunho não existe mais.",
} as const;

const RICH_FIELDS = new Set(["descricao", "detalhes", "texto"]);

type Row = typeof memberDrafts.$inferSelect;

function isDraftId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9-]{8,64}$/.test(value);
}

function clearedOf(fields: Record<string, string>): string[] {
  return (fields[CLEARED_FIELD] ?? "").split(" ").filter(Boolean);
}

function contentOf(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !name.startsWith("_")));
}

/** The key's kind and question, or a validation error. */
function formOf(key: string) {
  const form = parseDraftKey(key);
  if (!form || (form.questionId ?? 0) > MAX_ROW_ID || (form.postDraftId ?? 0) > MAX_ROW_ID) {
    throw new AppError("validation", DRAFT_MESSAGES.badKey);
  }
  return form;
}

/** One line of plain text, without control characters. */
function plainLine(value: string, max: number): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return value.replace(/[\u0000-\u001f\u007f]+/g, " ").slice(0, max);
}

function tagList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((tag): tag is string => typeof tag === "string")
    .map((tag) => plainLine(tag, 60).trim())
    .filter(Boolean)
    .slice(0, 10);
}

/** A cover picked in the writer: an upload of this site (a path) or of its bucket (https). */
function coverUrl(value: unknown): string {
  if (typeof value !== "string") return "";
  return /^(\/(?!\/)|https:\/\/)[^\s"'<>]*$/.test(value) ? value.slice(0, 2000) : "";
}

function parsedJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new AppError("validation", DRAFT_MESSAGES.badFields);
  }
}

/**
 * The fields as they are kept: rich text through the one sanitiser (nothing is published from here, but it is
 * shown again in an editor), the title and tags as plain text, a post's other fields as the writer keeps them.
 */
function cleanFields(key: string, fields: Record<string, unknown>): Record<string, string> {
  const allowed = new Set(Object.keys(draftParts(key)));
  const clean: Record<string, string> = {};
  let total = 0;
  for (const [name, value] of Object.entries(fields)) {
    if (!allowed.has(name) || typeof value !== "string")
      throw new AppError("validation", DRAFT_MESSAGES.badFields);
    total += value.length;
    if (total > DRAFT_MAX_CHARS || (!RICH_FIELDS.has(name) && value.length > SHORT_FIELD_MAX_CHARS)) {
      throw new AppError("payload_too_large", DRAFT_MESSAGES.tooLarge);
    }
    if (!value.trim()) continue;
    if (RICH_FIELDS.has(name)) clean[name] = sanitizeRichText(value);
    else if (name === "titulo") clean[name] = plainLine(value, 300);
    else if (name === "tags") clean[name] = JSON.stringify(tagList(parsedJson(value)));
    else if (name === "meta") {
      const meta = parsedJson(value) as Record<string, unknown> | null;
      if (!meta || typeof meta !== "object") throw new AppError("validation", DRAFT_MESSAGES.badFields);
      const text = (field: string, max: number) =>
        typeof meta[field] === "string" ? plainLine(meta[field], max) : "";
      clean[name] = JSON.stringify({
        title: text("title", 300),
        description: text("description", 600),
        category: text("category", 40),
        tags: tagList(meta.tags),
        coverUrl: coverUrl(meta.coverUrl),
        favorite: meta.favorite === true,
      });
    }
  }
  return Object.fromEntries(Object.entries(clean).filter(([, value]) => value));
}

/** The title the list shows: the question's or the post's (an answer shows the question it answers). */
function titleOf(kind: DraftKind, fields: Record<string, string>): string {
  if (kind === "question") return (fields.titulo ?? "").replace(/\s+/g, " ").trim().slice(0, 300);
  if (kind === "post" && fields.meta) {
    const meta = JSON.parse(fields.meta) as { title?: string };
    return (meta.title ?? "").replace(/\s+/g, " ").trim().slice(0, 300);
  }
  return "";
}

/** The row of `key`, locked for this transaction; created empty first (the lock needs a row to hold). */
async function lockedRow(tx: Executor, member: Viewer, key: string): Promise<Row> {
  const { kind, questionId } = formOf(key);
  await tx
    .insert(memberDrafts)
    .values({ userId: member.id, key, kind, questionId, fields: {} })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(memberDrafts)
    .where(and(eq(memberDrafts.userId, member.id), eq(memberDrafts.key, key)))
    .for("update");
  if (!row) throw new Error(`member draft ${member.id}/${key} vanished under its lock`);
  return row;
}

async function questionExists(questionId: number, { deletedToo }: { deletedToo: boolean }) {
  const db = await getDb();
  const [question] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, questionId), deletedToo ? undefined : isNull(questions.deletedAt)));
  return Boolean(question);
}

/** The post made from an answer that the writer's form continues (gone once published). */
async function postDraftExists(postDraftId: number) {
  const db = await getDb();
  const [draft] = await db
    .select({ id: postDrafts.id })
    .from(postDrafts)
    .where(eq(postDrafts.id, postDraftId));
  return Boolean(draft);
}

function stateOf(row: StoredDraft | null): ServerDraftState {
  if (!row) return { id: null, fields: {}, updatedAt: null, cleared: [] };
  const id = row.fields[ID_FIELD] ?? null;
  const fields = contentOf(row.fields);
  for (const name of Object.keys(fields)) {
    // Sanitised when saved; again when shown, as everything a member writes.
    if (RICH_FIELDS.has(name)) fields[name] = sanitizeRichText(fields[name] ?? "");
  }
  return {
    id,
    fields: id ? fields : {},
    updatedAt: id ? row.updatedAt.toISOString() : null,
    cleared: clearedOf(row.fields),
  };
}

/**
 * What the forms of `keys` need to start from the member's drafts: each key's server side (`DraftSync`), on
 * the server's clock. Null for a visitor, whose drafts stay in their browser.
 */
export async function draftSyncsFor(
  viewer: Viewer | null,
  keys: string[],
): Promise<Record<string, DraftSync> | null> {
  if (!viewer) return null;
  const db = await getDb();
  const rows = await db
    .select()
    .from(memberDrafts)
    .where(and(eq(memberDrafts.userId, viewer.id), inArray(memberDrafts.key, keys)));
  return Object.fromEntries(
    keys.map((key) => [key, draftSyncOf(viewer, key, rows.find((row) => row.key === key) ?? null)]),
  );
}

/** `draftSyncsFor` of one key whose row was read elsewhere (the question page reads its answer draft itself). */
export function draftSyncOf(
  viewer: Viewer,
  key: string,
  stored: StoredDraft | null,
  now = new Date().toISOString(),
): DraftSync {
  return { key, owner: viewer.id, parts: draftParts(key), server: stateOf(stored), now };
}

/**
 * Saves the member's draft `id` of form `key`. Refused (conflict) when that draft was published or discarded
 * meanwhile; a draft whose fields are all empty is a discarded one. Returns when it was saved.
 */
export async function saveMemberDraft(
  viewer: Viewer | null,
  input: { key: string; id: unknown; fields: unknown },
): Promise<{ savedAt: Date | null }> {
  const member = requireMember(viewer);
  const { kind, questionId, postDraftId } = formOf(input.key);
  if (!isDraftId(input.id)) throw new AppError("validation", DRAFT_MESSAGES.badId);
  const id = input.id;
  if (!input.fields || typeof input.fields !== "object" || Array.isArray(input.fields)) {
    throw new AppError("validation", DRAFT_MESSAGES.badFields);
  }
  await assertRateLimit(DRAFT_SAVES, String(member.id));
  const fields = cleanFields(input.key, input.fields as Record<string, unknown>);
  if (Object.keys(fields).length === 0) {
    await discardMemberDraft(member, input.key, id);
    return { savedAt: null };
  }
  if (questionId !== null && !(await questionExists(questionId, { deletedToo: false }))) {
    throw new AppError("not_found", DRAFT_MESSAGES.questionMissing);
  }
  if (postDraftId !== null && !(await postDraftExists(postDraftId))) {
    throw new AppError("not_found", DRAFT_MESSAGES.badKey);
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, member, input.key);
    const cleared = clearedOf(row.fields);
    if (cleared.includes(id)) throw new AppError("conflict", DRAFT_MESSAGES.gone);
    const [saved] = await tx
      .update(memberDrafts)
      .set({
        kind,
        questionId,
        title: titleOf(kind, fields),
        fields: {
          ...fields,
          [ID_FIELD]: id,
          ...(cleared.length ? { [CLEARED_FIELD]: cleared.join(" ") } : {}),
        },
        updatedAt: sql`now()`,
      })
      .where(and(eq(memberDrafts.userId, member.id), eq(memberDrafts.key, input.key)))
      .returning({ updatedAt: memberDrafts.updatedAt });
    return { savedAt: saved?.updatedAt ?? null };
  });
}

/**
 * The member published or discarded draft `id` of form `key` (null: whatever draft the server keeps there, as
 * when a form is posted without JavaScript or discarded from /rascunhos). The draft goes, and its id is
 * remembered so that no late save brings it back; a different draft another device keeps under the same key
 * stays. Returns whether a draft was deleted. Call it in the action that publishes, after the publication.
 */
export async function discardMemberDraft(
  viewer: Viewer | null,
  key: string,
  id: string | null = null,
): Promise<boolean> {
  const member = requireMember(viewer);
  const { questionId } = formOf(key);
  const draftId = isDraftId(id) ? id : null;
  // An answer's draft of a question that no longer exists went with it.
  if (questionId !== null && !(await questionExists(questionId, { deletedToo: true }))) return false;
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Without an id there is nothing to remember unless the server keeps a draft: no row is made for it.
    if (!draftId) {
      const [existing] = await tx
        .select({ key: memberDrafts.key })
        .from(memberDrafts)
        .where(and(eq(memberDrafts.userId, member.id), eq(memberDrafts.key, key)));
      if (!existing) return false;
    }
    const row = await lockedRow(tx, member, key);
    const liveId = row.fields[ID_FIELD] ?? null;
    const goes = liveId !== null && (draftId === null || draftId === liveId);
    const gone = [
      ...clearedOf(row.fields),
      ...(draftId ? [draftId] : []),
      ...(goes && liveId ? [liveId] : []),
    ];
    const cleared = [...new Set(gone)].slice(-CLEARED_DRAFTS_KEPT).join(" ");
    await tx
      .update(memberDrafts)
      .set(
        goes
          ? { title: "", fields: { [CLEARED_FIELD]: cleared }, updatedAt: sql`now()` }
          : { fields: { ...row.fields, [CLEARED_FIELD]: cleared } },
      )
      .where(and(eq(memberDrafts.userId, member.id), eq(memberDrafts.key, key)));
    return goes;
  });
}

/** The editor discarding its draft (POST /api/drafts): counted with its saves, as one more of its requests. */
export async function discardFromEditor(
  viewer: Viewer | null,
  key: string,
  id: string | null,
): Promise<boolean> {
  const member = requireMember(viewer);
  await assertRateLimit(DRAFT_SAVES, String(member.id));
  return discardMemberDraft(member, key, id);
}

/**
 * The action that published form `key` deletes its draft (`draftId`: the form's `draftId` field, absent
 * without JavaScript). What was published stands whatever happens here: a failure is logged, not answered.
 */
export async function draftPublished(viewer: Viewer, key: string, draftId: FormDataEntryValue | null) {
  try {
    await discardMemberDraft(viewer, key, typeof draftId === "string" ? draftId : null);
  } catch (error) {
    logger.error({ err: error, key }, "the published draft could not be deleted");
  }
}

export type DraftListItem = {
  key: string;
  kind: DraftKind;
  title: string;
  /** The question an answer's draft answers. */
  question: { id: number; title: string } | null;
  /** The post made from an answer that a post's draft continues ("Transformar em post"). */
  postDraftId: number | null;
  /** The start of the text, plain. */
  excerpt: string;
  updatedAt: Date;
};

/** The member's drafts, newest first (answers to questions since deleted left out). */
export async function listMemberDrafts(viewer: Viewer | null, limit = LIST_MAX): Promise<DraftListItem[]> {
  const member = requireMember(viewer);
  const db = await getDb();
  const rows = await db
    .select({
      key: memberDrafts.key,
      kind: memberDrafts.kind,
      title: memberDrafts.title,
      fields: memberDrafts.fields,
      updatedAt: memberDrafts.updatedAt,
      questionId: questions.id,
      questionTitle: questions.title,
    })
    .from(memberDrafts)
    .leftJoin(questions, eq(questions.id, memberDrafts.questionId))
    .where(
      and(
        eq(memberDrafts.userId, member.id),
        sql`${memberDrafts.fields} ->> ${ID_FIELD} is not null`,
        or(isNull(memberDrafts.questionId), isNull(questions.deletedAt)),
      ),
    )
    .orderBy(desc(memberDrafts.updatedAt))
    .limit(Math.min(Math.max(limit, 1), LIST_MAX));
  return rows.map((row) => {
    const form = parseDraftKey(row.key);
    const text = row.fields.texto ?? row.fields.descricao ?? "";
    const excerpt = text ? richTextToPlainText(text) : "";
    return {
      key: row.key,
      kind: form?.kind ?? (row.kind as DraftKind),
      title: row.title,
      question:
        row.questionId !== null && row.questionTitle !== null
          ? { id: row.questionId, title: row.questionTitle }
          : null,
      postDraftId: form?.postDraftId ?? null,
      excerpt: excerpt.length > 160 ? `${excerpt.slice(0, 159).trimEnd()}…` : excerpt,
      updatedAt: row.updatedAt,
    };
  });
}
