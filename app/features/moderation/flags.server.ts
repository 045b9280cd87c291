// Sinalizar: a member tells the moderation that a question, answer, comment, post or post comment is spam,
// offensive, needs improvement, duplicates another question or is wrong for another reason. Flags are stored
// with their outcome (the review queue decides it, review-queue.server.ts); one open flag per member per
// item (a partial unique index); a daily cap per member. Spam and offensive flags from trusted members (or one
// moderator's) hide the item at once, pending review: FLAGS_TO_HIDE in rules.ts, each flag weighed by its
// flagger's record (flagWeight).
import { and, eq, gte, inArray, isNotNull, or, sql } from "drizzle-orm";
import { flags, questions, users } from "#db/schema.ts";
// The shared daily counters of the accounts feature.
import { hitRateLimit } from "#app/lib/rate-limits.server.ts";
import { notify } from "#app/features/notifications/notify.server.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { logModeration } from "./moderation-log.server.ts";
import {
  ESTABLISHED_ACCOUNT_DAYS,
  FLAG_NOTE_MAX,
  FLAG_REASONS,
  FLAGS_PER_DAY,
  FLAGS_TO_HIDE,
  HIDING_FLAG_REASONS,
  flagRefusal,
  flagWeight,
  PRIVILEGES,
  type MemberFlagReason,
} from "./rules.ts";
import {
  hideTarget,
  isFlagTargetKind,
  loadTarget,
  TARGET_NOUNS,
  type FlagTarget,
  type FlagTargetKind,
  type TargetRow,
} from "./visibility.server.ts";
import { forgetReviewCount } from "./review-count.server.ts";
import { isModerator } from "#app/lib/permissions.ts";

export const FLAG_MESSAGES = {
  signIn: "Entre na sua conta para sinalizar.",
  reason: "Escolha o motivo da sinalização.",
  note: `Conte em até ${FLAG_NOTE_MAX} caracteres o que há de errado.`,
  noteLong: `Use no máximo ${FLAG_NOTE_MAX} caracteres.`,
  duplicateOf: "Informe o número ou o link da pergunta original.",
  duplicateMissing: "Não encontramos essa pergunta original.",
  duplicateSelf: "Uma pergunta não pode ser duplicada dela mesma.",
  duplicateOnlyQuestions: "Só perguntas podem ser sinalizadas como duplicadas.",
  notFound: "Este conteúdo não existe ou já foi removido.",
  own: "Você não pode sinalizar o que você mesmo escreveu.",
  already: "Você já sinalizou este conteúdo.",
  tooMany: "Você já enviou muitas sinalizações hoje. Tente de novo amanhã.",
  sent: "Obrigado! A moderação vai analisar sua sinalização.",
  hidden: "Obrigado! O conteúdo foi ocultado até que a moderação o revise.",
} as const;

export type FlagInput = {
  kind: string;
  id: number;
  reason: string;
  note?: string;
  /** For `duplicate`: the original's number (12, #12) or address (…/questions/12). */
  duplicateOf?: string;
};

export type FlagResult = {
  hidden: boolean;
  message: string;
  /** The page the item is on (the visitor cache must forget it when the item was hidden). */
  page: TargetRow["page"];
};

const DAILY_RULE = { name: "flag:member", limit: FLAGS_PER_DAY, windowSeconds: 86_400 };

/** A question's number from "12", "#12" or an address with /questions/12 in it; null otherwise. */
export function questionNumberFrom(text: string): number | null {
  const value = text.trim();
  const match = /^#?(\d{1,9})$/.exec(value) ?? /\/questions\/(\d{1,9})(?:[/?#]|$)/.exec(value);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function isMemberFlagReason(value: string): value is MemberFlagReason {
  return Object.hasOwn(FLAG_REASONS, value);
}

/** "Sua pergunta" / "Seu comentário": how a notification names the member's own item. */
export function yourItem(kind: FlagTargetKind): string {
  const { noun, article } = TARGET_NOUNS[kind];
  return `${article === "a" ? "Sua" : "Seu"} ${noun}`;
}

