import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { answers, memberBlocks, notifications, questions } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { askAs, cast } from "#tests/support/questions.ts";
import { createAnswer } from "#app/features/questions/answers.server.ts";
import { addComment } from "#app/features/questions/comments.server.ts";
import { MENTIONS_NOTIFIED } from "#app/lib/mentions.ts";

const db = setupTestDatabase();
let people: Awaited<ReturnType<typeof cast>>;
beforeAll(async () => {
  people = await cast(db());
});

async function mentionsOf(userId: number) {
  return db()
    .select({ title: notifications.title, url: notifications.url })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "mention")));
}

describe("@mentions", () => {
  test("an answer links a mentioned member and tells them once; code, unknown handles and blocks tell nobody", async () => {
    const ana = await createMember(db(), { name: "Ana Mencionada" });
    const bia = await createMember(db(), { name: "Bia Bloqueou" });
    await db().insert(memberBlocks).values({ blockerId: bia.id, blockedId: people.other.id });
    const id = await askAs(people.author, { title: "Como citar alguém numa resposta do site?" });
    const { id: answerId } = await createAnswer(
      people.other,
      id,
      `<p>Como @${ana.handle} explicou, e @${bia.handle} também; @ninguem-aqui não existe.</p><pre><code>@${ana.handle}</code></pre>`,
    );
    const [row] = await db().select({ body: answers.body }).from(answers).where(eq(answers.id, answerId));
    expect(row?.body).toContain(`<a href="/u/${ana.handle}"`);
    expect(row?.body).toContain("@ninguem-aqui");
    expect(row?.body).not.toContain('href="/u/ninguem-aqui"');
    expect(await mentionsOf(ana.id)).toEqual([
      {
        title: `${people.other.name} mencionou você numa resposta em "Como citar alguém numa resposta do site?"`,
        url: `/questions/${id}#resposta-${answerId}`,
      },
    ]);
    // Bia blocked the answerer: she hears nothing from them.
    expect(await mentionsOf(bia.id)).toEqual([]);
  });

  test("a question links the members its texts mention and tells them once, never the asker", async () => {
    const dani = await createMember(db(), { name: "Dani Chamada" });
    const title = "Uma pergunta que chama alguém pelo nome";
    const id = await askAs(people.other, {
      title,
      description: `<p>Pergunta para @${dani.handle}, que já passou por isso.</p>`,
      details: `<p>Tentei o que @${dani.handle} sugeriu e também perguntei a @${people.other.handle}.</p>`,
    });
    const [row] = await db()
      .select({ description: questions.description, details: questions.details })
      .from(questions)
      .where(eq(questions.id, id));
    expect(row?.description).toContain(`<a href="/u/${dani.handle}"`);
    expect(row?.details).toContain(`<a href="/u/${dani.handle}"`);
    expect(await mentionsOf(dani.id)).toEqual([
      { title: `${people.other.name} mencionou você na pergunta "${title}"`, url: `/questions/${id}` },
    ]);
    expect(await mentionsOf(people.other.id)).toEqual([]);
  });

  test(`at most ${MENTIONS_NOTIFIED} members are told of one item`, async () => {
    const many = await Promise.all(Array.from({ length: MENTIONS_NOTIFIED + 2 }, () => createMember(db())));
    const id = await askAs(people.author);
    await createAnswer(
      people.other,
      id,
      `<p>Chamando ${many.map((m) => `@${m.handle}`).join(" ")} para ajudar.</p>`,
    );
    const told = await Promise.all(many.map(async (m) => (await mentionsOf(m.id)).length));
    expect(told).toEqual([...Array(MENTIONS_NOTIFIED).fill(1), 0, 0]);
  });

  test("a comment tells the member it mentions (as on Stack Overflow, the comment's text stays as typed)", async () => {
    const caio = await createMember(db(), { name: "Caio Citado" });
    const id = await askAs(people.author, { title: "Uma pergunta para comentar com menção" });
    await addComment(people.other, { kind: "question", id }, `@${caio.handle} você viu esse caso parecido?`);
    expect((await mentionsOf(caio.id)).map((n) => n.title)).toEqual([
      `${people.other.name} mencionou você num comentário em "Uma pergunta para comentar com menção"`,
    ]);
  });

  test("the asker mentioned in an answer, or an author in a comment on their question, is told once, not twice", async () => {
    const asker = await createMember(db(), { name: "Quem Perguntou" });
    const id = await askAs(asker, { title: "Uma pergunta cujo autor é citado" });
    await createAnswer(people.other, id, `<p>Como @${asker.handle} disse, o erro some com a flag certa.</p>`);
    await addComment(people.rich, { kind: "question", id }, `@${asker.handle} qual versão você usa?`);
    const kinds = await db()
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, asker.id));
    expect(kinds.map((n) => n.kind).sort()).toEqual(["answer", "comment"]);
  });
});
