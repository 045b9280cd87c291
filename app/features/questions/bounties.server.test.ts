import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { bounties, questions, reputationEvents, users } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { createAnswer } from "./answers.server.ts";
import {
  awardBounty,
  awardedBounties,
  BOUNTY_MESSAGES,
  expireBounties,
  offerBounty,
} from "./bounties.server.ts";
import { DEFAULT_LIST_QUERY } from "./list-query.ts";
import { getQuestion } from "./question-detail.server.ts";
import { listQuestions } from "./question-list.server.ts";
import { addReputation, ledgerReputation } from "./reputation.server.ts";
import { askAs } from "#tests/support/questions.ts";

const db = setupTestDatabase();

/** A member whose reputation comes from the ledger, as real reputation does. */
async function memberWith(reputation: number): Promise<Viewer> {
  const member = await createMember(db());
  await db().transaction((tx) =>
    addReputation(tx, [{ userId: member.id, delta: reputation - 1, reason: "upvote" }]),
  );
  return { ...member, reputation };
}
async function reputationOf(id: number) {
  const [row] = await db().select({ r: users.reputation }).from(users).where(eq(users.id, id));
  return row?.r;
}

let other: Viewer;
let moderator: Viewer;
beforeAll(async () => {
  other = await memberWith(500);
  moderator = await createMember(db(), { role: "moderator" });
});

describe("offering", () => {
  test("permission matrix: visitor, other member and moderator refused; the asker offers", async () => {
    const asker = await memberWith(200);
    const id = await askAs(asker);
    await expect(offerBounty(null, id, 50)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(offerBounty(other, id, 50)).rejects.toMatchObject({ message: BOUNTY_MESSAGES.onlyAsker });
    await expect(offerBounty(moderator, id, 50)).rejects.toMatchObject({ code: "forbidden" });
    const { expiresAt } = await offerBounty(asker, id, 100);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await reputationOf(asker.id)).toBe(100);
    expect(await ledgerReputation(asker.id)).toBe(100);
    const question = await getQuestion(null, id);
    expect(question?.bounty).toMatchObject({ amount: 100, offererId: asker.id });
    await expect(offerBounty(asker, id, 50)).rejects.toMatchObject({ message: BOUNTY_MESSAGES.alreadyOpen });
  });

  test("needs 75 reputation, an amount of 50 to 500 and enough reputation to pay it", async () => {
    const poor = await memberWith(74);
    const q1 = await askAs(poor);
    await expect(offerBounty(poor, q1, 50)).rejects.toMatchObject({ message: BOUNTY_MESSAGES.reputation });
    const modest = await memberWith(120);
    const q2 = await askAs(modest);
    await expect(offerBounty(modest, q2, 49)).rejects.toMatchObject({ field: "amount" });
    await expect(offerBounty(modest, q2, 501)).rejects.toMatchObject({ field: "amount" });
    await expect(offerBounty(modest, q2, 150)).rejects.toMatchObject({ message: BOUNTY_MESSAGES.notEnough });
    expect(await reputationOf(modest.id)).toBe(120);
  });

  test("two offers at the same moment on two questions cannot spend the same reputation twice", async () => {
    const asker = await memberWith(150);
    const [q1, q2] = [await askAs(asker), await askAs(asker)];
    const results = await Promise.allSettled([offerBounty(asker, q1, 100), offerBounty(asker, q2, 100)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await reputationOf(asker.id)).toBe(50);
  });
});

describe("awarding and expiring", () => {
  test("permission matrix for awarding; the answerer gets the amount; the question is no longer a bounty", async () => {
    const asker = await memberWith(300);
    const answerer = await createMember(db());
    const id = await askAs(asker);
    const { id: answerId } = await createAnswer(
      answerer,
      id,
      "<p>Resposta caprichada (com texto o bastante para uma resposta)</p>",
    );
    const { id: ownAnswer } = await createAnswer(
      asker,
      id,
      "<p>A minha (com texto o bastante para uma resposta)</p>",
    );
    await expect(awardBounty(asker, answerId)).rejects.toMatchObject({ message: BOUNTY_MESSAGES.noneOpen });
    await offerBounty(asker, id, 250);
    await expect(awardBounty(null, answerId)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(awardBounty(other, answerId)).rejects.toMatchObject({
      message: BOUNTY_MESSAGES.onlyOfferer,
    });
    await expect(awardBounty(moderator, answerId)).rejects.toMatchObject({ code: "forbidden" });
    await expect(awardBounty(asker, ownAnswer)).rejects.toMatchObject({ message: BOUNTY_MESSAGES.ownAnswer });
    await awardBounty(asker, answerId);
    expect(await reputationOf(answerer.id)).toBe(251);
    expect(await ledgerReputation(answerer.id)).toBe(251);
    expect((await getQuestion(null, id))?.bounty).toBeNull();
    expect((await awardedBounties(id)).get(answerId)).toBe(250);
    await expect(awardBounty(asker, answerId)).rejects.toMatchObject({ message: BOUNTY_MESSAGES.noneOpen });
  });

  test("an unawarded bounty expires without refund and leaves the Bounty list", async () => {
    const asker = await memberWith(100);
    const id = await askAs(asker);
    await offerBounty(asker, id, 50);
    const inList = async () =>
      (await listQuestions(null, { ...DEFAULT_LIST_QUERY, sort: "bounty" })).items.map((i) => i.id);
    expect(await inList()).toContain(id);
    await db()
      .update(bounties)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(bounties.questionId, id));
    await db()
      .update(questions)
      .set({ bountyExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(questions.id, id));
    expect(await inList()).not.toContain(id);
    expect((await getQuestion(null, id))?.bounty).toBeNull();
    expect(await expireBounties()).toBeGreaterThanOrEqual(1);
    const [row] = await db()
      .select({ a: questions.bountyAmount })
      .from(questions)
      .where(eq(questions.id, id));
    expect(row?.a).toBeNull();
    expect(await reputationOf(asker.id)).toBe(50);
    const events = await db().select().from(reputationEvents).where(eq(reputationEvents.userId, asker.id));
    expect(events.map((e) => e.reason)).toEqual(["upvote", "bounty_offered"]);
    // A new bounty can be offered once the old one is closed.
    await db().transaction((tx) => addReputation(tx, [{ userId: asker.id, delta: 50, reason: "upvote" }]));
    await expect(offerBounty(asker, id, 50)).resolves.toHaveProperty("id");
  });
});
