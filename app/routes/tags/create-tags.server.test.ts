// Creating a tag is a privilege once someone on the site holds it; a young site lets every member create. Checked
// where tags are created: asking, editing and suggesting, posts, and the "Criar tag" form of /tags.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blockedTerms, tags, users } from "#db/schema.ts";
import { createMember } from "#tests/support/factories.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { actionArgs, statusOf } from "#tests/support/route-calls.ts";
import { action as askAction } from "#app/routes/questions/ask-question.tsx";
import { createPost } from "#app/features/posts/posts.server.ts";
import { forgetBlockedTerms } from "#app/features/moderation/spam-defences.server.ts";
import { createQuestion, updateQuestion } from "#app/features/questions/question-writes.server.ts";
import { PRIVILEGES, TRUSTED_REPUTATION_NOTE } from "#app/features/moderation/rules.ts";
import { mayCreateTags, tagChoicesFor } from "#app/features/tags/tags.server.ts";
import { action as tagsAction } from "./tag-list.tsx";

const db = setupTestDatabase();
const TEXT = "Um texto com detalhes suficientes para a pergunta ser aceita pelo formulário do site.";

const question = (tagNames: string[]) => ({
  title: "Como escolher as tags de uma pergunta nova?",
  description: TEXT,
  details: TEXT,
  tags: tagNames,
});

const tagCount = async (name: string) =>
  (
    await db()
      .select()
      .from(tags)
      .where(sql`lower(${tags.name}) = ${name.toLowerCase()}`)
  ).length;

