// The review's ring: new accounts that vote for and accept each other gain reputation, but none of the powers
// over other people's content (ADR 047). Their votes count for the visible reputation; only votes and
// acceptances from established members (confirmed e-mail, three days, some trusted reputation of their own)
// count for the trusted reputation that trusted flags, review, close votes and direct edits are checked against.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { questions, reputationEvents, users } from "#db/schema.ts";
import { toViewer, viewerColumns } from "#app/features/accounts/viewer-row.server.ts";
import { acceptAnswer, createAnswer } from "#app/features/questions/answers.server.ts";
import { ledgerReputation } from "#app/features/questions/reputation.server.ts";
import { askAs } from "#tests/support/questions.ts";
import { castVote } from "#app/features/questions/votes.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { flagContent } from "#app/features/moderation/flags.server.ts";
import { decideSuggestedEdit } from "#app/features/moderation/review-queue.server.ts";
import {
  editMode,
  ESTABLISHED_ACCOUNT_DAYS,
  hasPrivilege,
  PRIVILEGES,
} from "#app/features/moderation/rules.ts";

const db = setupTestDatabase();

/** The member as a session would load them now. */
async function fresh(id: number): Promise<Viewer> {
  const [row] = await db().select(viewerColumns).from(users).where(eq(users.id, id));
  return toViewer(row!);
}

/** Two rounds of the review's replay: each asks two questions, the others answer, up-vote and accept. */
async function farm(ring: Viewer[], rounds: number) {
  for (let round = 0; round < rounds; round++) {
    for (const asker of ring) {
      for (let q = 0; q < 2; q++) {
        const question = await askAs(asker);
        for (const other of ring.filter((m) => m.id !== asker.id)) {
          await castVote(other, { kind: "question", id: question }, 1);
        }
        const answerer = ring[(ring.indexOf(asker) + 1 + q) % ring.length]!;
        const { id: answer } = await createAnswer(
          answerer,
          question,
          "<p>Uma resposta da roda. (com texto o bastante para uma resposta)</p>",
        );
        for (const other of ring.filter((m) => m.id !== answerer.id)) {
          await castVote(other, { kind: "answer", id: answer }, 1);
        }
        await acceptAnswer(asker, answer);
      }
    }
  }
}

let admin: Viewer;
let adminQuestion: number;
let ring: Viewer[];

beforeAll(async () => {
  admin = await createMember(db(), { role: "admin", name: "Administração" });
  adminQuestion = await askAs(admin);
  // Four accounts made today, their e-mails confirmed (the factory's rows are), at the reputation that votes.
  ring = await Promise.all(
    ["Anel Um", "Anel Dois", "Anel Três", "Anel Quatro"].map((name) =>
      createMember(db(), { name, reputation: PRIVILEGES.voteUp.reputation, trustedReputation: 1 }),
    ),
  );
  await farm(ring, 2);
  ring = await Promise.all(ring.map((m) => fresh(m.id)));
});

describe("a ring of new accounts", () => {
  test("loses its serial votes' reputation, and gains no trusted reputation at all", async () => {
    for (const member of ring) {
      // The review measured 301 after two rounds; the votes each member gave one author past the daily serial
      // limit were reversed (votes from one network would not have counted at all: the HTTP replay).
      expect(member.reputation).toBeGreaterThan(PRIVILEGES.voteUp.reputation);
      expect(member.reputation).toBeLessThan(301);
      const reversed = await db()
        .select()
        .from(reputationEvents)
        .where(and(eq(reputationEvents.userId, member.id), eq(reputationEvents.reason, "upvote_reversed")));
      expect(reversed.length).toBeGreaterThan(0);
      // The accounts started at the voting threshold (outside the ledger); the rest is the ledger's.
      expect(member.reputation).toBe((await ledgerReputation(member.id)) + PRIVILEGES.voteUp.reputation - 1);
      expect(member.trustedReputation).toBe(1);
    }
  });

  test("reaches none of the powers that hide, judge or rewrite others' content", async () => {
    for (const member of ring) {
      for (const power of ["trustedFlag", "review", "closeVote", "editDirectly"] as const) {
        expect(hasPrivilege(member, power), `${member.name} ${power}`).toBe(false);
      }
      expect(editMode(member, admin.id)).toBe("suggest");
    }
    // Three spam flags on the administrator's question: sent, never hiding it.
    for (const member of ring.slice(0, 3)) {
      const result = await flagContent(member, { kind: "question", id: adminQuestion, reason: "spam" });
      expect(result.hidden).toBe(false);
    }
    const [row] = await db()
      .select({ deletedAt: questions.deletedAt })
      .from(questions)
      .where(eq(questions.id, adminQuestion));
    expect(row?.deletedAt).toBeNull();
    // The review queue's decisions are refused, with what counts said.
    await expect(decideSuggestedEdit(ring[1]!, 1, "approve", async () => {})).rejects.toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("Só conta a reputação recebida de membros com e-mail confirmado"),
    });
  });

  test("an established member's up-vote counts for the trusted reputation; a new account's does not", async () => {
    const author = await createMember(db());
    const question = await askAs(author);
    const established = await createMember(db(), { reputation: 200 });
    const old = new Date(Date.now() - (ESTABLISHED_ACCOUNT_DAYS + 1) * 86_400_000);
    await db().update(users).set({ createdAt: old }).where(eq(users.id, established.id));
    await castVote(ring[0]!, { kind: "question", id: question }, 1);
    expect(await fresh(author.id)).toMatchObject({ reputation: 11, trustedReputation: 1 });
    await castVote(established, { kind: "question", id: question }, 1);
    expect(await fresh(author.id)).toMatchObject({ reputation: 21, trustedReputation: 11 });
    // Undone, each vote takes back what it gave: the trusted part with the established member's.
    await castVote(established, { kind: "question", id: question }, 1);
    expect(await fresh(author.id)).toMatchObject({ reputation: 11, trustedReputation: 1 });
    await castVote(ring[0]!, { kind: "question", id: question }, 1);
    expect(await fresh(author.id)).toMatchObject({ reputation: 1, trustedReputation: 1 });
  });

  test("an unconfirmed e-mail or a young account is not established, however much it has", async () => {
    const author = await createMember(db());
    const question = await askAs(author);
    const unconfirmed = await createMember(db(), { reputation: 5_000 });
    const old = new Date(Date.now() - (ESTABLISHED_ACCOUNT_DAYS + 1) * 86_400_000);
    await db()
      .update(users)
      .set({ createdAt: old, emailVerifiedAt: null })
      .where(eq(users.id, unconfirmed.id));
    const young = await createMember(db(), { reputation: 5_000 });
    await castVote(unconfirmed, { kind: "question", id: question }, 1);
    await castVote(young, { kind: "question", id: question }, 1);
    expect(await fresh(author.id)).toMatchObject({ reputation: 21, trustedReputation: 1 });
  });
});
