import { describe, expect, test } from "vitest";
import { MARKDOWN_BUDGET_MS, markdownToHtml, MarkdownTooComplex } from "./markdown.server.ts";

describe("Markdown off the request thread", () => {
  test("converts GitHub-flavoured Markdown", async () => {
    const html = await markdownToHtml("# Título\r\n\r\n- um\n- `dois`\n\n```js\nconst a = 1;\n```\n");
    expect(html).toContain("<h1>Título</h1>");
    expect(html).toContain("<code>dois</code>");
    expect(html).toContain('<code class="language-js">const a = 1;');
  });

  test("a text that costs quadratic time is refused within its budget, and the next one still converts", async () => {
    const started = Date.now();
    // The review's input: seconds of CPU in `marked`.
    const slow = markdownToHtml("_a".repeat(50_000));
    // Sent while the slow one holds the thread: it waits, then converts on the replacement thread.
    const next = markdownToHtml("**depois**");
    // Meanwhile the request thread stays free.
    const tick = await new Promise<number>((resolve) => setTimeout(() => resolve(Date.now()), 20));
    expect(tick - started).toBeLessThan(500);
    await expect(slow).rejects.toBeInstanceOf(MarkdownTooComplex);
    expect(Date.now() - started).toBeLessThan(MARKDOWN_BUDGET_MS + 1_500);
    await expect(next).resolves.toContain("<strong>depois</strong>");
  });
});
