// The access matrix of the privileges earned by reputation: for every gate, a member just below its reputation
// is refused (403) with the message that says how much is missing, a member at it is let through, and a
// moderator (with the reputation of a newcomer) always is. The numbers come from rules.ts.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { answers, questions, suggestedEdits } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { addPostComment } from "#app/features/posts/comments.server.ts";
import { publish } from "#tests/support/posts.ts";
import { createAnswer, updateAnswer } from "#app/features/questions/answers.server.ts";
import { addComment } from "#app/features/questions/comments.server.ts";
import { updateQuestion } from "#app/features/questions/question-writes.server.ts";
import { askAs, questionInput } from "#tests/support/questions.ts";
import { castVote } from "#app/features/questions/votes.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import {
  editMode,
  hasPrivilege,
  missingReputation,
  PRIVILEGES,
  privilegeMessage,
  privilegesByReputation,
  SUGGESTED_EDIT_MESSAGES,
  type Privilege,
} from "#app/features/moderation/rules.ts";
import { tooManyLinksMessage } from "#app/features/moderation/spam-defences.server.ts";

const db = setupTestDatabase();
let author: Viewer;
let moderator: Viewer;
beforeAll(async () => {
  author = await createMember(db(), { name: "Autora", reputation: 5000 });
  moderator = await createMember(db(), { role: "moderator", name: "Moderação" });
});

const member = (reputation: number) => createMember(db(), { reputation });
const COMMENT = "Um comentário com texto suficiente para passar.";
const THREE_LINKS =
  '<p>Veja <a href="https://a.example">a</a>, <a href="https://b.example">b</a> e <a href="https://c.example">c</a>, com a explicação inteira.</p>';

type Gate = {
  privilege: Privilege;
  name: string;
  /** Does the gated thing as `viewer`; resolves when allowed. */
  act: (viewer: Viewer) => Promise<unknown>;
  /** How a refusal reads: a 403 by default, the link limit's own 400. */
  refusal?: (missing: number) => { code: string; status: number; message: string; field?: string };
};

const GATES: Gate[] = [
  {
    privilege: "voteUp",
    name: "votar positivamente numa pergunta",
    act: async (viewer) => castVote(viewer, { kind: "question", id: await askAs(author) }, 1),
  },
  {
    privilege: "voteUp",
    name: "votar positivamente numa resposta",
    act: async (viewer) => {
      const { id } = await createAnswer(
        author,
        await askAs(author),
        "<p>Uma resposta. (com texto o bastante para uma resposta)</p>",
      );
      return castVote(viewer, { kind: "answer", id }, 1);
    },
  },
  {
    privilege: "voteDown",
    name: "votar negativamente numa pergunta",
    act: async (viewer) => castVote(viewer, { kind: "question", id: await askAs(author) }, -1),
  },
  {
    privilege: "voteDown",
    name: "votar negativamente numa resposta",
    act: async (viewer) => {
      const { id } = await createAnswer(
        author,
        await askAs(author),
        "<p>Uma resposta. (com texto o bastante para uma resposta)</p>",
      );
      return castVote(viewer, { kind: "answer", id }, -1);
    },
  },
  {
    privilege: "participate",
    name: "comentar numa pergunta",
    act: async (viewer) => addComment(viewer, { kind: "question", id: await askAs(author) }, COMMENT),
  },
  {
    privilege: "participate",
    name: "comentar num post",
    act: async (viewer) => addPostComment(viewer, (await publish(author)).id, { body: COMMENT }),
  },
  {
    privilege: "postLinksFreely",
    name: "responder com mais links do que uma conta nova pode",
    act: async (viewer) => createAnswer(viewer, await askAs(author), THREE_LINKS),
    refusal: (missing) => ({
      code: "validation",
      status: 400,
      field: "body",
      message: tooManyLinksMessage(3, missing),
    }),
  },
];

