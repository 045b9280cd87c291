// users.reputation is always 1 + the ledger's sum, whatever happened: votes given and taken back, acceptances
// moved, bounties offered and awarded.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { users } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";
import { acceptAnswer, createAnswer, deleteAnswer } from "./answers.server.ts";
import { awardBounty, offerBounty } from "./bounties.server.ts";
import { ledgerReputation, recomputeReputation } from "./reputation.server.ts";
import { askAs } from "#tests/support/questions.ts";
import { castVote } from "./votes.server.ts";

const db = setupTestDatabase();

describe("recomputeReputation", () => {
  test("matches the running total after a busy day", async () => {
    // Rows at the base reputation (the ledger explains all of it); their sessions may vote up (PRIVILEGES.voteUp).
    const voting = (m: Awaited<ReturnType<typeof createMember>>) => ({
      ...m,
      reputation: PRIVILEGES.voteUp.reputation,
    });
    const members = (await Promise.all(Array.from({ length: 6 }, () => createMember(db())))).map(voting);
    const [ana, bia, caio, duda, edu, mod] = members as [
      (typeof members)[0],
      (typeof members)[0],
      (typeof members)[0],
      (typeof members)[0],
      (typeof members)[0],
      (typeof members)[0],
    ];
    const moderator = { ...mod, role: "moderator" as const };
    await db().update(users).set({ role: "moderator" }).where(eq(users.id, mod.id));

    const fans = (await Promise.all(Array.from({ length: 6 }, () => createMember(db())))).map(voting);
    const q1 = await askAs(ana);
    const q2 = await askAs(bia);
    for (const voter of [bia, caio, duda, edu, ...fans])
      await castVote(voter, { kind: "question", id: q1 }, 1);
    // Voting down is a privilege; the session says how much reputation the voter has.
    const downvoter = (m: typeof caio) => ({ ...m, reputation: PRIVILEGES.voteDown.reputation });
    await castVote(downvoter(caio), { kind: "question", id: q2 }, -1);
    const a1 = (
      await createAnswer(caio, q1, "<p>Resposta do Caio (com texto o bastante para uma resposta)</p>")
    ).id;
    const a2 = (
      await createAnswer(duda, q1, "<p>Resposta da Duda (com texto o bastante para uma resposta)</p>")
    ).id;
    await Promise.all([bia, edu, ana].map((v) => castVote(v, { kind: "answer", id: a1 }, 1)));
    await castVote(downvoter(edu), { kind: "answer", id: a2 }, -1);
    await castVote(edu, { kind: "answer", id: a2 }, 1);
    await castVote(bia, { kind: "question", id: q1 }, 1); // taken back
    await acceptAnswer(ana, a2);
    await acceptAnswer(ana, a1);
    await offerBounty(ana, q1, 50);
    await awardBounty(ana, a2);
    await deleteAnswer(moderator, a1); // the accepted one: the +15 goes back

    for (const m of members) {
      const [row] = await db().select({ r: users.reputation }).from(users).where(eq(users.id, m.id));
      const ledger = await ledgerReputation(m.id);
      expect(row?.r, `member ${m.name}`).toBe(ledger);
      expect(await recomputeReputation(m.id)).toBe(ledger);
    }
    // ana: 9 upvotes kept on q1 (+90), bounty −50
    expect(await ledgerReputation(ana.id)).toBe(1 + 90 - 50);
    // duda: answer upvoted once (after a downvote changed), bounty +50 → 61
    expect(await ledgerReputation(duda.id)).toBe(1 + 10 + 50);
  });

  test("repairs a total that drifted", async () => {
    const member = await createMember(db());
    await db().update(users).set({ reputation: 999 }).where(eq(users.id, member.id));
    expect(await recomputeReputation(member.id)).toBe(1);
  });
});

describe("trusted reputation", () => {
  test("a new moderator's up-vote is trusted only with two-factor sign-in on (ADR 049)", async () => {
    const author = await createMember(db());
    const questionId = await askAs(author);
    // Without it the moderator votes as a member: a day-old account, whose vote gives no trusted reputation.
    const withoutIt = await createMember(db(), {
      role: "moderator",
      totpSecret: null,
      reputation: PRIVILEGES.voteUp.reputation,
    });
    const withIt = await createMember(db(), { role: "moderator" });
    const reputationOf = async () =>
      (
        await db()
          .select({ trusted: users.trustedReputation, whole: users.reputation })
          .from(users)
          .where(eq(users.id, author.id))
      )[0];
    await castVote(withoutIt, { kind: "question", id: questionId }, 1);
    expect(await reputationOf()).toEqual({ trusted: 1, whole: 11 });
    await castVote(withIt, { kind: "question", id: questionId }, 1);
    expect(await reputationOf()).toEqual({ trusted: 11, whole: 21 });
  });
});
