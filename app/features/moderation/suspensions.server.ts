// Suspensions: a moderator suspends a member for a number of days with a reason the member reads; until then
// the member reads but cannot write (the root middleware refuses their writes). Nothing lifts a suspension when
// it ends: every check compares `suspended_until` with now. Who may suspend whom: moderators suspend members;
// administrators suspend members and moderators; nobody suspends an administrator or themself.
import { and, eq, sql } from "drizzle-orm";
import { href } from "react-router";
import { users } from "#db/schema.ts";
import { activeMembersOnly } from "#app/lib/removed-members.server.ts";
import { notify } from "#app/features/notifications/notify.server.ts";
import { getDb, type Executor } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/errors.ts";
import type { Role, Viewer } from "#app/lib/viewer.ts";
import { logModeration } from "./moderation-log.server.ts";
import { SUSPENSION_DAYS_MAX, SUSPENSION_REASON_MAX } from "./rules.ts";
import { suspensionEnd } from "./suspension-message.ts";
import { isModerator } from "#app/lib/permissions.ts";

export const SUSPEND_MESSAGES = {
  moderatorsOnly: "Só a moderação pode suspender membros.",
  self: "Você não pode suspender a própria conta.",
  admin: "Administradores não podem ser suspensos.",
  moderator: "Só um administrador pode suspender um moderador.",
  notFound: "Este membro não existe.",
  notSuspended: "Este membro não está suspenso.",
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `viewer` may suspend (or lift the suspension of) a member with `role`. */
export function canSuspend(viewer: Viewer | null, target: { id: number; role: Role }): boolean {
  if (!viewer || !isModerator(viewer) || viewer.id === target.id) return false;
  if (target.role === "admin") return false;
  return target.role === "member" || viewer.role === "admin";
}

function refusal(viewer: Viewer | null, target: { id: number; role: Role }): AppError {
  if (!viewer || !isModerator(viewer)) return new AppError("forbidden", SUSPEND_MESSAGES.moderatorsOnly);
  if (viewer.id === target.id) return new AppError("forbidden", SUSPEND_MESSAGES.self);
  if (target.role === "admin") return new AppError("forbidden", SUSPEND_MESSAGES.admin);
  return new AppError("forbidden", SUSPEND_MESSAGES.moderator);
}

export type SuspensionState = { until: Date; reason: string } | null;

/** The days and reason of a suspension, checked: refused beside their field when out of bounds. */
function checkSuspension(input: { days: number; reason: string }): { days: number; reason: string } {
  const days = input.days;
  if (!Number.isInteger(days) || days < 1 || days > SUSPENSION_DAYS_MAX) {
    throw new AppError("validation", `Escolha de 1 a ${SUSPENSION_DAYS_MAX} dias.`, { field: "days" });
  }
  const reason = input.reason.trim();
  if (!reason || reason.length > SUSPENSION_REASON_MAX) {
    throw new AppError("validation", "Diga o motivo (até 500 caracteres): o membro vai lê-lo.", {
      field: "reason",
    });
  }
  return { days, reason };
}

type Suspended = { until: Date; name: string; handle: string };

/**
 * Suspends `userId` inside the caller's transaction (the review queue removes the item in the same one):
 * the member's row locked, the suspension written, logged and told to the member.
 */
export async function suspendIn(
  tx: Executor,
  viewer: Viewer | null,
  userId: number,
  input: { days: number; reason: string },
  now: Date = new Date(),
): Promise<Suspended> {
  if (!viewer || !isModerator(viewer)) throw new AppError("forbidden", SUSPEND_MESSAGES.moderatorsOnly);
  const { days, reason } = checkSuspension(input);
  const until = new Date(now.getTime() + days * DAY_MS);
  const target = await lockMember(tx, userId);
  if (!canSuspend(viewer, target)) throw refusal(viewer, target);
  await tx.update(users).set({ suspendedUntil: until, suspensionReason: reason }).where(eq(users.id, userId));
  await logModeration(tx, {
    actorId: viewer.id,
    action: "suspend",
    target: { kind: "user", id: userId },
    subjectId: userId,
    reason: `${days} ${days === 1 ? "dia" : "dias"}: ${reason}`,
  });
  await notify(tx, {
    userId,
    kind: "moderation",
    actorId: viewer.id,
    title: `Sua conta foi suspensa até ${suspensionEnd(until)}: ${reason}`,
    url: href("/u/:handle", { handle: target.handle }),
  });
  return { until, name: target.name, handle: target.handle };
}

/**
 * Suspends `userId` for `days` days from now (a new suspension replaces a running one), logs it and tells the
 * member why and until when.
 */
export async function suspendMember(
  viewer: Viewer | null,
  userId: number,
  input: { days: number; reason: string },
  now: Date = new Date(),
): Promise<{ until: Date }> {
  const db = await getDb();
  const { until } = await db.transaction((tx) => suspendIn(tx, viewer, userId, input, now));
  return { until };
}

/** Lifts a running suspension before its end, logs it and tells the member. */
export async function unsuspendMember(
  viewer: Viewer | null,
  userId: number,
  now: Date = new Date(),
): Promise<void> {
  if (!viewer || !isModerator(viewer)) throw new AppError("forbidden", SUSPEND_MESSAGES.moderatorsOnly);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const target = await lockMember(tx, userId);
    if (!canSuspend(viewer, target)) throw refusal(viewer, target);
    if (!target.suspendedUntil || target.suspendedUntil.getTime() <= now.getTime()) {
      throw new AppError("conflict", SUSPEND_MESSAGES.notSuspended);
    }
    await tx.update(users).set({ suspendedUntil: null, suspensionReason: null }).where(eq(users.id, userId));
    await logModeration(tx, {
      actorId: viewer.id,
      action: "unsuspend",
      target: { kind: "user", id: userId },
      subjectId: userId,
    });
    await notify(tx, {
      userId,
      kind: "moderation",
      actorId: viewer.id,
      title: "A suspensão da sua conta foi encerrada pela moderação. Você já pode voltar a publicar.",
      url: href("/u/:handle", { handle: target.handle }),
    });
  });
}

/** A member's suspension as moderators see it on the profile (null when none is running). */
export async function suspensionOf(userId: number, now: Date = new Date()): Promise<SuspensionState> {
  const db = await getDb();
  const [row] = await db
    .select({ until: users.suspendedUntil, reason: users.suspensionReason })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.suspendedUntil} > ${now}`));
  return row?.until ? { until: row.until, reason: row.reason ?? "" } : null;
}

async function lockMember(tx: Executor, userId: number) {
  const [target] = await tx
    .select({
      id: users.id,
      role: users.role,
      handle: users.handle,
      name: users.name,
      suspendedUntil: users.suspendedUntil,
    })
    .from(users)
    .where(and(eq(users.id, userId), activeMembersOnly()))
    .for("update");
  if (!target) throw new AppError("not_found", SUSPEND_MESSAGES.notFound);
  return target;
}