describe("the access matrix", () => {
  test.each(GATES)("$privilege — $name", async (gate) => {
    const needed = PRIVILEGES[gate.privilege].reputation;
    const below = await member(needed - 1);
    const expected = gate.refusal?.(1) ?? {
      code: "forbidden",
      status: 403,
      message: privilegeMessage(gate.privilege, 1),
    };
    await expect(gate.act(below)).rejects.toMatchObject(expected);
    await expect(gate.act(await member(needed))).resolves.toBeDefined();
    await expect(gate.act(moderator)).resolves.toBeDefined();
  });

  test("a fresh member's vote down says how much reputation is missing", async () => {
    const fresh = await member(1);
    const id = await askAs(author);
    await expect(castVote(fresh, { kind: "question", id }, -1)).rejects.toMatchObject({
      status: 403,
      message: "Votar negativamente exige 125 pontos de reputação. Faltam 124 pontos.",
    });
    const [row] = await db().select({ score: questions.score }).from(questions).where(eq(questions.id, id));
    expect(row?.score).toBe(0);
  });

  test("taking a vote back needs no privilege (a member whose reputation fell keeps control of their vote)", async () => {
    const id = await askAs(author);
    const voter = await member(PRIVILEGES.voteDown.reputation);
    await castVote(voter, { kind: "question", id }, -1);
    await expect(castVote({ ...voter, reputation: 1 }, { kind: "question", id }, -1)).resolves.toEqual({
      score: 0,
      myVote: 0,
    });
  });

  test("editing others' content: below editDirectly it is suggested, at it and as a moderator it is direct", async () => {
    const needed = PRIVILEGES.editDirectly.reputation;
    const below = await member(needed - 1);
    const id = await askAs(author);
    const edit = questionInput({ title: "Um título sugerido por outra pessoa" });
    await expect(updateQuestion(below, id, edit)).resolves.toMatchObject({
      suggested: true,
      message: SUGGESTED_EDIT_MESSAGES.sent,
    });
    const [unchanged] = await db()
      .select({ title: questions.title })
      .from(questions)
      .where(eq(questions.id, id));
    expect(unchanged?.title).not.toBe(edit.title);

    const direct = await member(needed);
    await expect(
      updateQuestion(direct, id, questionInput({ title: "Um título editado diretamente" })),
    ).resolves.toMatchObject({ changed: true });
    await expect(
      updateQuestion(moderator, id, questionInput({ title: "Um título editado pela moderação" })),
    ).resolves.toMatchObject({ changed: true });

    const { id: answerId } = await createAnswer(
      author,
      id,
      "<p>Resposta original. (com texto o bastante para uma resposta)</p>",
    );
    await expect(
      updateAnswer(below, answerId, "<p>Resposta sugerida. (com texto o bastante para uma resposta)</p>"),
    ).resolves.toMatchObject({
      suggested: true,
    });
    await expect(
      updateAnswer(direct, answerId, "<p>Resposta editada. (com texto o bastante para uma resposta)</p>"),
    ).resolves.toMatchObject({
      changed: true,
    });
    const [answer] = await db().select({ body: answers.body }).from(answers).where(eq(answers.id, answerId));
    expect(answer?.body).toBe("<p>Resposta editada. (com texto o bastante para uma resposta)</p>");
  });
});

describe("suggested edits", () => {
  test("one pending per member and item: a second suggestion replaces the first and says so", async () => {
    const suggester = await member(1);
    const id = await askAs(author);
    await updateQuestion(suggester, id, questionInput({ title: "Primeira sugestão de título" }));
    await expect(
      updateQuestion(suggester, id, questionInput({ title: "Segunda sugestão de título" })),
    ).resolves.toMatchObject({ suggested: true, message: SUGGESTED_EDIT_MESSAGES.replaced });
    const rows = await db()
      .select()
      .from(suggestedEdits)
      .where(and(eq(suggestedEdits.targetKind, "question"), eq(suggestedEdits.targetId, id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      editorId: suggester.id,
      status: "pending",
      title: "Segunda sugestão de título",
      tags: ["javascript"],
    });
    // Another member's suggestion is their own.
    await updateQuestion(await member(1), id, questionInput({ title: "Sugestão de outra pessoa" }));
    expect(
      await db()
        .select()
        .from(suggestedEdits)
        .where(and(eq(suggestedEdits.targetKind, "question"), eq(suggestedEdits.targetId, id))),
    ).toHaveLength(2);
  });

  test("the author always edits their own content directly, whatever their reputation", async () => {
    const newcomer = await member(1);
    const id = await askAs(newcomer);
    await expect(
      updateQuestion(newcomer, id, questionInput({ title: "A autora muda o próprio título" })),
    ).resolves.toMatchObject({ changed: true });
    expect(editMode(newcomer, newcomer.id)).toBe("direct");
    expect(editMode(newcomer, author.id)).toBe("suggest");
    expect(editMode(null, author.id)).toBeNull();
  });
});

describe("the rules", () => {
  test("moderators hold every privilege; members by reputation", async () => {
    const fresh = await member(1);
    for (const { key, reputation } of privilegesByReputation()) {
      expect(hasPrivilege(moderator, key)).toBe(true);
      expect(missingReputation(fresh, key)).toBe(Math.max(0, reputation - 1));
    }
    expect(hasPrivilege(null, "voteUp")).toBe(false);
  });

  test("the privileges page's order is by reputation", () => {
    const list = privilegesByReputation().map((p) => p.reputation);
    expect(list).toEqual([...list].sort((a, b) => a - b));
    expect(list).toHaveLength(Object.keys(PRIVILEGES).length);
  });
});
