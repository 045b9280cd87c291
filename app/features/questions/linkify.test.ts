import { describe, expect, test } from "vitest";
import { linkifyText } from "./linkify.ts";

describe("links in comments", () => {
  test("http and https addresses become links, sentence punctuation stays outside", () => {
    expect(linkifyText("Veja https://exemplo.com.br/docs. E também http://a.io/x?y=1, ok")).toEqual([
      { type: "text", value: "Veja " },
      { type: "link", value: "https://exemplo.com.br/docs", href: "https://exemplo.com.br/docs" },
      { type: "text", value: ". E também " },
      { type: "link", value: "http://a.io/x?y=1", href: "http://a.io/x?y=1" },
      { type: "text", value: ", ok" },
    ]);
  });

  test("a closing parenthesis that belongs to the address is kept", () => {
    const [, link] = linkifyText("Leia https://pt.wikipedia.org/wiki/Lua_(satélite)");
    expect(link).toMatchObject({ type: "link", value: "https://pt.wikipedia.org/wiki/Lua_(satélite)" });
  });

  test("other schemes and markup stay plain text", () => {
    for (const text of ["javascript:alert(1) aqui", "data:text/html,<b>x</b>", '<a href="x">y</a>']) {
      expect(linkifyText(text).every((p) => p.type === "text")).toBe(true);
    }
    expect(linkifyText("")).toEqual([]);
  });
});
