import { describe, expect, it } from "vitest";
import { forDisplay, withCopyButtons, withShortCodeKeptWhole } from "./rich-text.tsx";

describe("withCopyButtons", () => {
  it("wraps every code block with its copy button", () => {
    const html =
      '<p>Veja:</p><pre><code class="language-js">a &lt; b</code></pre><p>e</p><pre class="x"><code>c</code></pre>';
    const out = withCopyButtons(html);
    expect(out.match(/<div class="relative" data-code-block="">/g)).toHaveLength(2);
    expect(out.match(/<button type="button"[^>]*data-copy-code="">Copiar código<\/button>/g)).toHaveLength(2);
    expect(out).toContain(
      '<pre tabindex="0"><code class="language-js">a &lt; b</code></pre><button type="button"',
    );
    // A block that scrolls sideways (long lines, narrow screens) can be scrolled from the keyboard.
    expect(out).toContain('<pre tabindex="0" class="x">');
    expect(out.startsWith("<p>Veja:</p><div")).toBe(true);
  });

  it("leaves text without code blocks, and tags that only start like <pre>, alone", () => {
    const html = "<p>Sem código</p><preview>não é um bloco</preview>";
    expect(withCopyButtons(html)).toBe(html);
  });
});

describe("withShortCodeKeptWhole", () => {
  it("keeps short inline code on one line and lets long code wrap", () => {
    const long = "node_modules/.pnpm/um-pacote-de-nome-enorme/dist/index.js";
    const html = `<p>Rode <code>node --inspect</code> e veja <code>${long}</code>.</p>`;
    expect(withShortCodeKeptWhole(html)).toBe(
      `<p>Rode <code data-nowrap="">node --inspect</code> e veja <code>${long}</code>.</p>`,
    );
  });

  it("leaves highlighted code blocks as they are, and adds their copy buttons", () => {
    const html = '<pre><code class="language-js">a</code></pre>';
    expect(forDisplay(html)).toContain('<pre tabindex="0"><code class="language-js">a</code></pre>');
    expect(forDisplay("<p>sem código</p>")).toBe("<p>sem código</p>");
  });
});
