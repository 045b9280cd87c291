// The queue a moderator works from: spam and abuse first, then members' other flags, held content, first posts
// and edits (each group oldest first), and how many each tab holds.
import { beforeAll, describe, expect, test } from "vitest";
import { flags, suggestedEdits } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { questionBy } from "#tests/support/moderation.ts";
import { listReviewQueue, reviewQueueCounts } from "./review-queue.server.ts";

const db = setupTestDatabase();
let moderator: Viewer;
let author: Viewer;
let flagger: Viewer;
beforeAll(async () => {
  moderator = await createMember(db(), { role: "moderator" });
  author = await createMember(db());
  flagger = await createMember(db());
});

describe("the review queue", () => {
  test("spam flagged by members comes before older flags, held content, first posts and edits; the tabs count their items", async () => {
    const firstPost = await questionBy(author);
    const edited = await questionBy(author);
    const spam = await questionBy(author);
    const toImprove = await questionBy(author);
    const held = await questionBy(author);
    const long = new Date(Date.now() - 60 * 60 * 1000);
    await db()
      .insert(flags)
      .values([
        {
          targetKind: "question",
          targetId: firstPost.id,
          authorId: author.id,
          reason: "first_post",
          createdAt: long,
        },
        {
          targetKind: "question",
          targetId: held.id,
          authorId: author.id,
          reason: "held",
          createdAt: long,
        },
        {
          targetKind: "question",
          targetId: toImprove.id,
          authorId: author.id,
          reporterId: flagger.id,
          reason: "needs_improvement",
          createdAt: long,
        },
        {
          targetKind: "question",
          targetId: spam.id,
          authorId: author.id,
          reporterId: flagger.id,
          reason: "spam",
        },
      ]);
    await db().insert(suggestedEdits).values({
      targetKind: "question",
      targetId: edited.id,
      editorId: flagger.id,
      body: "<p>Uma descrição melhor, sugerida por outra pessoa da comunidade.</p>",
      createdAt: long,
    });

    const queue = await listReviewQueue(moderator, "todos", 1);
    expect(queue.cards.map((card) => card.key)).toEqual([
      `question-${spam.id}`,
      `question-${toImprove.id}`,
      `question-${held.id}`,
      `question-${firstPost.id}`,
      expect.stringMatching(/^edit-\d+$/),
    ]);
    expect(await reviewQueueCounts(moderator)).toEqual({
      todos: 5,
      sinalizacoes: 2,
      primeiras: 1,
      retidos: 1,
      edicoes: 1,
    });
  });
});
