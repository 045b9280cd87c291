// The review queue (/revisao): every item with open flags (members' flags, first posts and held
// content, which the spam defences open with reporter NULL) as one card per item, and every pending suggested
// edit, the most urgent first (FLAG_PRIORITY) then oldest, paginated in SQL. Members with the `review` privilege
// dismiss flags, mark them helpful and approve or reject suggested edits; only moderators delete, restore
// (publish) hidden content and suspend a card's author (removing the item in the same transaction). Each
// decision is recorded on the flags (status, handled_by, handled_at, outcome), logged and told to every flagger,
// in one transaction that locks the item's row first: of two reviewers deciding at once, the second is told that
// someone else already did.
import { checkBadgesSoon } from "#app/features/badges/badges.server.ts";
import { LRUCache } from "lru-cache";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { TextDiff } from "#app/components/diff-text.tsx";
import { diffText, richTextToDiffText } from "#app/lib/text-diff.server.ts";
import { flags, questions, suggestedEdits, users } from "#db/schema.ts";
import { notify } from "#app/features/notifications/notify.server.ts";
import { forgetWhenDatabaseChanges, getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import { sanitizeRichText } from "#app/lib/sanitize.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { agree, yourItem } from "./flags.server.ts";
import { logModeration, type ModerationAction } from "./moderation-log.server.ts";
import { forgetReviewCount } from "./review-count.server.ts";
import { suspensionEnd } from "./suspension-message.ts";
import { SUSPEND_MESSAGES, suspendIn } from "./suspensions.server.ts";
import {
  APPROVALS_TO_PUBLISH_EDIT,
  FLAG_REASONS,
  HIDING_FLAG_REASONS,
  REVIEW_FILTERS,
  REVIEW_PAGE_SIZE,
  SITE_REVIEW_REASONS,
  type ReviewFilter,
  requirePrivilege,
} from "./rules.ts";
import {
  confirmRemoval,
  hideTarget,
  isHiddenBySite,
  loadTarget,
  showTarget,
  TARGET_NOUNS,
  type FlagTarget,
  type FlagTargetKind,
  type TargetRow,
} from "./visibility.server.ts";
import { isModerator } from "#app/lib/permissions.ts";

export function parseReviewFilter(value: string | null): ReviewFilter {
  return value && Object.hasOwn(REVIEW_FILTERS, value) ? (value as ReviewFilter) : "todos";
}

export const REVIEW_MESSAGES = {
  moderatorsOnly: "Só a moderação pode excluir ou restaurar conteúdo.",
  hiddenModeratorsOnly:
    "Este conteúdo está oculto: só a moderação decide se ele volta a ser publicado ou é excluído.",
  alreadyDecided: "Outra pessoa já revisou este item. A fila foi atualizada.",
  ownItem: "Você não pode revisar o seu próprio conteúdo nem a sua própria sugestão de edição.",
  notFound: "Este item não está mais na fila.",
  alreadyApproved: "Você já aprovou esta edição: ela espera a aprovação de outra pessoa.",
  firstApproval: `Aprovação registrada: a edição é publicada quando outra pessoa também aprovar (${APPROVALS_TO_PUBLISH_EDIT} aprovações, ou uma da moderação).`,
} as const;

/** Reviewers (the `review` privilege) and moderators: anyone else is refused with what they lack. */
export function requireReviewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError("unauthenticated", "Entre na sua conta para revisar.");
  return requirePrivilege(viewer, "review");
}

type Person = { id: number; handle: string; name: string; reputation: number; createdAt: Date };

type QueueFlag = {
  id: number;
  reason: keyof typeof FLAG_REASONS | keyof typeof SITE_REVIEW_REASONS;
  reasonLabel: string;
  note: string;
  duplicateOfId: number | null;
  reporter: { handle: string; name: string } | null;
  createdAt: Date;
};

export type FlagCard = {
  type: "flags";
  key: string;
  target: FlagTarget;
  title: string;
  url: string;
  /** Sanitised HTML, or plain text (comments). */
  text: string;
  textIsHtml: boolean;
  state: "visible" | "hidden" | "removed";
  author: Person | null;
  flags: QueueFlag[];
  /** The question to close or lock from the card (a question's own card). */
  questionId: number | null;
  /** The item's edit page (questions, answers and posts have one). */
  editUrl: string | null;
};

