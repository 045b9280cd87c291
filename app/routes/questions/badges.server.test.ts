// Badges (app/features/badges): awarded as members act — after their own writes (the root middleware's check)
// and inside the transaction that moves their reputation (a vote, an acceptance) — never twice, told in the
// notifications, listed on /medalhas with who holds them.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { answers, badgeAwards, memberVisitDays, notifications, tags } from "#db/schema.ts";
import {
  awardBadges,
  badgeCatalogue,
  badgesOf,
  checkBadgesOf,
  checkScheduledBadgesNow,
  recordVisit,
} from "#app/features/badges/badges.server.ts";
import { acceptAnswer, createAnswer } from "#app/features/questions/answers.server.ts";
import { castVote } from "#app/features/questions/votes.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { askAs, cast } from "#tests/support/questions.ts";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

const ANSWER = "<p>Use a opção certa do compilador e reinicie o servidor de desenvolvimento.</p>";

async function held(memberId: number) {
  return (await badgesOf(memberId)).map((b) => b.badge).sort();
}

async function badgeNotices(memberId: number) {
  return (await db().select().from(notifications).where(eq(notifications.userId, memberId)))
    .filter((n) => n.kind === "badge")
    .map((n) => n.title);
}

describe("badges", () => {
  test("a first question earns its badge once, told in the notifications", async () => {
    const asker = await createMember(db());
    await checkBadgesOf(asker.id);
    expect(await held(asker.id)).toEqual([]);
    await askAs(asker);
    await checkBadgesOf(asker.id);
    await checkBadgesOf(asker.id);
    await askAs(asker);
    await checkBadgesOf(asker.id);
    expect(await held(asker.id)).toEqual(["primeira-pergunta"]);
    expect(await badgeNotices(asker.id)).toEqual(["Você ganhou a medalha “Primeira pergunta” (bronze)"]);
    // Listed, but the bell stays dark: news of one's own progress asks for no answer.
    const [notice] = (
      await db().select().from(notifications).where(eq(notifications.userId, asker.id))
    ).filter((n) => n.kind === "badge");
    expect(notice?.readAt).not.toBeNull();
  });

  test("votes and an acceptance award the answerer once they commit; the tag badge names its tag", async () => {
    const answerer = await createMember(db());
    const questionId = await askAs(people.author, { tags: ["medalhas-tag"] });
    const { id: answerId } = await createAnswer(answerer, questionId, ANSWER);
    // Four points already, from earlier votes; the fifth is a real one.
    await db().update(answers).set({ score: 4 }).where(eq(answers.id, answerId));
    expect(await held(answerer.id)).toEqual([]);
    await castVote(people.rich, { kind: "answer", id: answerId }, 1);
    // The vote asked for its receiver's check, which runs a moment after it commits (here: now).
    expect(await held(answerer.id)).toEqual([]);
    await checkScheduledBadgesNow();
    // The check finds everything earned so far: the first answer too.
    expect(await held(answerer.id)).toEqual(["boa-resposta", "primeira-resposta"]);
    await acceptAnswer(people.author, answerId);
    await checkScheduledBadgesNow();
    expect(await held(answerer.id)).toEqual(["boa-resposta", "primeira-resposta", "resposta-aceita"]);
    // Fifteen points of answers in one tag: the bronze of that tag.
    await db().update(answers).set({ score: 14 }).where(eq(answers.id, answerId));
    await castVote(people.other, { kind: "answer", id: answerId }, 1);
    await checkScheduledBadgesNow();
    const [tag] = await db().select().from(tags).where(eq(tags.name, "medalhas-tag"));
    const tagAward = await db()
      .select()
      .from(badgeAwards)
      .where(and(eq(badgeAwards.userId, answerer.id), eq(badgeAwards.badge, "tag-bronze")));
    expect(tagAward.map((a) => a.tagId)).toEqual([tag!.id]);
    expect((await badgesOf(answerer.id)).find((b) => b.badge === "tag-bronze")?.name).toBe(
      "Bronze em medalhas-tag",
    );
    // The asker who accepted earns theirs with their own write's check.
    await checkBadgesOf(people.author.id);
    expect(await held(people.author.id)).toContain("aceitou-resposta");
  });

  test("thirty days in a row on the site, not twenty-nine or a broken run", async () => {
    const regular = await createMember(db());
    const day = (n: number) => new Date(Date.UTC(2026, 9, 1) + n * 86_400_000).toISOString().slice(0, 10);
    // 29 days, a gap, then 29 more: no run of 30.
    const days = [
      ...Array.from({ length: 29 }, (_, i) => day(i)),
      ...Array.from({ length: 29 }, (_, i) => day(30 + i)),
    ];
    await db()
      .insert(memberVisitDays)
      .values(days.map((d) => ({ userId: regular.id, day: d })));
    await awardBadges(db(), [regular.id]);
    expect(await held(regular.id)).toEqual([]);
    // The missing day joins the runs: 59 in a row.
    await db()
      .insert(memberVisitDays)
      .values({ userId: regular.id, day: day(29) });
    await awardBadges(db(), [regular.id]);
    expect(await held(regular.id)).toEqual(["presenca-constante"]);
  });

  test("a visit is written once a day", async () => {
    const member = await createMember(db());
    const morning = new Date("2026-11-29T10:00:00Z");
    expect(await recordVisit(member.id, morning)).toBe(true);
    expect(await recordVisit(member.id, new Date("2026-11-29T22:00:00Z"))).toBe(false);
    expect(await recordVisit(member.id, new Date("2026-11-30T08:00:00Z"))).toBe(true);
    const rows = await db().select().from(memberVisitDays).where(eq(memberVisitDays.userId, member.id));
    expect(rows.map((r) => r.day).sort()).toEqual(["2026-11-29", "2026-11-30"]);
  });

  test("the badges page counts holders and names the latest", async () => {
    const catalogue = await badgeCatalogue();
    expect(catalogue.get("primeira-pergunta")?.holders).toBeGreaterThanOrEqual(1);
    expect(catalogue.get("boa-resposta")?.recent.length).toBeGreaterThanOrEqual(1);
    expect(catalogue.get("tag-bronze")?.recent[0]?.tag).toBe("medalhas-tag");
  });
});
