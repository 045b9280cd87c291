// Answers that say what they were tested on: the tag + version pairs an answer names (one per tag of its
// question), the members' "não funciona mais na versão X" marks, and the answer's "pode estar desatualizada
// desde" worked out from them by the rule in versions.ts. Both are written in the transaction that changes
// them and denormalised on the answer's row (`tested_versions`, `outdated_since`): the page reads them with
// the answer, and the row's version moves with them, so kept pages and cards follow (ADR 031).
import { and, asc, eq, gte, inArray, isNotNull, or } from "drizzle-orm";
import {
  answerOutdatedMarks,
  answers,
  answerVersions,
  questions,
  questionTags,
  tags,
  users,
} from "#db/schema.ts";
import { PRIVILEGES, requirePrivilege } from "#app/features/moderation/rules.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { QUESTION_MESSAGES } from "./messages.ts";
import { refuseIfLocked } from "./closing.server.ts";
import {
  ANSWER_VERSIONS_MAX,
  compareVersionKeys,
  normaliseTag,
  outdatedSince,
  parseVersion,
  VERSION_MESSAGES,
  type OutdatedSince,
  type TaggedVersion,
  type VersionKey,
} from "./versions.ts";
import { requireMember } from "#app/lib/permissions.ts";

/** The form field of one tag's version in the answer forms: `versao:<tag>`. */
const VERSION_FIELD_PREFIX = "versao:";

/** The "Testada em" pairs a plain form sent (`versao:<tag>` fields; empty ones name nothing). */
export function versionsFromForm(form: FormData): TaggedVersion[] {
  const pairs: TaggedVersion[] = [];
  for (const [name, value] of form.entries()) {
    if (!name.startsWith(VERSION_FIELD_PREFIX) || typeof value !== "string") continue;
    if (value.trim() === "") continue;
    pairs.push({ tag: name.slice(VERSION_FIELD_PREFIX.length), version: value });
  }
  return pairs;
}

/** The names of a question's tags, in the question's order. */
export async function questionTagNames(db: Executor, questionId: number): Promise<string[]> {
  const rows = await db
    .select({ name: tags.name })
    .from(questionTags)
    .innerJoin(tags, eq(tags.id, questionTags.tagId))
    .where(eq(questionTags.questionId, questionId))
    .orderBy(asc(tags.name));
  return rows.map((r) => r.name);
}

type CheckedVersion = TaggedVersion & { key: VersionKey };

function tagOfQuestion(tag: string, questionTagsNames: string[]): string {
  const name = questionTagsNames.find((t) => normaliseTag(t) === normaliseTag(tag));
  if (!name) throw new AppError("validation", VERSION_MESSAGES.tagNotOnQuestion, { field: "versions" });
  return name;
}

function checkVersion(version: string, field: string): { version: string; key: VersionKey } {
  const parsed = parseVersion(version);
  if (!parsed) throw new AppError("validation", VERSION_MESSAGES.invalid, { field });
  return parsed;
}

/** Checks the pairs against the question's tags: known tags, real versions, one per tag, at most 5. */
export function checkAnswerVersions(pairs: TaggedVersion[], questionTagsNames: string[]): CheckedVersion[] {
  if (pairs.length > ANSWER_VERSIONS_MAX) {
    throw new AppError("validation", VERSION_MESSAGES.tooMany, { field: "versions" });
  }
  const checked: CheckedVersion[] = [];
  for (const pair of pairs) {
    const tag = tagOfQuestion(pair.tag, questionTagsNames);
    if (checked.some((c) => c.tag === tag)) {
      throw new AppError("validation", VERSION_MESSAGES.oneVersionPerTag, { field: "versions" });
    }
    checked.push({ tag, ...checkVersion(pair.version, "versions") });
  }
  return checked.sort((a, b) => a.tag.localeCompare(b.tag));
}

/** Replaces an answer's versions (the caller locked it); true when they changed. */
export async function writeAnswerVersions(
  tx: Executor,
  answerId: number,
  current: TaggedVersion[],
  next: CheckedVersion[],
): Promise<boolean> {
  const same =
    current.length === next.length &&
    current.every((c, i) => c.tag === next[i]?.tag && c.version === next[i]?.version);
  if (same) return false;
  await tx.delete(answerVersions).where(eq(answerVersions.answerId, answerId));
  if (next.length > 0) {
    await tx
      .insert(answerVersions)
      .values(next.map((v) => ({ answerId, tag: v.tag, version: v.version, versionKey: v.key })));
  }
  await tx
    .update(answers)
    .set({ testedVersions: next.map(({ tag, version }) => ({ tag, version })) })
    .where(eq(answers.id, answerId));
  return true;
}

type MarkTarget = {
  id: number;
  questionId: number;
  authorId: number;
  testedVersions: TaggedVersion[];
  outdatedSince: OutdatedSince | null;
  tags: string[];
};

