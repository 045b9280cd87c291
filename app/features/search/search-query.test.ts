import { describe, expect, it } from "vitest";
import { MAX_SEARCH_TAGS, MAX_SEARCH_TERMS, parseSearchQuery, snippetParts } from "./search-query.ts";

describe("parseSearchQuery", () => {
  it("separates operators from free text", () => {
    expect(parseSearchQuery('[javascript] [React] user:ana is:answered "event loop" promessas')).toEqual({
      text: '"event loop" promessas',
      tags: ["javascript", "React"],
      user: "ana",
      answered: true,
      accepted: false,
      status: null,
      limited: false,
      error: null,
    });
  });
  it('reads erro:"…" and erro:CODE, leaving the rest as it was', () => {
    expect(parseSearchQuery("erro:\"Cannot find module 'x'\" [node] build")).toMatchObject({
      error: "Cannot find module 'x'",
      tags: ["node"],
      text: "build",
    });
    expect(parseSearchQuery("erro:ENOENT").error).toBe("ENOENT");
    expect(parseSearchQuery("terro:x").error).toBeNull();
  });
  it("reads is:closed and is:open, the last one typed counting", () => {
    expect(parseSearchQuery("is:closed promessas")).toMatchObject({ text: "promessas", status: "closed" });
    expect(parseSearchQuery("IS:OPEN")).toMatchObject({ text: "", status: "open" });
    expect(parseSearchQuery("is:open is:closed").status).toBe("closed");
    expect(parseSearchQuery("this:closed").status).toBeNull();
  });
  it("accepts is:accepted and an @ before the handle", () => {
    const parsed = parseSearchQuery("user:@joao is:accepted");
    expect(parsed).toMatchObject({ text: "", user: "joao", accepted: true });
  });
  it("does not repeat a tag", () => {
    expect(parseSearchQuery("[sql] [SQL]").tags).toEqual(["sql"]);
  });
  it("leaves ordinary text alone", () => {
    expect(parseSearchQuery("  como usar   async/await ").text).toBe("como usar async/await");
  });
  it("keeps a few tags and terms and says when it cut the rest", () => {
    const manyTags = parseSearchQuery(Array.from({ length: 60 }, (_, i) => `[t${i}]`).join(""));
    expect(manyTags.tags).toEqual(Array.from({ length: MAX_SEARCH_TAGS }, (_, i) => `t${i}`));
    expect(manyTags.limited).toBe(true);

    const words = Array.from({ length: 40 }, (_, i) => `palavra${i}`);
    const manyWords = parseSearchQuery(`[sql] ${words.join(" ")}`);
    expect(manyWords.tags).toEqual(["sql"]);
    expect(manyWords.text.split(" ")).toEqual(words.slice(0, MAX_SEARCH_TERMS - 1));
    expect(manyWords.limited).toBe(true);

    // Exactly at the limits nothing is cut; repeated tags do not count twice.
    const atLimit = parseSearchQuery(`[a] [A] ${words.slice(0, MAX_SEARCH_TERMS - 1).join(" ")} user:ana`);
    expect(atLimit.limited).toBe(false);
    expect(atLimit.user).toBe("ana");
  });
});

describe("snippetParts", () => {
  it("marks matched words and decodes entities as text", () => {
    expect(snippetParts("a ⟦promessa⟧ &lt;script&gt; &amp; mais")).toEqual([
      { text: "a ", match: false },
      { text: "promessa", match: true },
      { text: " <script> & mais", match: false },
    ]);
  });

  it("leaves a reference to no character as written, and decodes nothing in a title", () => {
    expect(snippetParts("⟦vite⟧ &#x110000; &#55296; &#99999999999;")).toEqual([
      { text: "vite", match: true },
      { text: " &#x110000; &#55296; &#99999999999;", match: false },
    ]);
    expect(snippetParts("⟦vite⟧ &#x110000; &amp;", "text")).toEqual([
      { text: "vite", match: true },
      { text: " &#x110000; &amp;", match: false },
    ]);
  });
});
