import { describe, expect, test } from "vitest";
import {
  MARKDOWN_BUDGET_MS,
  MARKDOWN_PENDING_PER_SENDER,
  markdownToHtml,
  MarkdownTooComplex,
} from "./markdown.server.ts";

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

  test("one sender's flood is refused at once, and another member's text converts without waiting behind it", async () => {
    const flood = Array.from({ length: 20 }, () =>
      markdownToHtml("_a".repeat(50_000), "token:flood").then(
        () => "converted",
        (error: Error) => error.name,
      ),
    );
    const started = Date.now();
    const other = await markdownToHtml("Uma resposta **comum**.", "member:other");
    expect(other).toContain("<strong>comum</strong>");
    // Behind at most the flood's texts already on the thread, each cut at its budget (and a replacement thread's
    // start each, slower on a busy machine); an unbounded queue would take all twenty budgets.
    expect(Date.now() - started).toBeLessThan(MARKDOWN_PENDING_PER_SENDER * MARKDOWN_BUDGET_MS + 2_500);
    const outcomes = await Promise.all(flood);
    expect(outcomes.filter((o) => o === "MarkdownBusy")).toHaveLength(20 - MARKDOWN_PENDING_PER_SENDER);
    expect(outcomes.filter((o) => o === "MarkdownTooComplex")).toHaveLength(MARKDOWN_PENDING_PER_SENDER);
    // Once its texts are done, the sender may send again.
    await expect(markdownToHtml("de novo", "token:flood")).resolves.toContain("de novo");
  });
});