/** Locks the question then the answer (the order every writer of both uses); live ones only. */
async function lockLiveAnswer(
  tx: Executor,
  answerId: number,
): Promise<MarkTarget & { lockedAt: Date | null }> {
  const [ref] = await tx
    .select({ questionId: answers.questionId })
    .from(answers)
    .where(eq(answers.id, answerId));
  if (!ref) throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
  const [question] = await tx
    .select({ deletedAt: questions.deletedAt, lockedAt: questions.lockedAt })
    .from(questions)
    .where(eq(questions.id, ref.questionId))
    .for("update");
  const [answer] = await tx
    .select({
      authorId: answers.authorId,
      deletedAt: answers.deletedAt,
      testedVersions: answers.testedVersions,
      outdatedSince: answers.outdatedSince,
    })
    .from(answers)
    .where(eq(answers.id, answerId))
    .for("update");
  if (!question || !answer || question.deletedAt || answer.deletedAt) {
    throw new AppError("not_found", QUESTION_MESSAGES.answerNotFound);
  }
  return {
    id: answerId,
    questionId: ref.questionId,
    authorId: answer.authorId,
    testedVersions: answer.testedVersions,
    outdatedSince: answer.outdatedSince ?? null,
    tags: await questionTagNames(tx, ref.questionId),
    lockedAt: question.lockedAt,
  };
}

/** Works the answer's "desatualizada desde" out again from its marks and writes it. */
async function refreshOutdated(tx: Executor, answer: MarkTarget): Promise<OutdatedSince | null> {
  // Only the author's mark and the marks of members trusted to vote down count (a few new accounts must not
  // bury a good answer, as they cannot with down votes); every member's mark is still kept and shown to them.
  const marks = await tx
    .select({
      memberId: answerOutdatedMarks.memberId,
      tag: answerOutdatedMarks.tag,
      version: answerOutdatedMarks.version,
    })
    .from(answerOutdatedMarks)
    .innerJoin(users, eq(users.id, answerOutdatedMarks.memberId))
    .where(
      and(
        eq(answerOutdatedMarks.answerId, answer.id),
        or(
          eq(answerOutdatedMarks.memberId, answer.authorId),
          // Staff with two-factor sign-in on (ADR 049): without it they act as members.
          and(inArray(users.role, ["moderator", "admin"]), isNotNull(users.totpEnabledAt)),
          gte(users.reputation, PRIVILEGES.voteDown.reputation),
        ),
      ),
    );
  const since = outdatedSince(marks, answer.authorId);
  // Written even when it did not move: the answer's row changes with every mark, so the marker's own card
  // (kept per row version, ADR 031) shows their mark at once.
  await tx.update(answers).set({ outdatedSince: since }).where(eq(answers.id, answer.id));
  return since;
}

export type MarkOutcome = { questionId: number; outdatedSince: OutdatedSince | null };

/**
 * "Não funciona mais na versão X": a member's mark on a live answer (one per member per answer; marking again
 * replaces it). The version must be newer than the one the answer was tested on for that tag. The author's own
 * mark makes the answer outdated at once; the marks of members trusted to vote down count toward
 * OUTDATED_MARKS_TO_SHOW.
 */
export async function markOutdated(
  viewer: Viewer | null,
  answerId: number,
  input: { tag: string; version: string },
): Promise<MarkOutcome> {
  const member = requireMember(viewer);
  if (input.version.trim() === "") {
    throw new AppError("validation", VERSION_MESSAGES.markNeedsVersion, { field: "version" });
  }
  const parsed = checkVersion(input.version, "version");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const answer = await lockLiveAnswer(tx, answerId);
    refuseIfLocked(member, answer.lockedAt);
    // Judging someone else's answer is taking part, like commenting; the author may always mark their own.
    if (answer.authorId !== member.id) requirePrivilege(member, "participate", "version");
    const tag = tagOfQuestion(input.tag, answer.tags);
    const tested = answer.testedVersions.find((v) => v.tag === tag);
    const testedKey = tested ? parseVersion(tested.version)?.key : undefined;
    if (testedKey && compareVersionKeys(parsed.key, testedKey) <= 0) {
      throw new AppError("validation", VERSION_MESSAGES.notNewer, { field: "version" });
    }
    const values = { tag, version: parsed.version, versionKey: parsed.key };
    await tx
      .insert(answerOutdatedMarks)
      .values({ answerId, memberId: member.id, ...values })
      .onConflictDoUpdate({
        target: [answerOutdatedMarks.answerId, answerOutdatedMarks.memberId],
        set: values,
      });
    const since = await refreshOutdated(tx, answer);
    return { questionId: answer.questionId, outdatedSince: since };
  });
}

/** Takes the member's own mark back. */
export async function retractOutdatedMark(viewer: Viewer | null, answerId: number): Promise<MarkOutcome> {
  const member = requireMember(viewer);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const answer = await lockLiveAnswer(tx, answerId);
    refuseIfLocked(member, answer.lockedAt);
    const removed = await tx
      .delete(answerOutdatedMarks)
      .where(and(eq(answerOutdatedMarks.answerId, answerId), eq(answerOutdatedMarks.memberId, member.id)))
      .returning({ tag: answerOutdatedMarks.tag });
    if (removed.length === 0) throw new AppError("conflict", VERSION_MESSAGES.noMarkToRetract);
    const since = await refreshOutdated(tx, answer);
    return { questionId: answer.questionId, outdatedSince: since };
  });
}

/** The viewer's own marks on some answers (never kept in the shared page): answer id → tag + version. */
export async function outdatedMarksOf(
  viewerId: number | null,
  answerIds: number[],
): Promise<Map<number, TaggedVersion>> {
  if (viewerId === null || answerIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({
      answerId: answerOutdatedMarks.answerId,
      tag: answerOutdatedMarks.tag,
      version: answerOutdatedMarks.version,
    })
    .from(answerOutdatedMarks)
    .where(and(eq(answerOutdatedMarks.memberId, viewerId), inArray(answerOutdatedMarks.answerId, answerIds)));
  return new Map(rows.map((r) => [r.answerId, { tag: r.tag, version: r.version }]));
}