export type EditCard = {
  type: "edit";
  key: string;
  id: number;
  target: { kind: "question" | "answer"; id: number };
  title: string;
  url: string;
  editor: Person | null;
  summary: string;
  createdAt: Date;
  titleChange: { before: string; after: string } | null;
  tagsChange: { before: string[]; after: string[] } | null;
  /** Word diff of the text (the question's description and details, or the answer), as plain text. */
  textDiff: TextDiff;
  /** The suggested text as it would be published (sanitised HTML). */
  after: string;
};

export type ReviewCard = FlagCard | EditCard;

const MEMBER_REASONS = Object.keys(FLAG_REASONS) as (keyof typeof FLAG_REASONS)[];

function flagReasonFilter(filter: ReviewFilter) {
  if (filter === "sinalizacoes") return inArray(flags.reason, MEMBER_REASONS);
  if (filter === "primeiras") return eq(flags.reason, "first_post");
  if (filter === "retidos") return eq(flags.reason, "held");
  return undefined;
}

/**
 * What each item waits for, first to last: spam and abuse flagged by members (the harm is public now), members'
 * other flags (a duplicate, a question to improve), content held by the blocked words, new members' first
 * posts, then suggested edits. An item takes the most urgent of its open flags.
 */
const FLAG_PRIORITY = sql`min(case when ${inArray(flags.reason, [...HIDING_FLAG_REASONS])} then 0 when ${flags.reason} = 'held' then 2 when ${flags.reason} = 'first_post' then 3 else 1 end)`;
const EDIT_PRIORITY = 4;

/** The queue's items for a filter, as a subquery (one row per flagged target or suggested edit). */
function queueItems(db: Executor, reviewer: Viewer, filter: ReviewFilter) {
  // A reviewer who is not a moderator never judges their own content or suggestion (nor learns who flagged it).
  const notOwnFlags = isModerator(reviewer)
    ? undefined
    : sql`${flags.authorId} is distinct from ${reviewer.id}`;
  // Nor sees again an edit they already approved: it waits for another reviewer.
  const notOwnEdits = isModerator(reviewer)
    ? undefined
    : and(
        ne(suggestedEdits.editorId, reviewer.id),
        sql`${suggestedEdits.firstApproverId} is distinct from ${reviewer.id}`,
      );
  const flagItems = db
    .select({
      type: sql<string>`'flags'`.as("type"),
      priority: sql<number>`${FLAG_PRIORITY}`.as("priority"),
      kind: sql<string>`${flags.targetKind}::text`.as("kind"),
      targetId: sql<number>`${flags.targetId}`.as("target_id"),
      editId: sql<number | null>`null::int`.as("edit_id"),
      since: sql<Date>`min(${flags.createdAt})`.as("since"),
      firstId: sql<number>`min(${flags.id})`.as("first_id"),
    })
    .from(flags)
    .where(and(eq(flags.status, "open"), flagReasonFilter(filter), notOwnFlags))
    .groupBy(flags.targetKind, flags.targetId);
  const editItems = db
    .select({
      type: sql<string>`'edit'`.as("type"),
      priority: sql<number>`${EDIT_PRIORITY}`.as("priority"),
      kind: sql<string>`${suggestedEdits.targetKind}::text`.as("kind"),
      targetId: sql<number>`${suggestedEdits.targetId}`.as("target_id"),
      editId: sql<number | null>`${suggestedEdits.id}`.as("edit_id"),
      since: sql<Date>`${suggestedEdits.createdAt}`.as("since"),
      firstId: sql<number>`${suggestedEdits.id}`.as("first_id"),
    })
    .from(suggestedEdits)
    .where(and(eq(suggestedEdits.status, "pending"), notOwnEdits));

  const wantsFlags = filter !== "edicoes";
  const wantsEdits = filter === "todos" || filter === "edicoes";
  const source =
    wantsFlags && wantsEdits ? unionAll(flagItems, editItems) : wantsFlags ? flagItems : editItems;
  return source.as("items");
}