/** A Portuguese participle agreeing with the item's noun ("ocultada" / "ocultado"). */
export function agree(kind: FlagTargetKind, stem: string): string {
  return `${stem}${TARGET_NOUNS[kind].article}`;
}

/** Checks the form's fields: the reason, the note it needs, the original of a duplicate. */
async function checkInput(tx: Executor, input: FlagInput) {
  if (!isFlagTargetKind(input.kind) || !Number.isSafeInteger(input.id) || input.id <= 0) {
    throw new AppError("not_found", FLAG_MESSAGES.notFound);
  }
  const target: FlagTarget = { kind: input.kind, id: input.id };
  if (!isMemberFlagReason(input.reason)) {
    throw new AppError("validation", FLAG_MESSAGES.reason, { field: "reason" });
  }
  const reason = input.reason;
  const note = (input.note ?? "").replace(/\s+/g, " ").trim();
  if (note.length > FLAG_NOTE_MAX)
    throw new AppError("validation", FLAG_MESSAGES.noteLong, { field: "note" });
  if (reason === "other" && !note) throw new AppError("validation", FLAG_MESSAGES.note, { field: "note" });
  let duplicateOfId: number | null = null;
  if (reason === "duplicate") {
    if (target.kind !== "question") {
      throw new AppError("validation", FLAG_MESSAGES.duplicateOnlyQuestions, { field: "reason" });
    }
    duplicateOfId = questionNumberFrom(input.duplicateOf ?? "");
    if (duplicateOfId === null) {
      throw new AppError("validation", FLAG_MESSAGES.duplicateOf, { field: "duplicateOf" });
    }
    if (duplicateOfId === target.id) {
      throw new AppError("validation", FLAG_MESSAGES.duplicateSelf, { field: "duplicateOf" });
    }
    const [original] = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.id, duplicateOfId), sql`${questions.deletedAt} is null`));
    if (!original) throw new AppError("validation", FLAG_MESSAGES.duplicateMissing, { field: "duplicateOf" });
  }
  return { target, reason, note, duplicateOfId };
}

/**
 * The weight of the open spam/offensive flags on `target` toward hiding it: each from an established member
 * (trusted reputation, a confirmed e-mail, an account ESTABLISHED_ACCOUNT_DAYS old) or a moderator, weighed by
 * the flagger's record of decided flags (flagWeight). A ring's own votes never make its flags hide anything.
 */
async function hidingFlagWeight(tx: Executor, target: FlagTarget): Promise<number> {
  const decided = (status: "helpful" | "declined") =>
    sql<number>`(select count(*)::int from ${flags} as past where past.reporter_id = ${users.id} and past.status = ${status})`;
  const rows = await tx
    .select({ helpful: decided("helpful"), declined: decided("declined") })
    .from(flags)
    .innerJoin(users, eq(users.id, flags.reporterId))
    .where(
      and(
        eq(flags.targetKind, target.kind),
        eq(flags.targetId, target.id),
        eq(flags.status, "open"),
        inArray(flags.reason, [...HIDING_FLAG_REASONS]),
        or(
          and(
            gte(users.trustedReputation, PRIVILEGES.trustedFlag.reputation),
            gte(users.reputation, PRIVILEGES.trustedFlag.reputation),
            isNotNull(users.emailVerifiedAt),
            sql`${users.createdAt} <= now() - make_interval(days => ${ESTABLISHED_ACCOUNT_DAYS})`,
          ),
          // Staff with two-factor sign-in on (ADR 049): without it they act as members.
          and(inArray(users.role, ["moderator", "admin"]), isNotNull(users.totpEnabledAt)),
        ),
      ),
    );
  return rows.reduce((sum, record) => sum + flagWeight(record), 0);
}

/**
 * Records `viewer`'s flag on an item. Hides the item when this flag makes FLAGS_TO_HIDE trusted spam/offensive
 * flags (or is a moderator's): logged as the site's "hide", its author told.
 */
