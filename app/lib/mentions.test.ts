import { describe, expect, it } from "vitest";
import { linkMentions, mentionableText, mentionedHandles } from "./mentions.ts";

describe("mentionedHandles", () => {
  it("finds @handles that start a word, lowercased and once each", () => {
    expect(mentionedHandles("Valeu @Ana-Souza e @bruno! De novo, @ana-souza.")).toEqual([
      "ana-souza",
      "bruno",
    ]);
  });
  it("leaves e-mails, paths and words with @ inside alone", () => {
    expect(mentionedHandles("escreva para ana@exemplo.com, veja /caminho/@x e foo@bar")).toEqual([]);
  });
});

describe("linkMentions", () => {
  const known = new Set(["ana-souza"]);
  it("links members' handles in text, never inside links or code, and not unknown ones", () => {
    expect(
      linkMentions(
        '<p>Oi @Ana-Souza e @desconhecido</p><pre><code>@ana-souza</code></pre><p><a href="/x">@ana-souza</a> <code>@ana-souza</code></p>',
        known,
      ),
    ).toBe(
      '<p>Oi <a href="/u/ana-souza">@Ana-Souza</a> e @desconhecido</p><pre><code>@ana-souza</code></pre><p><a href="/x">@ana-souza</a> <code>@ana-souza</code></p>',
    );
  });
  it("mentions in code do not count", () => {
    expect(
      mentionedHandles(
        mentionableText("<p>Use <code>@Override</code> com @ana</p><pre><code>@ana2</code></pre>"),
      ),
    ).toEqual(["ana"]);
  });
});