/** How many items each tab of the queue holds for this reviewer (the tabs show them). */
export async function reviewQueueCounts(viewer: Viewer | null): Promise<Record<ReviewFilter, number>> {
  const reviewer = requireReviewer(viewer);
  const db = await getDb();
  const filters = Object.keys(REVIEW_FILTERS) as ReviewFilter[];
  const counts = await Promise.all(
    filters.map(async (filter) => {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(queueItems(db, reviewer, filter));
      return [filter, Number(row?.total ?? 0)] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<ReviewFilter, number>;
}

/** One page of the queue, most urgent first (FLAG_PRIORITY), then oldest: which cards, in SQL; then what each shows. */
export async function listReviewQueue(
  viewer: Viewer | null,
  filter: ReviewFilter,
  page: number,
): Promise<{ cards: ReviewCard[]; total: number; totalPages: number; page: number }> {
  const reviewer = requireReviewer(viewer);
  const db = await getDb();
  const items = queueItems(db, reviewer, filter);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(items);
  const totalPages = Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), totalPages);
  const rows = await db
    .select()
    .from(items)
    .orderBy(asc(items.priority), asc(items.since), asc(items.type), asc(items.firstId))
    .limit(REVIEW_PAGE_SIZE)
    .offset((current - 1) * REVIEW_PAGE_SIZE);

  const cards = await Promise.all(
    rows.map((row) =>
      row.type === "edit" && row.editId !== null
        ? editCard(db, row.editId)
        : flagCard(db, { kind: row.kind as FlagTargetKind, id: Number(row.targetId) }),
    ),
  );
  return { cards: cards.filter((c): c is ReviewCard => c !== null), total, totalPages, page: current };
}

async function people(db: Executor, ids: number[]): Promise<Map<number, Person>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: users.id,
      handle: users.handle,
      name: users.name,
      reputation: users.reputation,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

function stateOf(row: TargetRow): FlagCard["state"] {
  if (!row.deletedAt) return "visible";
  return isHiddenBySite(row) ? "hidden" : "removed";
}

function editUrlOf(target: FlagTarget, row: TargetRow): string | null {
  if (target.kind === "question") return `/questions/${target.id}/editar`;
  if (target.kind === "answer") return `/questions/${row.page.id}/respostas/${target.id}/editar`;
  if (target.kind === "post" && row.page.kind === "post") {
    return `/blog/${encodeURIComponent(row.page.slug)}/editar`;
  }
  return null;
}

async function flagCard(db: Executor, target: FlagTarget): Promise<FlagCard | null> {
  const row = await loadTarget(db, target);
  const open = await db
    .select({
      id: flags.id,
      reason: flags.reason,
      note: flags.note,
      duplicateOfId: flags.duplicateOfId,
      createdAt: flags.createdAt,
      reporterHandle: users.handle,
      reporterName: users.name,
    })
    .from(flags)
    .leftJoin(users, eq(users.id, flags.reporterId))
    .where(and(eq(flags.targetKind, target.kind), eq(flags.targetId, target.id), eq(flags.status, "open")))
    .orderBy(asc(flags.createdAt), asc(flags.id));
  if (!open.length) return null;
  const author = row ? (await people(db, [row.authorId])).get(row.authorId) : undefined;
  return {
    type: "flags",
    key: `${target.kind}-${target.id}`,
    target,
    title: row?.title ?? "Conteúdo que não existe mais",
    url: row?.url ?? "",
    text: row ? (row.textIsHtml ? sanitizeRichText(row.text) : row.text) : "",
    textIsHtml: row?.textIsHtml ?? false,
    state: row ? stateOf(row) : "removed",
    author: author ?? null,
    questionId: target.kind === "question" ? target.id : null,
    editUrl: row ? editUrlOf(target, row) : null,
    flags: open.map((f) => ({
      id: f.id,
      reason: f.reason as QueueFlag["reason"],
      reasonLabel:
        f.reason === "held" || f.reason === "first_post"
          ? SITE_REVIEW_REASONS[f.reason]
          : FLAG_REASONS[f.reason],
      note: f.note,
      duplicateOfId: f.duplicateOfId,
      reporter:
        f.reporterHandle && f.reporterName ? { handle: f.reporterHandle, name: f.reporterName } : null,
      createdAt: f.createdAt,
    })),
  };
}

async function editCard(db: Executor, id: number): Promise<EditCard | null> {
  const [edit] = await db.select().from(suggestedEdits).where(eq(suggestedEdits.id, id));
  if (!edit || edit.targetKind === "post") return null;
  const target = { kind: edit.targetKind, id: edit.targetId };
  const row = await loadTarget(db, target);
  if (!row) return null;
  const editor = (await people(db, [edit.editorId])).get(edit.editorId) ?? null;
  let titleChange: EditCard["titleChange"] = null;
  let tagsChange: EditCard["tagsChange"] = null;
  let before = row.text;
  let after = edit.body;
  if (target.kind === "question") {
    const [question] = await db
      .select({ details: questions.details, tagNames: questions.tagNames })
      .from(questions)
      .where(eq(questions.id, target.id));
    before = `${row.text}\n${question?.details ?? ""}`;
    after = `${edit.body}\n${edit.details ?? question?.details ?? ""}`;
    if (edit.title !== null && edit.title !== row.title)
      titleChange = { before: row.title, after: edit.title };
    const beforeTags = (question?.tagNames ?? "").split(/\s+/).filter(Boolean);
    if (edit.tags && edit.tags.join(" ") !== beforeTags.join(" ")) {
      tagsChange = { before: beforeTags, after: edit.tags };
    }
  }
  const textDiff = suggestionDiff(id, before, after);
  return {
    type: "edit",
    key: `edit-${id}`,
    id,
    target,
    title: row.title,
    url: row.url,
    editor,
    summary: edit.summary,
    createdAt: edit.createdAt,
    titleChange,
    tagsChange,
    textDiff,
    after: sanitizeRichText(target.kind === "question" ? `${edit.body}${edit.details ?? ""}` : edit.body),
  };
}

// ------------------------------------------------------------------------------------------------ decisions

export type FlagDecision = "dismiss" | "helpful" | "delete" | "restore";

export type DecisionResult = {
  message: string;
  /** The page whose visitors see the change (null: nothing visitors see changed). */
  changedPage: TargetRow["page"] | null;
};

const DECISIONS: Record<
  FlagDecision,
  { status: "helpful" | "declined"; outcome: string; log: ModerationAction; told: string }
> = {
  dismiss: {
    status: "declined",
    outcome: "Sinalização recusada: o conteúdo continua publicado.",
    log: "flag_declined",
    told: "foi recusada: o conteúdo continua publicado",
  },
  helpful: {
    status: "helpful",
    outcome: "Sinalização útil.",
    log: "flag_helpful",
    told: "foi considerada útil. Obrigado!",
  },
  delete: {
    status: "helpful",
    outcome: "Sinalização útil: o conteúdo foi removido.",
    log: "delete",
    told: "foi considerada útil: o conteúdo foi removido",
  },
  restore: {
    status: "declined",
    outcome: "Sinalização recusada: o conteúdo foi revisado e publicado.",
    log: "restore",
    told: "foi recusada: o conteúdo foi revisado e continua publicado",
  },
};

const APPROVED_AS_IS = {
  status: "declined",
  outcome: "Revisada e aprovada.",
  log: "approve",
  told: "",
} as const satisfies (typeof DECISIONS)[FlagDecision];

const CONFIRMATIONS: Record<FlagDecision, string> = {
  dismiss: "Sinalizações recusadas.",
  helpful: "Sinalizações marcadas como úteis.",
  delete: "Conteúdo excluído.",
  restore: "Conteúdo publicado.",
};

/**
 * A reviewer's decision on every open flag of an item. Reviewers may dismiss or mark helpful while the item is
 * published; removing, restoring and deciding on hidden items is the moderators'.
 */
export async function decideFlags(
  viewer: Viewer | null,
  target: FlagTarget,
  decision: FlagDecision,
): Promise<DecisionResult> {
  const reviewer = requireReviewer(viewer);
  const db = await getDb();
  const result = await db.transaction((tx) => decideFlagsIn(tx, reviewer, target, decision));
  forgetReviewCount();
  return result;
}

/** `decideFlags` inside the caller's transaction (a suspension that removes the item too). */
async function decideFlagsIn(
  tx: Executor,
  reviewer: Viewer,
  target: FlagTarget,
  decision: FlagDecision,
): Promise<DecisionResult> {
  const moderator = isModerator(reviewer);
  if ((decision === "delete" || decision === "restore") && !moderator) {
    throw new AppError("forbidden", REVIEW_MESSAGES.moderatorsOnly);
  }
  // The item's row first, as flagContent: decisions and new flags on one item take turns.
  const row = await loadTarget(tx, target, { lock: true });
  if (row && row.authorId === reviewer.id && !moderator) {
    throw new AppError("forbidden", REVIEW_MESSAGES.ownItem);
  }
  const open = await tx
    .select({ id: flags.id, reporterId: flags.reporterId, reason: flags.reason })
    .from(flags)
    .where(and(eq(flags.targetKind, target.kind), eq(flags.targetId, target.id), eq(flags.status, "open")))
    .for("update");
  if (!open.length) throw new AppError("conflict", REVIEW_MESSAGES.alreadyDecided);
  // Off the site, the item's fate is the moderators' (a reviewer may still agree that a removal was right).
  if (row?.deletedAt && !moderator && (isHiddenBySite(row) || decision !== "helpful")) {
    throw new AppError("forbidden", REVIEW_MESSAGES.hiddenModeratorsOnly);
  }
  // A hidden item dismissed is an item published again.
  const effective: FlagDecision = decision === "dismiss" && row?.deletedAt ? "restore" : decision;
  let changedPage: TargetRow["page"] | null = null;
  if (row && effective === "delete") {
    if (!row.deletedAt) {
      await hideTarget(tx, target, reviewer.id);
      changedPage = row.page;
    } else {
      await confirmRemoval(tx, target, reviewer.id);
    }
  }
  if (row && effective === "restore" && row.deletedAt) {
    await showTarget(tx, target);
    changedPage = row.page;
  }
  // A first post (or other site-opened item) approved as it is: nobody's flag was refused.
  const approvedAsIs = effective === "dismiss" && open.every((f) => f.reporterId === null);
  const rules = approvedAsIs ? APPROVED_AS_IS : DECISIONS[effective];
  await tx
    .update(flags)
    .set({ status: rules.status, handledBy: reviewer.id, handledAt: new Date(), outcome: rules.outcome })
    .where(
      and(
        inArray(
          flags.id,
          open.map((f) => f.id),
        ),
        eq(flags.status, "open"),
      ),
    );
  const held = open.some((f) => f.reason === "held");
  await logModeration(tx, {
    actorId: reviewer.id,
    action: effective === "restore" && held ? "approve" : rules.log,
    target,
    subjectId: row?.authorId ?? null,
    reason: [...new Set(open.map((f) => reasonLabel(f.reason)))].join(", "),
  });
  if (row) {
    const reporters = new Set(open.map((f) => f.reporterId).filter((id): id is number => id !== null));
    for (const userId of reporters) {
      if (userId === reviewer.id) continue;
      await notify(tx, {
        userId,
        kind: "moderation",
        title: `Sua sinalização em “${row.title}” ${rules.told}.`,
        url: row.url,
      });
    }
    // A flag that helped may be its reporter's first ("Sentinela").
    if (rules.status === "helpful") checkBadgesSoon([...reporters]);
    const toAuthor = authorNotice(target.kind, row, effective, held);
    if (toAuthor && row.authorId !== reviewer.id) {
      await notify(tx, { userId: row.authorId, kind: "moderation", title: toAuthor, url: row.url });
    }
  }
  return { message: approvedAsIs ? "Publicação aprovada." : CONFIRMATIONS[effective], changedPage };
}

/**
 * "Suspender quem escreveu" on a card: the item's author is suspended and, unless the moderator unticked
 * "Remover também este conteúdo", the item is removed with its flags settled as helpful — in one transaction, so
 * a refusal of either (an administrator's item, a card someone else decided) changes nothing. The message says
 * what happened, in the words the moderator reads on the queue.
 */
export async function suspendAuthor(
  viewer: Viewer | null,
  target: FlagTarget,
  input: { days: number; reason: string; remove: boolean },
): Promise<DecisionResult> {
  const reviewer = requireReviewer(viewer);
  if (!isModerator(reviewer)) throw new AppError("forbidden", SUSPEND_MESSAGES.moderatorsOnly);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const row = await loadTarget(tx, target);
    if (!row) throw new AppError("not_found", REVIEW_MESSAGES.notFound);
    const removal = input.remove ? await decideFlagsIn(tx, reviewer, target, "delete") : null;
    const suspended = await suspendIn(tx, reviewer, row.authorId, input);
    const until = `${suspended.name} foi suspenso até ${suspensionEnd(suspended.until)}`;
    const { noun, article } = TARGET_NOUNS[target.kind];
    const item = `${article} ${noun}`;
    return {
      message: removal
        ? `${until} e ${item} foi ${agree(target.kind, "removid")}.`
        : `${until}; ${item} continua na fila.`,
      changedPage: removal?.changedPage ?? null,
    };
  });
  forgetReviewCount();
  return result;
}

