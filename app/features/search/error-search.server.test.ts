// Searching by error (ADR 041): `erro:"…"` and a pasted trace as the whole query search questions by their
// errors, best match first, with the other operators still applying; on PGlite and on PostgreSQL.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { questions } from "#db/schema.ts";
import { errorSignaturesOf, indexErrors } from "#app/features/errors/error-index.server.ts";
import { createMember } from "#tests/support/factories.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { parseSearchQuery, quickSearch, search } from "./search.server.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`../errors/fixtures/${name}.txt`, import.meta.url), "utf8");
const code = (text: string) => `<pre><code>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</code></pre>`;

describe("searching by error", () => {
  const db = setupTestDatabase();
  const ids = { esm: 0, esmAccepted: 0, react: 0, postgres: 0 };

  beforeAll(async () => {
    const ana = await createMember(db(), { name: "Ana Erro", handle: "anaerro" });
    const rows = await db()
      .insert(questions)
      .values([
        {
          authorId: ana.id,
          title: "Node não encontra o pacote express com import",
          description: `<p>Rodando com ESM:</p>${code(fixture("node-module-not-found-a"))}`,
        },
        {
          authorId: ana.id,
          title: "ERR_MODULE_NOT_FOUND depois de migrar para type module",
          description: `<p>Depois da migração:</p>${code(fixture("node-module-not-found-a"))}`,
          acceptedAnswerId: 1,
          answerCount: 1,
        },
        {
          authorId: ana.id,
          title: "Lista do React quebra no primeiro render",
          description: `<p>Ao abrir a página:</p>${code(fixture("node-typeerror-a"))}`,
        },
        {
          authorId: ana.id,
          title: "Tabela some no PostgreSQL de produção",
          description: `<p>Só em produção:</p>${code(fixture("postgres-relation-b"))}`,
        },
      ])
      .returning({ id: questions.id, description: questions.description });
    const [esm, esmAccepted, react, postgres] = rows.map((r) => r.id);
    Object.assign(ids, { esm, esmAccepted, react, postgres });
    for (const r of rows) {
      await indexErrors(
        db(),
        { kind: "question", itemId: r.id, questionId: r.id },
        errorSignaturesOf([r.description]),
      );
    }
  });

  it("reads a pasted trace as a search by its errors, and keeps typed words as words", () => {
    expect(parseSearchQuery(fixture("node-module-not-found-b")).error).toContain("ERR_MODULE_NOT_FOUND");
    expect(parseSearchQuery(fixture("node-module-not-found-b")).text).toBe("");
    expect(parseSearchQuery("docker compose volumes").error).toBeNull();
    expect(parseSearchQuery('erro:"relation does not exist" [postgresql]')).toMatchObject({
      error: "relation does not exist",
      tags: ["postgresql"],
      text: "",
    });
  });

  it("finds the questions with the same error for a trace pasted into the box (lines glued), best first", async () => {
    const pasted = fixture("node-module-not-found-b").replace(/\s*\n\s*/g, " ");
    const { page, totals } = await search(pasted, "questions", 1);
    expect(page.items.map((h) => h.id)).toEqual([ids.esmAccepted, ids.esm]);
    expect(totals).toMatchObject({ questions: 2, posts: 0, members: 0, tags: 0 });
    const first = page.items[0];
    expect(first?.kind === "questions" ? first.snippet : "").toContain("ERR_MODULE_NOT_FOUND");
  });

  it('erro:"…" finds a message however it was raised, and combines with other operators', async () => {
    const byMessage = await search(
      "erro:\"Cannot read properties of undefined (reading 'x')\"",
      "questions",
      1,
    );
    expect(byMessage.page.items.map((h) => h.id)).toEqual([ids.react]);
    const byCode = await search("erro:42P01", "questions", 1);
    expect(byCode.page.items.map((h) => h.id)).toEqual([ids.postgres]);
    const accepted = await search("erro:ERR_MODULE_NOT_FOUND is:accepted", "questions", 1);
    expect(accepted.page.items.map((h) => h.id)).toEqual([ids.esmAccepted]);
    const withWord = await search("erro:ERR_MODULE_NOT_FOUND migrar", "questions", 1);
    expect(withWord.page.items.map((h) => h.id)).toEqual([ids.esmAccepted]);
    expect((await search("erro:EADDRINUSE", "questions", 1)).page.total).toBe(0);
  });

  it("the header box finds them too", async () => {
    const { hits } = await quickSearch(fixture("postgres-sqlstate"));
    expect(hits.map((h) => h.id)).toEqual([ids.postgres]);
  });
});
