// Votes that buy reputation only when they are a reader's honest opinion (ADR 047): voting needs 15 points and a
// confirmed e-mail; a vote from the author's own network (address or IPv6 /64) moves the score, not the
// reputation; a member's serial up-votes on one author are reversed; the API's "set" votes agree when sent in
// parallel.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { reputationEvents, users, votes } from "#db/schema.ts";
import { toViewer, viewerColumns } from "#app/features/accounts/viewer-row.server.ts";
import { CONFIRM_EMAIL_FIRST, PRIVILEGES } from "#app/features/moderation/rules.ts";
import { networkKey } from "#app/lib/client-address.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { ledgerReputation } from "#app/features/questions/reputation.server.ts";
import { askAs } from "#tests/support/questions.ts";
import { castVote, SERIAL_UPVOTES_PER_DAY } from "#app/features/questions/votes.server.ts";

const db = setupTestDatabase();

async function reload(id: number): Promise<Viewer> {
  const [row] = await db().select(viewerColumns).from(users).where(eq(users.id, id));
  return toViewer(row!);
}

let author: Viewer;
let voter: Viewer;
beforeEach(async () => {
  author = await createMember(db());
  voter = await createMember(db(), { reputation: PRIVILEGES.voteUp.reputation });
});

describe("who may vote", () => {
  test("below 15 points a member is told how many are missing", async () => {
    const fresh = await createMember(db(), { reputation: 14 });
    const question = await askAs(author);
    await expect(castVote(fresh, { kind: "question", id: question }, 1)).rejects.toMatchObject({
      status: 403,
      message: "Votar positivamente exige 15 pontos de reputação. Faltam 1 ponto.",
    });
  });

  test("an address never confirmed cannot vote", async () => {
    const unconfirmed = await createMember(db(), { reputation: 200, emailVerified: false });
    const question = await askAs(author);
    await expect(castVote(unconfirmed, { kind: "question", id: question }, 1)).rejects.toMatchObject({
      status: 403,
      message: CONFIRM_EMAIL_FIRST.vote,
    });
  });
});

describe("votes from the author's own network", () => {
  test("move the score but not the reputation, for one address and for one IPv6 /64; undoing gives nothing back", async () => {
    await db()
      .update(users)
      .set({ network: networkKey("203.0.113.7") })
      .where(eq(users.id, author.id));
    const first = await askAs(author);
    const outcome = await castVote(voter, { kind: "question", id: first }, 1, { ip: "203.0.113.7" });
    expect(outcome).toEqual({ score: 1, myVote: 1 });
    expect((await reload(author.id)).reputation).toBe(1);
    await castVote(voter, { kind: "question", id: first }, 1, { ip: "203.0.113.7" });
    expect((await reload(author.id)).reputation).toBe(1);

    await db()
      .update(users)
      .set({ network: networkKey("2001:db8:5:6::1") })
      .where(eq(users.id, author.id));
    const second = await askAs(author);
    await castVote(voter, { kind: "question", id: second }, 1, { ip: "2001:db8:5:6:ffff::9" });
    expect((await reload(author.id)).reputation).toBe(1);
    // From another network the same vote counts.
    const third = await askAs(author);
    await castVote(voter, { kind: "question", id: third }, 1, { ip: "2001:db8:5:7::1" });
    const reloaded = await reload(author.id);
    expect(reloaded.reputation).toBe(11);
    expect(reloaded.reputation).toBe(await ledgerReputation(author.id));
  });
});

describe("serial voting", () => {
  test(`past ${SERIAL_UPVOTES_PER_DAY} up-votes on one author in a day, all of them stop giving reputation`, async () => {
    const posts = [];
    for (let i = 0; i <= SERIAL_UPVOTES_PER_DAY; i++) posts.push(await askAs(author));
    for (const [i, id] of posts.entries()) {
      await castVote(voter, { kind: "question", id }, 1);
      const expected = i < SERIAL_UPVOTES_PER_DAY ? 1 + 10 * (i + 1) : 1;
      expect((await reload(author.id)).reputation, `after vote ${i + 1}`).toBe(expected);
    }
    // The votes stay as opinions; the reputation they gave is taken back in the ledger.
    const kept = await db().select({ counted: votes.counted }).from(votes).where(eq(votes.userId, voter.id));
    expect(kept).toHaveLength(posts.length);
    expect(kept.every((v) => !v.counted)).toBe(true);
    const reversed = await db()
      .select()
      .from(reputationEvents)
      .where(and(eq(reputationEvents.userId, author.id), eq(reputationEvents.reason, "upvote_reversed")));
    expect(reversed).toHaveLength(SERIAL_UPVOTES_PER_DAY + 1);
    expect(await ledgerReputation(author.id)).toBe(1);
    // Taking a reversed vote back gives nothing more back.
    await castVote(voter, { kind: "question", id: posts[0]! }, 1);
    expect((await reload(author.id)).reputation).toBe(1);
    // Another member's honest votes still count.
    const other = await createMember(db(), { reputation: PRIVILEGES.voteUp.reputation });
    await castVote(other, { kind: "question", id: posts[1]! }, 1);
    expect((await reload(author.id)).reputation).toBe(11);
  });
});

describe("the API's set votes", () => {
  test("six parallel requests for +1 leave one vote and one ledger entry", async () => {
    const question = await askAs(author);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => castVote(voter, { kind: "question", id: question }, 1, { set: true })),
    );
    expect(results.every((r) => r.myVote === 1)).toBe(true);
    const rows = await db().select().from(votes).where(eq(votes.userId, voter.id));
    expect(rows).toHaveLength(1);
    const ledger = await db().select().from(reputationEvents).where(eq(reputationEvents.userId, author.id));
    expect(ledger.map((e) => e.delta)).toEqual([10]);
    const removed = await Promise.all(
      Array.from({ length: 6 }, () => castVote(voter, { kind: "question", id: question }, 0, { set: true })),
    );
    expect(removed.every((r) => r.myVote === 0 && r.score === 0)).toBe(true);
    expect((await reload(author.id)).reputation).toBe(1);
  });
});