/** How long after removing an item from the queue a moderator may still take it back ("Desfazer"). */
const UNDO_WINDOW_MINUTES = 15;

/**
 * "Desfazer" after "Excluir": the item is shown again and the flags this moderator's removal closed are open
 * again, so it is back in the queue as it was (the flaggers' and author's notices stay sent). Logged.
 */
export async function undoRemoval(viewer: Viewer | null, target: FlagTarget): Promise<DecisionResult> {
  const reviewer = requireReviewer(viewer);
  if (!isModerator(reviewer)) throw new AppError("forbidden", REVIEW_MESSAGES.moderatorsOnly);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const row = await loadTarget(tx, target, { lock: true });
    const reopened = await tx
      .update(flags)
      .set({ status: "open", handledBy: null, handledAt: null, outcome: null })
      .where(
        and(
          eq(flags.targetKind, target.kind),
          eq(flags.targetId, target.id),
          eq(flags.status, "helpful"),
          eq(flags.handledBy, reviewer.id),
          sql`${flags.handledAt} > now() - make_interval(mins => ${UNDO_WINDOW_MINUTES})`,
        ),
      )
      .returning({ id: flags.id });
    if (!row || reopened.length === 0)
      throw new AppError("conflict", "Não há exclusão recente para desfazer.");
    let changedPage: TargetRow["page"] | null = null;
    if (row.deletedAt && (await showTarget(tx, target))) changedPage = row.page;
    await logModeration(tx, {
      actorId: reviewer.id,
      action: "restore",
      target,
      subjectId: row.authorId,
      reason: "Exclusão desfeita",
    });
    return { message: "Exclusão desfeita: o item voltou ao site e à fila.", changedPage };
  });
  forgetReviewCount();
  return result;
}

