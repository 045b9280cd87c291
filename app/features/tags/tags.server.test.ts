import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tags } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { normaliseTagNames, recommendedTags, resolveTags, searchTags, suggestedTags } from "./tags.server.ts";

const db = setupTestDatabase();

beforeAll(async () => {
  await db()
    .insert(tags)
    .values([
      { name: "JavaScript", slug: "javascript", questionCount: 50, postCount: 10 },
      { name: "Java", slug: "java", questionCount: 80, postCount: 0 },
      { name: "jQuery", slug: "jquery", questionCount: 5, postCount: 0 },
      { name: "TypeScript", slug: "typescript", questionCount: 30, postCount: 0 },
      { name: "Formatação", slug: "formatacao", suggestedRank: 1, questionCount: 2 },
      { name: "Medium", slug: "medium", suggestedRank: 2 },
      { name: "Dicas", slug: "dicas", suggestedRank: 3, recommendedRank: 2 },
      { name: "Design", slug: "design", recommendedRank: 1 },
      { name: "100%_certo", slug: "100-certo" },
    ]);
});

describe("searchTags", () => {
  it("finds names starting with the query, most used first", async () => {
    const found = await searchTags("ja");
    expect(found.slice(0, 2)).toEqual([
      { name: "Java", slug: "java" },
      { name: "JavaScript", slug: "javascript" },
    ]);
  });

  it("ignores case and accents", async () => {
    expect(await searchTags("FORMATACAO")).toEqual([{ name: "Formatação", slug: "formatacao" }]);
  });

  it("finds near misses by similarity after the prefix matches", async () => {
    const found = await searchTags("javscript");
    expect(found.map((t) => t.slug)).toContain("javascript");
    const typed = await searchTags("typscript");
    expect(typed[0]?.slug).toBe("typescript");
  });

  it("treats LIKE wildcards literally", async () => {
    expect((await searchTags("%")).map((t) => t.slug)).not.toContain("java");
    expect((await searchTags("100%_")).map((t) => t.slug)).toEqual(["100-certo"]);
    expect((await searchTags("_")).map((t) => t.slug)).toEqual([]);
  });

  it("answers nothing for an empty query and honours the limit", async () => {
    expect(await searchTags("   ")).toEqual([]);
    expect(await searchTags("j", 1)).toHaveLength(1);
  });
});

describe("suggested and recommended tags", () => {
  it("lists the suggestions in their order", async () => {
    expect((await suggestedTags()).map((t) => t.name)).toEqual(["Formatação", "Medium", "Dicas"]);
  });

  it("lists the recommended topics in their order", async () => {
    expect((await recommendedTags()).map((t) => t.name)).toEqual(["Design", "Dicas"]);
  });
});

describe("normaliseTagNames", () => {
  it("splits commas, trims, collapses spaces and dedupes ignoring case", () => {
    expect(normaliseTagNames(" javascript, Array ,front-end,, JavaScript ,  node   js")).toEqual([
      "javascript",
      "Array",
      "front-end",
      "node js",
    ]);
  });

  it("merges repeated fields and the comma-separated fallback field", () => {
    expect(normaliseTagNames(["Web", "Figma", "web, CDB", "c#, c++, node.js"])).toEqual([
      "Web",
      "Figma",
      "CDB",
      "c#",
      "c++",
      "node.js",
    ]);
  });

  it("drops characters that have no place in a tag", () => {
    expect(normaliseTagNames(["<script>", "#react", "a\u0000b", "!!!"])).toEqual(["script", "react", "ab"]);
  });

  it("refuses a name over 35 characters", () => {
    expect(() => normaliseTagNames("a".repeat(36))).toThrow("Cada tag deve ter no máximo 35 caracteres.");
    expect(normaliseTagNames("ã".repeat(35))).toEqual(["ã".repeat(35)]);
  });

  it("refuses more than `max` tags", () => {
    expect(() => normaliseTagNames("a,b,c,d,e,f", { max: 5 })).toThrow("Escolha no máximo 5 tags.");
    expect(normaliseTagNames("a,b,c,d,e,a", { max: 5 })).toHaveLength(5);
  });

  it("accepts nothing at all", () => {
    expect(normaliseTagNames(undefined)).toEqual([]);
    expect(normaliseTagNames([])).toEqual([]);
  });
});

describe("resolveTags", () => {
  it("returns ids in the given order, reusing existing tags whatever their case", async () => {
    const [existing] = await db()
      .select()
      .from(tags)
      .where(sql`${tags.slug} = 'java'`);
    const ids = await db().transaction((tx) => resolveTags(tx, ["Nova Tag", "JAVA", "Programação em C"]));
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(existing?.id);
    const created = await db()
      .select({ id: tags.id, name: tags.name, slug: tags.slug })
      .from(tags)
      .where(sql`${tags.id} in (${ids[0]}, ${ids[2]})`);
    expect(created).toEqual(
      expect.arrayContaining([
        { id: ids[0], name: "Nova Tag", slug: "nova-tag" },
        { id: ids[2], name: "Programação em C", slug: "programacao-em-c" },
      ]),
    );
  });

  it("gives a new tag a free slug when its natural one is taken", async () => {
    const [c] = await db().transaction((tx) => resolveTags(tx, ["C"]));
    const [cSharpLike] = await db().transaction((tx) => resolveTags(tx, ["c."]));
    const rows = await db()
      .select({ id: tags.id, slug: tags.slug })
      .from(tags)
      .where(sql`${tags.id} in (${c}, ${cSharpLike})`);
    expect(rows.map((r) => r.slug).sort()).toEqual(["c", "c-2"]);
  });

  it("gives names without Latin letters a usable slug", async () => {
    const [id] = await db().transaction((tx) => resolveTags(tx, ["日本語"]));
    const [row] = await db()
      .select({ slug: tags.slug })
      .from(tags)
      .where(sql`${tags.id} = ${id}`);
    expect(row?.slug).toMatch(/^tag(-\d+)?$/);
  });

  it("resolves the same new name to one tag when two requests race", async () => {
    const [a, b] = await Promise.all([
      db().transaction((tx) => resolveTags(tx, ["Concorrência"])),
      db().transaction((tx) => resolveTags(tx, ["concorrência"])),
    ]);
    expect(a).toEqual(b);
  });

  it("does nothing for no names", async () => {
    expect(await db().transaction((tx) => resolveTags(tx, []))).toEqual([]);
  });
});
