import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { DiffTags, DiffText } from "./diff-text.tsx";

describe("a diff as the history renders it", () => {
  test("added words in <ins>, removed ones in <del>, each announced; kept text as is", () => {
    const html = renderToStaticMarkup(
      <DiffText
        label="Detalhes"
        diff={{
          truncated: false,
          segments: [
            { kind: "same", text: "O código " },
            { kind: "removed", text: "quebra" },
            { kind: "added", text: "funciona" },
          ],
        }}
      />,
    );
    expect(html).toContain("O código ");
    expect(html).toMatch(/<del [^>]*line-through[^>]*><span class="sr-only">\[removido: <\/span>quebra<span/);
    expect(html).toMatch(
      /<ins [^>]*underline[^>]*><span class="sr-only">\[adicionado: <\/span>funciona<span/,
    );
    expect(html).not.toContain("só o começo");
  });

  test("member text never becomes markup", () => {
    const attack = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const html = renderToStaticMarkup(
      <>
        <DiffText
          label="Texto"
          diff={{
            truncated: true,
            segments: [
              { kind: "same", text: attack },
              { kind: "added", text: attack },
              { kind: "removed", text: attack },
            ],
          }}
        />
        <DiffTags segments={[{ kind: "added", text: "<b>tag</b>" }]} />
      </>,
    );
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<b>");
    expect(html.split("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;").length - 1).toBe(3);
    expect(html).toContain("&lt;b&gt;tag&lt;/b&gt;");
    expect(html).toContain("Texto longo: a comparação mostra só o começo dele.");
  });

  test("a change of formatting only says so", () => {
    const html = renderToStaticMarkup(
      <DiffText label="Detalhes" diff={{ truncated: false, formattingOnly: true, segments: [] }} />,
    );
    expect(html).toContain("Só a formatação mudou; o texto é o mesmo.");
    expect(html).not.toContain("<ins");
  });
});