function reasonLabel(reason: QueueFlag["reason"]): string {
  return reason === "held" || reason === "first_post" ? SITE_REVIEW_REASONS[reason] : FLAG_REASONS[reason];
}

/** What the author hears: their item removed, or published after being held or hidden. */
function authorNotice(
  kind: FlagTargetKind,
  row: TargetRow,
  decision: FlagDecision,
  held: boolean,
): string | null {
  const item = `${yourItem(kind)} em “${row.title}”`;
  if (decision === "delete") return `${item} foi ${agree(kind, "removid")} pela moderação.`;
  if (decision === "restore" && row.deletedAt) {
    return held
      ? `${item} foi ${agree(kind, "revisad")} e ${agree(kind, "publicad")}.`
      : `${item} foi ${agree(kind, "revisad")} e está ${agree(kind, "publicad")} de novo.`;
  }
  return null;
}

// ------------------------------------------------------------------------------------------ suggested edits

/** A suggestion never changes: its diff is worked out once per server (the least recently read dropped). */
const suggestionDiffs = new LRUCache<number, TextDiff>({ max: 500 });
forgetWhenDatabaseChanges(() => suggestionDiffs.clear());

/** The word diff of a suggested edit, as the history compares revisions (bounded in input and in work). */
function suggestionDiff(editId: number, beforeHtml: string, afterHtml: string): TextDiff {
  const kept = suggestionDiffs.get(editId);
  if (kept) return kept;
  const diff = diffText(
    richTextToDiffText(sanitizeRichText(beforeHtml)),
    richTextToDiffText(sanitizeRichText(afterHtml)),
  );
  suggestionDiffs.set(editId, diff);
  return diff;
}

