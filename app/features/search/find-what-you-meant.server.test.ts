// Search that finds what was meant (ADR 033): tag names are words, every word of a query is a prefix, a
// swapped letter is forgiven, and plurals in -ções are their singular, on PGlite and on PostgreSQL.
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { posts, postTags, questions, questionTags, tags } from "#db/schema.ts";
import { createMember } from "#tests/support/factories.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { quickSearch, search } from "./search.server.ts";
import { editDistance } from "./spelling.server.ts";
import { textTerms } from "./search-query.ts";

describe("search that finds what was meant", () => {
  const db = setupTestDatabase();
  const ids = { effect: 0, hooks: 0, docker: 0, pandas: 0, functions: 0, function: 0, session: 0, post: 0 };
  const tagIds: Record<string, number> = {};

  beforeAll(async () => {
    const ana = await createMember(db(), { name: "Ana Beatriz Souza", handle: "anabia" });
    const names = [
      "react",
      "javascript",
      "docker",
      "postgresql",
      "linux",
      "pandas",
      "python",
      "Ciência de Dados",
    ];
    const rows = await db()
      .insert(tags)
      .values(
        names.map((name, i) => ({ name, slug: name.toLowerCase().replace(/\W+/g, "-"), questionCount: i })),
      )
      .returning();
    for (const row of rows) tagIds[row.name] = row.id;
    const day = 86_400_000;
    const inserted = await db()
      .insert(questions)
      .values([
        {
          authorId: ana.id,
          title: "Por que meu useEffect roda duas vezes no React 18?",
          description: "<p>No modo estrito o efeito roda duas vezes em desenvolvimento.</p>",
        },
        {
          authorId: ana.id,
          title: "Hooks personalizados com estado compartilhado",
          description: "<p>Quero reaproveitar a lógica entre componentes.</p>",
          createdAt: new Date(Date.now() - day),
        },
        {
          authorId: ana.id,
          title: "Contêiner Docker não conecta no PostgreSQL que roda no host",
          description: "<p>Connection refused na porta 5432.</p>",
          createdAt: new Date(Date.now() - 2 * day),
        },
        {
          authorId: ana.id,
          title: "Agrupar vendas por mês mantendo os meses sem vendas",
          description: "<p>O groupby some com os meses vazios.</p>",
          createdAt: new Date(Date.now() - 3 * day),
        },
        {
          authorId: ana.id,
          title: "Funções assíncronas dentro de um forEach",
          description: "<p>As funções não esperam umas pelas outras.</p>",
          createdAt: new Date(Date.now() - 4 * day),
        },
        {
          authorId: ana.id,
          title: "Uma função que devolve outra função",
          description: "<p>Closures e escopo.</p>",
          createdAt: new Date(Date.now() - 5 * day),
        },
        {
          authorId: ana.id,
          title: "Sessões que expiram antes da hora",
          description: "<p>O cookie some depois de cinco minutos.</p>",
          createdAt: new Date(Date.now() - 6 * day),
        },
      ])
      .returning({ id: questions.id });
    [ids.effect, ids.hooks, ids.docker, ids.pandas, ids.functions, ids.function, ids.session] = inserted.map(
      (q) => q.id,
    ) as number[] as [number, number, number, number, number, number, number];
    // Two statements for one question, as an edit would: each rewrites its names.
    await db()
      .insert(questionTags)
      .values([
        { questionId: ids.effect, tagId: tagIds.react!, position: 0 },
        { questionId: ids.effect, tagId: tagIds.javascript!, position: 1 },
        { questionId: ids.hooks, tagId: tagIds.react!, position: 0 },
        { questionId: ids.hooks, tagId: tagIds.javascript!, position: 1 },
        { questionId: ids.docker, tagId: tagIds.docker!, position: 0 },
        { questionId: ids.docker, tagId: tagIds.postgresql!, position: 1 },
        { questionId: ids.pandas, tagId: tagIds.python!, position: 0 },
        { questionId: ids.pandas, tagId: tagIds.pandas!, position: 1 },
      ]);
    await db().insert(questionTags).values({ questionId: ids.docker, tagId: tagIds.linux!, position: 2 });
    const [post] = await db()
      .insert(posts)
      .values({
        slug: "notebooks-que-contam-historias",
        authorId: ana.id,
        title: "Notebooks que contam histórias",
        description: "Do rascunho ao relatório.",
        body: "<p>Gráficos e texto lado a lado.</p>",
      })
      .returning({ id: posts.id });
    ids.post = post!.id;
    await db().insert(postTags).values({ postId: ids.post, tagId: tagIds["Ciência de Dados"]!, position: 0 });
  });

  const questionIds = async (q: string) =>
    (await search(q, "questions", 1)).page.items.map((i) => i.id).sort((a, b) => a - b);
  const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);

  it("keeps each question's and post's tag names, through inserts, deletes and renames", async () => {
    const names = async (id: number) =>
      (await db().select({ names: questions.tagNames }).from(questions).where(eq(questions.id, id)))[0]
        ?.names;
    expect(await names(ids.docker)).toBe("docker postgresql linux");
    await db().delete(questionTags).where(eq(questionTags.tagId, tagIds.linux!));
    expect(await names(ids.docker)).toBe("docker postgresql");
    await db().update(tags).set({ name: "pgsql" }).where(eq(tags.id, tagIds.postgresql!));
    expect(await names(ids.docker)).toBe("docker pgsql");
    await db().update(tags).set({ name: "postgresql" }).where(eq(tags.id, tagIds.postgresql!));
    expect(await names(ids.docker)).toBe("docker postgresql");
    const [post] = await db().select({ names: posts.tagNames }).from(posts).where(eq(posts.id, ids.post));
    expect(post?.names).toBe("Ciência de Dados");
  });

  it("counts tag names as words of questions and posts", async () => {
    // Neither question says "javascript" in its text.
    expect(await questionIds("javascript")).toEqual(sorted(ids.effect, ids.hooks));
    expect((await search("ciência de dados", "posts", 1)).page.items.map((p) => p.id)).toEqual([ids.post]);
    expect((await search("javascript", "questions", 1)).totals.questions).toBe(2);
  });

  it("opens on the first kind that found something when no kind was chosen", async () => {
    const opened = await search("ciência de dados", null, 1);
    expect(opened.totals.questions).toBe(0);
    expect(opened.kind).toBe("posts");
    expect(opened.page.items.map((p) => p.id)).toEqual([ids.post]);
    // Questions first when they found something; a chosen kind stays chosen, found or not.
    expect((await search("javascript", null, 1)).kind).toBe("questions");
    const chosen = await search("ciência de dados", "questions", 1);
    expect([chosen.kind, chosen.page.total]).toEqual(["questions", 0]);
  });

  it("matches every word of a query as a prefix", async () => {
    expect(await questionIds("docker postgres")).toEqual([ids.docker]);
    expect(await questionIds("postgres")).toEqual([ids.docker]);
    expect(await questionIds("conect docker")).toEqual([ids.docker]);
    // Every word must match, and `-palavra` and phrases keep their meaning.
    expect(await questionIds("docker pandas")).toEqual([]);
    expect(await questionIds("react -hooks")).toEqual([ids.effect]);
    expect(await questionIds('"duas vezes" react')).toEqual([ids.effect]);
    expect(await questionIds("docker or pandas")).toEqual(sorted(ids.docker, ids.pandas));
  });

  it("reads tsquery syntax typed in the box as text", async () => {
    for (const q of [
      "docker:* & !postgres",
      "'; drop table questions; --",
      "a\\b 'c' (d | e) <-> f",
      "!!!",
      "&",
    ]) {
      const results = await search(q, "questions", 1);
      expect(results.timedOut).toBe(false);
    }
    expect(await questionIds("docker:*")).toEqual([ids.docker]);
  });

  it("forgives two neighbouring letters swapped, through the tag names", async () => {
    expect(await questionIds("recat")).toEqual(sorted(ids.effect, ids.hooks));
    expect(await questionIds("pandsa")).toEqual([ids.pandas]);
    expect(await questionIds("dokcer")).toEqual([ids.docker]);
    expect(await questionIds("dokcer postgres")).toEqual([ids.docker]);
    // The corrected word is what the snippet highlights.
    const [hit] = (await search("dokcer", "questions", 1)).page.items;
    expect(hit && "title" in hit ? hit.title : "").toContain("⟦Docker⟧");
    const { hits } = await quickSearch("recat");
    expect(hits.some((h) => h.kind === "questions" && h.id === ids.effect)).toBe(true);
    // The tags tab offers the tag itself.
    const found = (await search("pandsa", "tags", 1)).page.items;
    expect(found.map((t) => t.kind === "tags" && t.name)).toEqual(["pandas"]);
    expect(hits.some((h) => h.kind === "tags" && h.name === "react")).toBe(true);
  });

  it("finds the same questions for funções, funcoes, função and funcao", async () => {
    const expected = sorted(ids.functions, ids.function);
    for (const q of ["funções", "funcoes", "função", "funcao", "FUNÇÕES"]) {
      expect(await questionIds(q), q).toEqual(expected);
    }
    expect(await questionIds("sessao")).toEqual([ids.session]);
    expect(await questionIds("sessoes")).toEqual([ids.session]);
    // The plural as written is highlighted, not only the singular.
    const hit = (await search("funcao", "questions", 1)).page.items.find((h) => h.id === ids.functions);
    expect(hit && "title" in hit ? hit.title : "").toContain("⟦Funções⟧");
  });
});

describe("the parts", () => {
  it("counts a swap of neighbours as one edit", () => {
    expect(editDistance("recat", "react")).toBe(1);
    expect(editDistance("pandsa", "pandas")).toBe(1);
    expect(editDistance("dokcer", "docker")).toBe(1);
    expect(editDistance("javscript", "javascript")).toBe(1);
    expect(editDistance("react", "redux", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });

  it("splits the text into word groups and what websearch reads as typed", () => {
    expect(textTerms('docker postgres "event loop" -java or pandas')).toEqual({
      groups: [["docker", "postgres"], ["pandas"]],
      exact: '"event loop" -java',
    });
    expect(textTerms("or or").groups).toEqual([]);
  });
});
