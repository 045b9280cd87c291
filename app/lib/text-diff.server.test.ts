import { describe, expect, test } from "vitest";
import { prepareRichText } from "./sanitize.server.ts";
import { DIFF_EDITS_MAX, DIFF_TEXT_MAX, diffTags, diffText, richTextToDiffText } from "./text-diff.server.ts";

describe("the text the history compares", () => {
  test("paragraphs, headings and list items on their own lines; entities decoded; markup gone", () => {
    const html = prepareRichText(
      "<h2>Contexto</h2><p>Uso <strong>React</strong> &amp; <code>&lt;div&gt;</code>.</p>" +
        "<ul><li><p>um</p></li><li><p>dois</p></li></ul><p>linha<br>quebrada</p>",
    );
    expect(richTextToDiffText(html)).toBe(
      "Contexto\n\nUso React & <div>.\n\n• um\n• dois\n\nlinha\nquebrada",
    );
  });

  test("a numbered list reads as numbered, from its start, with a bulleted list inside it apart", () => {
    const html = prepareRichText(
      '<ol start="3"><li><p>instale</p><ul><li><p>node</p></li></ul></li><li><p>rode</p></li></ol>',
    );
    expect(richTextToDiffText(html)).toBe("3. instale\n\n• node\n\n4. rode");
  });

  test("code blocks keep their line breaks (highlighting spans dropped); images and videos become markers", () => {
    const html = prepareRichText(
      '<pre><code class="language-js">const a = 1;\n  if (a &lt; 2) {\n    go();\n  }</code></pre>' +
        '<p><img src="https://example.com/a.png" alt="tela de erro"></p>' +
        '<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe></div>',
    );
    expect(html).toContain("hljs");
    const text = richTextToDiffText(html);
    expect(text).toContain("const a = 1;\n  if (a < 2) {\n    go();\n  }");
    expect(text).toContain("[imagem: tela de erro]");
    expect(text).not.toMatch(/<span|class=/);
  });
});

describe("word diff", () => {
  test("marks removed and added words, keeping what stayed", () => {
    expect(diffText("O código quebra no Windows", "O código funciona no Linux").segments).toEqual([
      { kind: "same", text: "O código " },
      { kind: "removed", text: "quebra" },
      { kind: "added", text: "funciona" },
      { kind: "same", text: " no " },
      { kind: "removed", text: "Windows" },
      { kind: "added", text: "Linux" },
    ]);
  });

  test("the first version is all added; an unchanged text is all kept", () => {
    expect(diffText(null, "Primeira versão")).toEqual({
      segments: [{ kind: "added", text: "Primeira versão" }],
      truncated: false,
    });
    expect(diffText("igual", "igual").segments).toEqual([{ kind: "same", text: "igual" }]);
  });

  test("bounded: long texts are cut, and a rewrite past the edit limit is shown whole", () => {
    const long = "palavra ".repeat(DIFF_TEXT_MAX);
    const cut = diffText(long, `${long} fim`);
    expect(cut.truncated).toBe(true);
    expect(cut.segments.reduce((n, s) => n + s.text.length, 0)).toBeLessThanOrEqual(DIFF_TEXT_MAX);

    const before = Array.from({ length: DIFF_EDITS_MAX }, (_, i) => `a${i}`).join(" ");
    const after = Array.from({ length: DIFF_EDITS_MAX }, (_, i) => `b${i}`).join(" ");
    expect(diffText(before, after).segments).toEqual([
      { kind: "removed", text: before },
      { kind: "added", text: after },
    ]);
  });

  test("tags are compared as whole names", () => {
    expect(diffTags(["node.js", "react"], ["node.js", "c++"])).toEqual([
      { kind: "same", text: "node.js" },
      { kind: "removed", text: "react" },
      { kind: "added", text: "c++" },
    ]);
    expect(diffTags(null, ["python"])).toEqual([{ kind: "added", text: "python" }]);
  });
});
