import { beforeAll, describe, expect, it } from "vitest";
import { answers, posts, questions, questionTags, tags, users } from "#db/schema.ts";
import { createMember } from "#tests/support/factories.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { sql } from "drizzle-orm";
import { newestMatches } from "./newest-matches.server.ts";
import { quickSearch, search } from "./search.server.ts";
import { SEARCH_STATEMENT_TIMEOUT_MS } from "./search-statements.server.ts";
import { parseSearchQuery, snippetParts } from "./search-query.ts";
import { eq } from "drizzle-orm";

describe("search", () => {
  const db = setupTestDatabase();
  const ids = { promises: 0, session: 0, join: 0, loop: 0 };

  beforeAll(async () => {
    const ana = await createMember(db(), { name: "Ana Beatriz Souza", handle: "anabia" });
    const joao = await createMember(db(), { name: "João Pedro Lima", handle: "joaopl" });
    await db().update(users).set({ bio: "Apaixonado por bancos de dados" }).where(eq(users.id, joao.id));
    const [sql, js] = await db()
      .insert(tags)
      .values([
        { name: "sql", slug: "sql", questionCount: 1 },
        { name: "javascript", slug: "javascript", questionCount: 2 },
      ])
      .returning();
    const inserted = await db()
      .insert(questions)
      .values([
        {
          authorId: ana.id,
          title: "Como tratar erros em promessas no JavaScript?",
          description: "<p>Minhas promessas rejeitadas somem sem mensagem nenhuma no console.</p>",
          details: "<p>Tentei usar try/catch fora do await.</p>",
          answerCount: 1,
          createdAt: new Date(Date.now() - 86400000),
        },
        {
          authorId: joao.id,
          title: "Sessão expirando rápido demais no servidor",
          description: "<p>A sessão do usuário cai depois de cinco minutos.</p>",
          createdAt: new Date(Date.now() - 2 * 86400000),
        },
        {
          authorId: joao.id,
          title: "Consulta lenta com JOIN em tabelas grandes",
          description: "<p>O event loop não tem nada a ver, é o banco: a consulta demora.</p>",
          createdAt: new Date(Date.now() - 3 * 86400000),
        },
        {
          authorId: ana.id,
          title: "Entendendo o event loop do JavaScript",
          description: "<p>Por que o setTimeout com zero não roda na hora?</p>",
          createdAt: new Date(Date.now() - 400 * 86400000),
        },
      ])
      .returning({ id: questions.id });
    [ids.promises, ids.session, ids.join, ids.loop] = inserted.map((q) => q.id) as [
      number,
      number,
      number,
      number,
    ];
    await db()
      .insert(questionTags)
      .values([
        { questionId: ids.promises, tagId: js!.id },
        { questionId: ids.loop, tagId: js!.id },
        { questionId: ids.join, tagId: sql!.id },
      ]);
    const [answer] = await db()
      .insert(answers)
      .values({
        questionId: ids.promises,
        authorId: joao.id,
        body: "<p>Use um manipulador de rejeições não tratadas.</p>",
      })
      .returning();
    await db().update(questions).set({ acceptedAnswerId: answer!.id }).where(eq(questions.id, ids.promises));
    await db().insert(posts).values({
      slug: "guia-de-indices",
      authorId: joao.id,
      title: "Um guia de índices no PostgreSQL",
      description: "Quando um índice ajuda uma consulta e quando atrapalha.",
      body: "<p>Índices GIN para busca textual.</p>",
    });
  });

  const questionIds = async (q: string) => (await search(q, "questions", 1)).page.items.map((i) => i.id);

  it("takes candidates from the newest ids first, looking further back only when they are too few", async () => {
    const firstWindow = 1;
    // "javascript" is in the newest question and in the oldest: the first look fills a limit of one with the
    // newest match.
    expect(await newestMatches("questions", "javascript", sql`true`, { limit: 1, firstWindow })).toEqual([
      ids.loop,
    ]);
    // A limit of two needs a look further back: newest first.
    expect(await newestMatches("questions", "javascript", sql`true`, { limit: 2, firstWindow })).toEqual([
      ids.loop,
      ids.promises,
    ]);
    // A word only the oldest question has is still found.
    expect(await newestMatches("questions", "promessas", sql`true`, { limit: 5, firstWindow })).toEqual([
      ids.promises,
    ]);
    // Answers give their questions' ids.
    expect(await newestMatches("answers", "rejeições", sql`true`, { firstWindow })).toEqual([ids.promises]);
  });

  it("reads %, _, quotes and * as typed, not as every member and every tag", async () => {
    for (const typed of ["%", "_", '"', "*", "%a", "_o"]) {
      const { totals } = await search(typed, "members", 1);
      expect({ typed, members: totals.members, tags: totals.tags }).toEqual({ typed, members: 0, tags: 0 });
    }
    // A handle's prefix is still a prefix.
    expect((await search("joao", "members", 1)).totals.members).toBe(1);
  });

  it("matches Portuguese stems (plural and singular)", async () => {
    expect(await questionIds("promessa")).toEqual([ids.promises]);
    expect(await questionIds("erro")).toContain(ids.promises);
  });

  it("ignores accents in either direction", async () => {
    expect(await questionIds("sessao")).toEqual([ids.session]);
    expect(await questionIds("SESSÃO expirando")).toEqual([ids.session]);
  });

  it("finds a question through the text of its answers", async () => {
    expect(await questionIds("rejeições tratadas")).toEqual([ids.promises]);
  });

  it("ranks title matches and fresher questions first", async () => {
    const found = await questionIds("event loop");
    expect(found[0]).toBe(ids.loop);
    expect(found).toContain(ids.join);
  });

  it("searches phrases", async () => {
    expect(await questionIds('"loop não tem"')).toEqual([ids.join]);
  });

  it("forgives misspellings with trigram similarity", async () => {
    expect(await questionIds("javscript")).toContain(ids.loop);
    const members = (await search("Beatris", "members", 1)).page.items.map(
      (m) => m.kind === "members" && m.handle,
    );
    expect(members).toContain("anabia");
  });

  it("applies [tag], user:, is:answered and is:accepted", async () => {
    expect((await questionIds("[javascript]")).sort()).toEqual([ids.promises, ids.loop].sort());
    expect(await questionIds("[sql] consulta")).toEqual([ids.join]);
    expect((await questionIds("user:joaopl")).sort()).toEqual([ids.session, ids.join].sort());
    expect(await questionIds("is:answered")).toEqual([ids.promises]);
    expect(await questionIds("[javascript] is:accepted")).toEqual([ids.promises]);
    expect(parseSearchQuery("is:accepted").accepted).toBe(true);
  });

  it("applies is:closed and is:open, and marks closed questions", async () => {
    await db()
      .update(questions)
      .set({ closedAt: new Date(), closeReason: "duplicate", duplicateOfId: ids.promises })
      .where(eq(questions.id, ids.session));
    try {
      expect(await questionIds("is:closed")).toEqual([ids.session]);
      expect(await questionIds("sessão is:closed")).toEqual([ids.session]);
      expect(await questionIds("sessão is:open")).toEqual([]);
      expect((await questionIds("user:joaopl is:open")).sort()).toEqual([ids.join]);
      const [hit] = (await search("sessão", "questions", 1)).page.items;
      expect(hit).toMatchObject({ id: ids.session, closed: "duplicate" });
      // Closing is about questions: posts, members and tags find nothing for it.
      expect((await search("índices is:open", "posts", 1)).totals).toMatchObject({ posts: 0, members: 0 });
    } finally {
      await db()
        .update(questions)
        .set({ closedAt: null, closeReason: null, duplicateOfId: null })
        .where(eq(questions.id, ids.session));
    }
  });

  it("highlights the matched words in snippets", async () => {
    const [hit] = (await search("promessas rejeitadas", "questions", 1)).page.items;
    expect(hit?.kind).toBe("questions");
    const parts = snippetParts(hit && "snippet" in hit ? hit.snippet : "");
    expect(parts.filter((p) => p.match).map((p) => p.text.toLowerCase())).toContain("rejeitadas");
  });

  it("keeps highlighted code whole in a snippet, and paragraphs apart", async () => {
    const [author] = await db().select({ id: users.id }).from(users).limit(1);
    await db()
      .insert(questions)
      .values({
        authorId: author!.id,
        title: "Depurador no navegador",
        description:
          '<p>O depurador mostra</p><pre><code class="language-js">' +
          '<span class="hljs-variable language_">console</span>.<span class="hljs-title function_">log</span>(resultado)' +
          "</code></pre><p>e nada mais.</p>",
      });
    const [hit] = (await search("depurador", "questions", 1)).page.items;
    const text = snippetParts(hit && "snippet" in hit ? hit.snippet : "")
      .map((part) => part.text)
      .join("");
    expect(text).toContain("mostra console.log(resultado) e nada mais");
    // A word of the code itself is found and marked, the code still whole around it.
    const [inCode] = (await search("console depurador", "questions", 1)).page.items;
    const parts = snippetParts(inCode && "snippet" in inCode ? inCode.snippet : "");
    expect(parts.map((part) => part.text).join("")).toContain("console.log(resultado)");
    expect(parts.filter((part) => part.match).map((part) => part.text.toLowerCase())).toContain("console");
  });

  it("counts each kind and pages in SQL", async () => {
    const results = await search("consulta", "questions", 1);
    expect(results.totals).toMatchObject({ questions: 1, posts: 1 });
    const secondPage = await search("javascript", "questions", 2, 1);
    expect(secondPage.page.items).toHaveLength(1);
    expect(secondPage.page.total).toBe(2);
  });

  it("gives the header box at most five results, grouped by kind", async () => {
    const { hits } = await quickSearch("consulta");
    expect(hits.length).toBeLessThanOrEqual(5);
    expect(hits.map((h) => h.kind)).toEqual(["questions", "posts"]);
    expect(await quickSearch("   ")).toEqual({ hits: [], limited: false, timedOut: false });
  });

  it("searches with many operators as with the first few, and says the rest were left out", async () => {
    const many = `[javascript] ${Array.from({ length: 30 }, (_, i) => `[nada${i}]`).join(" ")}`;
    const results = await search(many, "questions", 1);
    expect(results.parsed.limited).toBe(true);
    expect(results.parsed.tags).toHaveLength(5);
    expect((await quickSearch(many)).limited).toBe(true);
  });

  // PGlite never fires statement_timeout (the caps bound its searches); PostgreSQL must.
  it.runIf(process.env.TEST_DB_KIND === "postgres")(
    "stops a search at its statement timeout and answers that it did",
    async () => {
      // Another connection holds the questions table: the search waits until PostgreSQL cancels it.
      await db().transaction(async (tx) => {
        await tx.execute(sql`lock table questions in access exclusive mode`);
        const started = Date.now();
        const results = await search("promessas", "questions", 1);
        expect(results.timedOut).toBe(true);
        expect(results.page.items).toEqual([]);
        expect((await quickSearch("promessas")).timedOut).toBe(true);
        expect(Date.now() - started).toBeLessThan(3 * SEARCH_STATEMENT_TIMEOUT_MS + 3000);
      });
    },
  );
});