export async function flagContent(viewer: Viewer | null, input: FlagInput): Promise<FlagResult> {
  if (!viewer) throw new AppError("unauthenticated", FLAG_MESSAGES.signIn);
  const refusal = flagRefusal(viewer);
  if (refusal) throw new AppError("forbidden", refusal);
  const db = await getDb();
  // Validation first (no counter spent on a form with a missing field), then the daily cap.
  const checked = await checkInput(db, input);
  const { target, reason, note, duplicateOfId } = checked;
  const preview = await loadTarget(db, target);
  if (!preview || preview.deletedAt || preview.parentDeletedAt) {
    throw new AppError("not_found", FLAG_MESSAGES.notFound);
  }
  if (preview.authorId === viewer.id) throw new AppError("forbidden", FLAG_MESSAGES.own);
  const [already] = await db
    .select({ id: flags.id })
    .from(flags)
    .where(
      and(
        eq(flags.reporterId, viewer.id),
        eq(flags.targetKind, target.kind),
        eq(flags.targetId, target.id),
        eq(flags.status, "open"),
      ),
    );
  if (already) throw new AppError("conflict", FLAG_MESSAGES.already);
  if (!(await hitRateLimit(DAILY_RULE, String(viewer.id))).allowed) {
    throw new AppError("rate_limited", FLAG_MESSAGES.tooMany);
  }

  const result = await db.transaction(async (tx) => {
    // Flags on one item run one after the other: the count that decides hiding sees every earlier flag.
    const row = await loadTarget(tx, target, { lock: true });
    if (!row || row.deletedAt || row.parentDeletedAt) throw new AppError("not_found", FLAG_MESSAGES.notFound);
    const inserted = await tx
      .insert(flags)
      .values({
        targetKind: target.kind,
        targetId: target.id,
        authorId: row.authorId,
        reporterId: viewer.id,
        reason,
        duplicateOfId,
        note,
      })
      .onConflictDoNothing()
      .returning({ id: flags.id });
    // The same member twice at once: the unique index lets one in.
    if (!inserted.length) throw new AppError("conflict", FLAG_MESSAGES.already);

    const hides =
      (HIDING_FLAG_REASONS as readonly string[]).includes(reason) &&
      (isModerator(viewer) || (await hidingFlagWeight(tx, target)) >= FLAGS_TO_HIDE);
    if (hides && (await hideTarget(tx, target, null))) {
      await logModeration(tx, {
        // A moderator's flag is the moderator's act; trusted members' flags together are the site's.
        actorId: isModerator(viewer) ? viewer.id : null,
        action: "hide",
        target,
        subjectId: row.authorId,
        reason: isModerator(viewer)
          ? `Sinalização da moderação: ${FLAG_REASONS[reason]}`
          : `${FLAGS_TO_HIDE} sinalizações de confiança: ${FLAG_REASONS[reason]}`,
      });
      await notify(tx, {
        userId: row.authorId,
        kind: "moderation",
        title: `${yourItem(target.kind)} em “${row.title}” foi ${agree(target.kind, "ocultad")} após sinalizações e aguarda a revisão da moderação.`,
        url: row.url,
      });
      return { hidden: true, message: FLAG_MESSAGES.hidden, page: row.page };
    }
    return { hidden: false, message: FLAG_MESSAGES.sent, page: row.page };
  });
  forgetReviewCount();
  return result;
}

export type FlagFormTarget = { kind: FlagTargetKind; id: number; title: string; url: string };

/** What the flag page names: the item and where it is (null when it is gone). */
export async function flagFormTarget(kind: string, id: number): Promise<FlagFormTarget | null> {
  if (!isFlagTargetKind(kind) || !Number.isSafeInteger(id) || id <= 0) return null;
  const row = await loadTarget(await getDb(), { kind, id });
  // Gone, or on a page that is gone: its title is not to be read here.
  if (!row || row.deletedAt || row.parentDeletedAt) return null;
  return { kind, id, title: row.title, url: row.url };
}
