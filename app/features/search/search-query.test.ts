import { describe, expect, it } from "vitest";
import { parseSearchQuery, snippetParts } from "./search-query.ts";

describe("parseSearchQuery", () => {
  it("separates operators from free text", () => {
    expect(parseSearchQuery('[javascript] [React] user:ana is:answered "event loop" promessas')).toEqual({
      text: '"event loop" promessas',
      tags: ["javascript", "React"],
      user: "ana",
      answered: true,
      accepted: false,
    });
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
});

describe("snippetParts", () => {
  it("marks matched words and decodes entities as text", () => {
    expect(snippetParts("a ⟦promessa⟧ &lt;script&gt; &amp; mais")).toEqual([
      { text: "a ", match: false },
      { text: "promessa", match: true },
      { text: " <script> & mais", match: false },
    ]);
  });
});