type SuggestedEdit = typeof suggestedEdits.$inferSelect;

/**
 * Writes an approved edit as a revision by its suggesting editor (the questions feature's edit functions, passed
 * in by the route that composes the two features), inside the decision's transaction.
 */
export type ApplySuggestedEdit = (tx: Executor, edit: SuggestedEdit) => Promise<void>;

/**
 * Approves or rejects a pending suggested edit; the editor is told of the outcome. An edit is published by
 * APPROVALS_TO_PUBLISH_EDIT approvals from different reviewers, or by one moderator's; the first approval is
 * recorded and the edit waits in the queue for another reviewer. One rejection ends it.
 */
export async function decideSuggestedEdit(
  viewer: Viewer | null,
  editId: number,
  decision: "approve" | "reject",
  apply: ApplySuggestedEdit,
): Promise<DecisionResult> {
  const reviewer = requireReviewer(viewer);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(suggestedEdits)
      .where(eq(suggestedEdits.id, editId))
      .for("update");
    if (!pending) throw new AppError("not_found", REVIEW_MESSAGES.notFound);
    if (pending.status !== "pending") throw new AppError("conflict", REVIEW_MESSAGES.alreadyDecided);
    if (pending.targetKind === "post") throw new AppError("not_found", REVIEW_MESSAGES.notFound);
    if (pending.editorId === reviewer.id && !isModerator(reviewer)) {
      throw new AppError("forbidden", REVIEW_MESSAGES.ownItem);
    }
    if (decision === "approve" && pending.firstApproverId === reviewer.id) {
      throw new AppError("conflict", REVIEW_MESSAGES.alreadyApproved);
    }
    // Of APPROVALS_TO_PUBLISH_EDIT (two), the first is kept on the row; the second publishes.
    const publishes = decision === "reject" || isModerator(reviewer) || pending.firstApproverId !== null;
    if (!publishes) {
      await tx
        .update(suggestedEdits)
        .set({ firstApproverId: reviewer.id })
        .where(eq(suggestedEdits.id, editId));
      return { message: REVIEW_MESSAGES.firstApproval, changedPage: null };
    }
    const [edit] = await tx
      .update(suggestedEdits)
      .set({
        status: decision === "approve" ? "approved" : "rejected",
        reviewerId: reviewer.id,
        reviewedAt: new Date(),
      })
      .where(and(eq(suggestedEdits.id, editId), eq(suggestedEdits.status, "pending")))
      .returning();
    if (!edit) throw new AppError("conflict", REVIEW_MESSAGES.alreadyDecided);
    const target = { kind: edit.targetKind, id: edit.targetId };
    const row = await loadTarget(tx, target);
    if (decision === "approve") await apply(tx, edit);
    await logModeration(tx, {
      actorId: reviewer.id,
      action: decision === "approve" ? "approve_edit" : "reject_edit",
      target,
      subjectId: edit.editorId,
      reason: edit.summary,
    });
    const where = row ? ` em “${row.title}”` : "";
    await notify(tx, {
      userId: edit.editorId,
      kind: "moderation",
      title:
        decision === "approve"
          ? `Sua edição sugerida${where} foi aprovada e publicada.`
          : `Sua edição sugerida${where} foi recusada.`,
      url: row?.url ?? "/notifications",
    });
    return {
      message: decision === "approve" ? "Edição aprovada e publicada." : "Edição recusada.",
      changedPage: decision === "approve" && row ? row.page : null,
    };
  });
  forgetReviewCount();
  return result;
}