describe("creating tags", () => {
  it("is open to every member while no member holds the privilege and no moderator has started (a young site)", async () => {
    const newcomer = await createMember(db());
    expect(await mayCreateTags(db(), newcomer)).toBe(true);
    await createQuestion(newcomer, question(["primeira-tag"]));
    expect(await tagCount("primeira-tag")).toBe(1);
    // A moderator who has not turned two-factor sign-in on acts as a member: the site is still young.
    await createMember(db(), { role: "moderator", totpSecret: null });
    expect(await mayCreateTags(db(), newcomer)).toBe(true);
    // Once a moderator has started, they curate the tags: down-votes on the members cannot reopen it.
    await createMember(db(), { role: "moderator" });
    expect(await mayCreateTags(db(), newcomer)).toBe(false);
  });

  it("asks for the privilege once a member holds it, saying how much is missing, next to the tags field", async () => {
    await createMember(db(), { reputation: 400 });
    const newcomer = await createMember(db(), { reputation: 40 });
    expect(await mayCreateTags(db(), newcomer)).toBe(false);
    const missing = PRIVILEGES.createTag.reputation - 40;
    await expect(createQuestion(newcomer, question(["tag-que-nao-existe"]))).rejects.toMatchObject({
      code: "validation",
      field: "tags",
      message: `A tag “tag-que-nao-existe” ainda não existe. Criar tags exige 150 pontos de reputação. Faltam ${missing} pontos. ${TRUSTED_REPUTATION_NOTE} Escolha uma tag da lista.`,
    });
    expect(await tagCount("tag-que-nao-existe")).toBe(0);
    // Through the form: a 400 with the message for the field, nothing created.
    const status = await statusOf(() =>
      askAction(
        actionArgs("/questions/ask", newcomer, {
          title: "Como escolher as tags de uma pergunta nova?",
          description: TEXT,
          details: TEXT,
          tags: "outra-tag-nova",
        }),
      ),
    );
    expect(status).toBe(400);
    expect(await tagCount("outra-tag-nova")).toBe(0);
    await expect(
      createPost(newcomer, {
        title: "Um post com uma tag nova",
        description: "Resumo do post",
        body: `<p>${TEXT}</p>`,
        category: "desenvolvimento",
        tags: ["tag-de-post-nova"],
        bodyFormat: "html",
      }),
    ).rejects.toMatchObject({ code: "validation", field: "tags" });
  });

  it("leaves existing tags open to everyone, in any spelling", async () => {
    const newcomer = await createMember(db());
    const { id } = await createQuestion(newcomer, question(["PRIMEIRA-TAG"]));
    expect(id).toBeGreaterThan(0);
  });

  it("counts only the trusted reputation, so votes from a ring of new accounts do not buy it", async () => {
    const farmed = await createMember(db(), { reputation: 500, trustedReputation: 20 });
    expect(await mayCreateTags(db(), farmed)).toBe(false);
    await expect(createQuestion(farmed, question(["tag-da-rede"]))).rejects.toMatchObject({ field: "tags" });
  });

  it("is held by members with the reputation and by moderators, and checked on edits and suggestions too", async () => {
    const established = await createMember(db(), { reputation: 150 });
    await createQuestion(established, question(["tag-de-quem-pode"]));
    const moderator = await createMember(db(), { role: "moderator" });
    await createQuestion(moderator, question(["tag-da-moderacao"]));
    expect(await tagCount("tag-de-quem-pode")).toBe(1);
    expect(await tagCount("tag-da-moderacao")).toBe(1);

    const newcomer = await createMember(db());
    const { id } = await createQuestion(newcomer, question(["primeira-tag"]));
    await expect(
      updateQuestion(newcomer, id, { ...question(["primeira-tag", "tag-na-edicao"]), summary: "" }),
    ).rejects.toMatchObject({ field: "tags" });
    // A suggested edit of someone else's question waits for review with the suggester's tags: refused now.
    const others = await createQuestion(established, question(["primeira-tag"]));
    await expect(
      updateQuestion(newcomer, others.id, { ...question(["tag-sugerida"]), summary: "Melhores tags" }),
    ).rejects.toMatchObject({ field: "tags" });
  });

  it("tells the form's selector whether to offer creating", async () => {
    const newcomer = await createMember(db());
    expect((await tagChoicesFor(newcomer)).canCreateTags).toBe(false);
    const [row] = await db().select().from(users).where(eq(users.id, newcomer.id));
    expect(row?.reputation).toBe(1);
    const moderator = await createMember(db(), { role: "moderator" });
    expect((await tagChoicesFor(moderator)).canCreateTags).toBe(true);
  });

  it("on /tags, makes a tag with its description for those who may, and refuses everyone else beside the field", async () => {
    const moderator = await createMember(db(), { role: "moderator" });
    const made = await tagsAction(
      actionArgs("/tags", moderator, { name: "  Observabilidade ", description: "Logs, métricas e traços." }),
    );
    expect((made as Response).status).toBe(302);
    expect((made as Response).headers.get("Location")).toBe("/tags?q=Observabilidade");
    const [row] = await db().select().from(tags).where(eq(tags.name, "Observabilidade"));
    expect(row?.description).toBe("Logs, métricas e traços.");

    const again = await statusOf(() =>
      tagsAction(actionArgs("/tags", moderator, { name: "observabilidade", description: "" })),
    );
    expect(again).toBe(409);
    const newcomer = await createMember(db());
    const refused = (await tagsAction(
      actionArgs("/tags", newcomer, { name: "outra-nova", description: "" }),
    )) as unknown as { data: { errors: { name?: string } }; init: { status: number } };
    expect(refused.init.status).toBe(403);
    expect(refused.data.errors.name).toMatch(
      /^Criar tags exige 150 pontos de reputação\. Faltam 149 pontos\./,
    );
    expect(await tagCount("outra-nova")).toBe(0);
    expect(
      await statusOf(() => tagsAction(actionArgs("/tags", moderator, { name: "a, b", description: "" }))),
    ).toBe(400);
    expect(
      await statusOf(() =>
        tagsAction(actionArgs("/tags", moderator, { name: "longa", description: "x".repeat(301) })),
      ),
    ).toBe(400);
    // A visitor is sent to sign in, nothing made.
    expect(await statusOf(() => tagsAction(actionArgs("/tags", null, { name: "x", description: "" })))).toBe(
      302,
    );
    expect(await tagCount("x")).toBe(0);
  });

  it("refuses a new tag with a blocked word, whoever creates it", async () => {
    const established = await createMember(db(), { reputation: 300 });
    await db().insert(blockedTerms).values({ kind: "word", value: "cassino" });
    forgetBlockedTerms();
    await expect(createQuestion(established, question(["cassino-online"]))).rejects.toMatchObject({
      field: "tags",
      message: "A tag “cassino-online” não é permitida. Escolha uma tag da lista.",
    });
    expect(await tagCount("cassino-online")).toBe(0);
  });
});
