import { and, desc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { moderationLog, notifications, users } from "#db/schema.ts";
import { activeSuspension, type Role } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { SUSPEND_MESSAGES, suspendMember, suspensionOf, unsuspendMember } from "./suspensions.server.ts";

const db = setupTestDatabase();
const DAY = 24 * 60 * 60 * 1000;

async function people() {
  const [member, other, moderator, otherModerator, admin, otherAdmin] = await Promise.all([
    createMember(db()),
    createMember(db()),
    createMember(db(), { role: "moderator" as Role }),
    createMember(db(), { role: "moderator" as Role }),
    createMember(db(), { role: "admin" as Role }),
    createMember(db(), { role: "admin" as Role }),
  ]);
  return { member, other, moderator, otherModerator, admin, otherAdmin };
}

const reason = { days: 3, reason: "Spam repetido nas respostas." };

describe("who may suspend whom", () => {
  test("moderators suspend members; admins also suspend moderators; nobody suspends an admin or themself", async () => {
    const p = await people();
    const cases: Array<[string, Parameters<typeof suspendMember>[0], number, string | null]> = [
      ["a visitor", null, p.member.id, SUSPEND_MESSAGES.moderatorsOnly],
      ["a member", p.other, p.member.id, SUSPEND_MESSAGES.moderatorsOnly],
      ["a moderator, themself", p.moderator, p.moderator.id, SUSPEND_MESSAGES.self],
      ["a moderator, another moderator", p.moderator, p.otherModerator.id, SUSPEND_MESSAGES.moderator],
      ["a moderator, an admin", p.moderator, p.admin.id, SUSPEND_MESSAGES.admin],
      ["an admin, another admin", p.admin, p.otherAdmin.id, SUSPEND_MESSAGES.admin],
      ["an admin, themself", p.admin, p.admin.id, SUSPEND_MESSAGES.self],
      ["a moderator, a member", p.moderator, p.member.id, null],
      ["an admin, a moderator", p.admin, p.otherModerator.id, null],
    ];
    for (const [who, viewer, target, refusal] of cases) {
      const attempt = suspendMember(viewer, target, reason);
      if (refusal) await expect(attempt, who).rejects.toMatchObject({ status: 403, message: refusal });
      else await expect(attempt, who).resolves.toMatchObject({ until: expect.any(Date) });
    }
    // The same rules lift a suspension.
    await expect(unsuspendMember(p.other, p.member.id)).rejects.toMatchObject({ status: 403 });
    await expect(unsuspendMember(p.moderator, p.otherModerator.id)).rejects.toMatchObject({
      message: SUSPEND_MESSAGES.moderator,
    });
  });

  test("the length and the reason are checked: 1 to 365 days, a reason of up to 500 characters", async () => {
    const p = await people();
    for (const days of [0, -1, 366, 1.5]) {
      await expect(
        suspendMember(p.moderator, p.member.id, { days, reason: "Motivo." }),
        String(days),
      ).rejects.toMatchObject({ status: 400, field: "days" });
    }
    for (const text of ["", "   ", "x".repeat(501)]) {
      await expect(suspendMember(p.moderator, p.member.id, { days: 1, reason: text })).rejects.toMatchObject({
        status: 400,
        field: "reason",
      });
    }
    await expect(suspendMember(p.moderator, 2_000_000_000, reason)).rejects.toMatchObject({ status: 404 });
  });
});

describe("a suspension", () => {
  test("is stored, logged and told to the member with its reason and end; lifting it is logged and told too", async () => {
    const p = await people();
    const now = new Date();
    const { until } = await suspendMember(p.moderator, p.member.id, reason, now);
    expect(until.getTime()).toBe(now.getTime() + 3 * DAY);
    const [row] = await db().select().from(users).where(eq(users.id, p.member.id));
    expect(row!.suspendedUntil?.getTime()).toBe(until.getTime());
    expect(row!.suspensionReason).toBe(reason.reason);
    expect(await suspensionOf(p.member.id)).toEqual({ until, reason: reason.reason });

    const [logged] = await db()
      .select()
      .from(moderationLog)
      .where(eq(moderationLog.subjectId, p.member.id))
      .orderBy(desc(moderationLog.id));
    expect(logged).toMatchObject({
      actorId: p.moderator.id,
      action: "suspend",
      targetKind: "user",
      targetId: p.member.id,
      reason: `3 dias: ${reason.reason}`,
    });
    const [told] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, p.member.id), eq(notifications.kind, "moderation")));
    expect(told!.title).toMatch(/^Sua conta foi suspensa até \d\d\/\d\d\/\d{4}, \d\d:\d\d: Spam repetido/);

    await unsuspendMember(p.moderator, p.member.id);
    expect(await suspensionOf(p.member.id)).toBeNull();
    const actions = await db()
      .select({ action: moderationLog.action })
      .from(moderationLog)
      .where(eq(moderationLog.subjectId, p.member.id))
      .orderBy(moderationLog.id);
    expect(actions.map((a) => a.action)).toEqual(["suspend", "unsuspend"]);
    const told2 = await db().select().from(notifications).where(eq(notifications.userId, p.member.id));
    expect(told2).toHaveLength(2);
    // Nothing left to lift.
    await expect(unsuspendMember(p.moderator, p.member.id)).rejects.toMatchObject({
      status: 409,
      message: SUSPEND_MESSAGES.notSuspended,
    });
  });

  test("ends by itself at its end: nothing has to lift it", async () => {
    const p = await people();
    const tenDaysAgo = new Date(Date.now() - 10 * DAY);
    await suspendMember(p.moderator, p.member.id, reason, tenDaysAgo);
    const [row] = await db().select().from(users).where(eq(users.id, p.member.id));
    expect(row!.suspendedUntil!.getTime()).toBeLessThan(Date.now());
    expect(await suspensionOf(p.member.id)).toBeNull();
    expect(
      activeSuspension({ ...p.member, suspension: { until: row!.suspendedUntil!, reason: "x" } }),
    ).toBeNull();
  });
});
