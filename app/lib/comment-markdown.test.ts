import { describe, expect, test } from "vitest";
import { renderCommentMarkdown } from "./comment-markdown.ts";
import { renderComment } from "./sanitize.server.ts";

const md = renderCommentMarkdown;

describe("comments' mini-Markdown", () => {
  test("code, bold, italic and links, as on Stack Overflow", () => {
    expect(md("Rode `npm run dev` e **pronto**, *sério* e __também__ _assim_.")).toBe(
      "Rode <code>npm run dev</code> e <strong>pronto</strong>, <em>sério</em> e <strong>também</strong> " +
        "<em>assim</em>.",
    );
    expect(md("Veja [a documentação](https://react.dev/learn?x=1&y=2).")).toBe(
      'Veja <a href="https://react.dev/learn?x=1&amp;y=2">a documentação</a>.',
    );
    expect(md("***os dois***")).toBe("<em><strong>os dois</strong></em>");
    expect(md("*fora **dentro** fora*")).toBe("<em>fora <strong>dentro</strong> fora</em>");
  });

  test("markers inside words are literal: snake_case, a*b*c, 2*3*4", () => {
    for (const text of [
      "use snake_case_name aqui",
      "a*b*c e x*y",
      "2*3*4 = 24",
      "foo**bar**baz",
      "x = y_1 + z_2",
    ]) {
      expect(md(text)).toBe(text);
    }
    expect(md("_my_var_ é _ótimo_")).toBe("<em>my_var</em> é <em>ótimo</em>");
  });

  test("code is literal: no formatting, links or markup inside", () => {
    expect(md("`**não** [x](https://a.com) <b>oi</b> https://b.com`")).toBe(
      "<code>**não** [x](https://a.com) &lt;b&gt;oi&lt;/b&gt; https://b.com</code>",
    );
    expect(md("``a `crase` aqui``")).toBe("<code>a `crase` aqui</code>");
    expect(md("`` `x` ``")).toBe("<code>`x`</code>");
    expect(md("*abre `*` fecha*")).toBe("<em>abre <code>*</code> fecha</em>");
  });

  test("bare http(s) addresses become links; sentence punctuation and emphasis stay out", () => {
    expect(md("Veja https://exemplo.com.br/docs. E http://a.io/x?y=1, ok")).toBe(
      'Veja <a href="https://exemplo.com.br/docs">https://exemplo.com.br/docs</a>. E ' +
        '<a href="http://a.io/x?y=1">http://a.io/x?y=1</a>, ok',
    );
    expect(md("Leia https://pt.wikipedia.org/wiki/Lua_(satélite).")).toBe(
      'Leia <a href="https://pt.wikipedia.org/wiki/Lua_(sat%C3%A9lite)">https://pt.wikipedia.org/wiki/Lua_(satélite)</a>.',
    );
    expect(md("**https://a.com/x_y**")).toBe(
      '<strong><a href="https://a.com/x_y">https://a.com/x_y</a></strong>',
    );
  });

  test("unclosed or unmatched markers stay as typed", () => {
    for (const text of [
      "**negrito sem fim",
      "*itálico",
      "`código sem fim",
      "[texto sem link]",
      "[x](",
      "a ] ( b",
    ]) {
      expect(md(text)).toBe(text);
    }
    expect(md("**a *b")).toBe("**a *b");
    expect(md("[](https://vazio.com)")).toBe("[](https://vazio.com)");
  });

  test("brackets nest without links inside links", () => {
    expect(md("[[dentro](https://a.com)](https://b.com)")).toBe(
      '[<a href="https://a.com/">dentro</a>](https://b.com)',
    );
    expect(md("[veja https://a.com](https://b.com)")).toBe('<a href="https://b.com/">veja https://a.com</a>');
    expect(md("[**negrito** e `code`](https://b.com)")).toBe(
      '<a href="https://b.com/"><strong>negrito</strong> e <code>code</code></a>',
    );
  });

  test("only http(s) links; everything else is escaped text", () => {
    for (const text of [
      "[x](javascript:alert(1))",
      "[x](JaVaScRiPt:alert(1))",
      "[x](data:text/html,oi)",
      "[x](//evil.com)",
      "[x](/caminho)",
      "[x](https://user:senha@a.com)",
      "[x](https:alert)",
      "javascript:alert(1)",
    ]) {
      expect(md(text)).not.toContain("<a");
    }
    expect(md("<img src=x onerror=alert(1)> & \"aspas\" 'x'")).toBe(
      "&lt;img src=x onerror=alert(1)&gt; &amp; &quot;aspas&quot; &#39;x&#39;",
    );
    expect(md('[x](https://a.com/"onmouseover="alert(1))')).toBe(
      '<a href="https://a.com/%22onmouseover=%22alert(1)">x</a>',
    );
  });

  test("takes linear time on hostile input", () => {
    const hostile = [
      "*a ".repeat(700),
      "_".repeat(2000),
      "`".repeat(1) + "``".repeat(300) + "```".repeat(300),
      "[".repeat(1000) + "](".repeat(500),
      "](https://a.com/" + "(".repeat(2000),
      "https://a.com/" + ")".repeat(2000),
      "**a ".repeat(300) + "*b ".repeat(300) + "__c ".repeat(300),
    ];
    for (const text of hostile) {
      const big = text.repeat(50); // 50 times the longest comment: a quadratic renderer takes seconds here
      const started = performance.now();
      md(big);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});

describe("renderComment (Markdown, then the comments' allow-list)", () => {
  test("links get the site's link policy", () => {
    expect(renderComment("[doc](https://react.dev)")).toBe(
      '<a href="https://react.dev/" rel="nofollow ugc noopener" target="_blank">doc</a>',
    );
  });

  test("markup typed in a comment is shown, never run", () => {
    const html = renderComment('<script>alert(1)</script> <a href="javascript:x">y</a> `<svg onload=x>`');
    expect(html).not.toMatch(/<(script|svg|a )/);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("<code>&lt;svg onload=x&gt;</code>");
  });

  test("is empty for an empty comment", () => {
    expect(renderComment("")).toBe("");
  });
});
