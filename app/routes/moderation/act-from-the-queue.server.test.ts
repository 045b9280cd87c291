// A moderator's busy day from the review queue: suspending a card's author removes the card's item too (unless
// unticked), and closing a question from its card settles the flags that asked for it, so it leaves the queue.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { flags, questions } from "#db/schema.ts";
import { flagContent } from "#app/features/moderation/flags.server.ts";
import { listReviewQueue } from "#app/features/moderation/review-queue.server.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { actionArgs } from "#tests/support/route-calls.ts";
import { action as profileAction } from "../profile/profile.tsx";
import { action as questionAction } from "../questions/question-detail.tsx";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

const openFlagsOn = async (id: number) =>
  (await db().select().from(flags).where(eq(flags.targetId, id))).filter(
    (f) => f.targetKind === "question" && f.status === "open",
  );

describe("acting from the review queue", () => {
  test("suspending a card's author removes the card's item with it; unticked, the item stays", async () => {
    const spam = await askAs(people.author);
    await flagContent(people.other, { kind: "question", id: spam, reason: "spam" });
    const answer = await profileAction(
      actionArgs(
        `/u/${people.author.handle}`,
        people.moderator,
        {
          intent: "suspend",
          days: "7",
          reason: "Propaganda.",
          returnTo: "/revisao?tipo=sinalizacoes",
          remove: "on",
          removeKind: "question",
          removeId: String(spam),
        },
        { handle: people.author.handle },
      ),
    );
    // Back to the same filter of the queue.
    expect((answer as Response).headers.get("location")).toBe("/revisao?tipo=sinalizacoes");
    const [row] = await db().select().from(questions).where(eq(questions.id, spam));
    expect(row?.deletedAt).not.toBeNull();
    expect(await openFlagsOn(spam)).toEqual([]);

    const kept = await askAs(people.rich);
    await flagContent(people.other, { kind: "question", id: kept, reason: "spam" });
    await profileAction(
      actionArgs(
        `/u/${people.rich.handle}`,
        people.moderator,
        { intent: "suspend", days: "1", reason: "Aviso.", removeKind: "question", removeId: String(kept) },
        { handle: people.rich.handle },
      ),
    ).catch(() => undefined);
    const [stays] = await db().select().from(questions).where(eq(questions.id, kept));
    expect(stays?.deletedAt).toBeNull();
    expect((await openFlagsOn(kept)).map((f) => f.reason)).toContain("spam");
  });

  test("closing a question from its card settles its flags: it leaves the queue", async () => {
    const asked = await askAs(people.other);
    await flagContent(people.rich, { kind: "question", id: asked, reason: "needs_improvement" });
    const before = await listReviewQueue(people.moderator, "todos", 1);
    expect(before.cards.some((c) => c.key.endsWith(`question-${asked}`))).toBe(true);
    await questionAction(
      actionArgs(
        `/questions/${asked}`,
        people.moderator,
        { intent: "close-vote", reason: "needs_details", returnTo: "/revisao" },
        { id: String(asked) },
      ),
    ).catch(() => undefined);
    const [row] = await db().select().from(questions).where(eq(questions.id, asked));
    expect(row?.closedAt).not.toBeNull();
    expect(await openFlagsOn(asked)).toEqual([]);
    const after = await listReviewQueue(people.moderator, "todos", 1);
    expect(after.cards.some((c) => c.key.endsWith(`question-${asked}`))).toBe(false);
  });
});
