import { describe, expect, it } from "vitest";
import { withCopyButtons } from "./rich-text.tsx";

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
