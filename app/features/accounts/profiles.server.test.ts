import { describe, expect, test } from "vitest";
import { answers, follows, posts, questions } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import {
  getProfile,
  listProfileAnswers,
  listProfilePosts,
  listProfileQuestions,
  PROFILE_PAGE_SIZE,
} from "./profiles.server.ts";

const db = setupTestDatabase();

describe("profiles", () => {
  test("an unknown handle is missing; a handle is found in any case", async () => {
    expect(await getProfile("ninguem-aqui")).toEqual({ status: "missing" });
    const ana = await createMember(db(), { handle: "ana-perfil", name: "Ana Perfil" });
    const found = await getProfile("ANA-Perfil");
    expect(found).toMatchObject({
      status: "found",
      profile: { id: ana.id, handle: "ana-perfil", verified: true },
    });
  });

  test("counts and lists leave out removed content, newest first, paginated", async () => {
    const ana = await createMember(db());
    const bia = await createMember(db());
    const base = Date.UTC(2026, 0, 1);
    const created = await db()
      .insert(questions)
      .values(
        Array.from({ length: PROFILE_PAGE_SIZE + 2 }, (_, i) => ({
          authorId: ana.id,
          title: `Pergunta ${i + 1}`,
          description: "<p>x</p>",
          createdAt: new Date(base + i * 60_000),
        })),
      )
      .returning({ id: questions.id });
    await db()
      .insert(questions)
      .values({ authorId: ana.id, title: "Removida", description: "x", deletedAt: new Date() });
    const [removedQuestion] = await db()
      .insert(questions)
      .values({ authorId: bia.id, title: "Da Bia, removida", description: "x", deletedAt: new Date() })
      .returning({ id: questions.id });
    const [answer] = await db()
      .insert(answers)
      .values([
        { questionId: created[0]!.id, authorId: bia.id, body: "<p>Boa</p>" },
        { questionId: removedQuestion!.id, authorId: bia.id, body: "<p>Em pergunta removida</p>" },
      ])
      .returning({ id: answers.id });
    await db().update(questions).set({ acceptedAnswerId: answer!.id });
    await db()
      .insert(posts)
      .values({ authorId: ana.id, slug: `post-${ana.id}`, title: "Meu post", body: "<p>x</p>" });
    await db().insert(follows).values({ followerId: bia.id, followeeId: ana.id });

    const lookup = await getProfile(ana.handle);
    expect(lookup.status === "found" && lookup.profile.counts).toEqual({
      questions: PROFILE_PAGE_SIZE + 2,
      answers: 0,
      posts: 1,
      followers: 1,
      following: 0,
    });
    const biaLookup = await getProfile(bia.handle);
    expect(biaLookup.status === "found" && biaLookup.profile.counts.answers).toBe(1);

    const first = await listProfileQuestions(ana.id, 1);
    expect(first).toHaveLength(PROFILE_PAGE_SIZE);
    expect(first[0]?.title).toBe(`Pergunta ${PROFILE_PAGE_SIZE + 2}`);
    const second = await listProfileQuestions(ana.id, 2);
    expect(second.map((q) => q.title)).toEqual(["Pergunta 2", "Pergunta 1"]);

    const biaAnswers = await listProfileAnswers(bia.id, 1);
    expect(biaAnswers).toEqual([
      expect.objectContaining({ questionId: created[0]!.id, questionTitle: "Pergunta 1", accepted: true }),
    ]);
    expect((await listProfilePosts(ana.id, 1)).map((p) => p.title)).toEqual(["Meu post"]);
  });
});
