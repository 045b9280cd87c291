// What members write reads like a developer's text. Headings, lists, quotes and code look like what they are,
// a short inline command never breaks after its dashes, a long one wraps instead of widening the page, code
// blocks scroll inside themselves; the site's text is in Inter, served by the site itself.
import type { Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";

const LONG_CODE = "node_modules/.pnpm/um-pacote-com-um-nome-bem-grande/dist/index.js";
const WIDE_LINE = `const url = "https://exemplo.com.br/${"caminho/".repeat(20)}";`;

async function askWithDetails(page: Page, details: string): Promise<string> {
  const response = await page.request.post("/ask-a-question", {
    form: {
      title: `Como depurar o servidor com o inspetor do Node ${Date.now()}`,
      description: "O processo sobe, mas o depurador não conecta.",
      details,
      "details-format": "html",
      tags: "node.js",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return response.headers().location ?? "";
}

test("a question's headings, lists, quote and code are typeset", async ({ page }) => {
  await signUp(page);
  const question = await askWithDetails(
    page,
    [
      "<h2>O que tentei</h2>",
      "<p>Rodei <code>--inspect-brk=9229</code> e depois o caminho <code>" + LONG_CODE + "</code>.</p>",
      "<h3>Ambiente</h3>",
      "<ul><li>Node 24</li><li>Linux</li></ul>",
      "<ol><li>Subir</li><li>Conectar</li></ol>",
      "<blockquote><p>Debugger listening on ws://127.0.0.1:9229</p></blockquote>",
      `<pre><code>${WIDE_LINE}</code></pre>`,
    ].join(""),
  );
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(question);
  const text = page
    .locator(".rich-text")
    .filter({ has: page.getByRole("heading", { name: "O que tentei" }) });
  const style = (selector: string) =>
    text
      .locator(selector)
      .first()
      .evaluate((element) => {
        const s = getComputedStyle(element);
        return {
          size: parseFloat(s.fontSize),
          weight: Number(s.fontWeight),
          marginTop: parseFloat(s.marginTop),
          listStyle: s.listStyleType,
          paddingLeft: parseFloat(s.paddingLeft),
          borderLeft: parseFloat(s.borderLeftWidth),
        };
      });
  const paragraph = await style("p");
  const h2 = await style("h2");
  const h3 = await style("h3");
  expect(h2.size).toBeGreaterThanOrEqual(paragraph.size * 1.4);
  expect(h3.size).toBeGreaterThan(paragraph.size * 1.1);
  expect(h3.size).toBeLessThan(h2.size);
  expect(h2.weight).toBeGreaterThanOrEqual(700);
  expect(h3.weight).toBeGreaterThanOrEqual(600);
  expect(h3.marginTop).toBeGreaterThan(paragraph.marginTop);
  expect((await style("ul")).listStyle).toBe("disc");
  expect((await style("ol")).listStyle).toBe("decimal");
  expect((await style("ul")).paddingLeft).toBeGreaterThan(0);
  expect((await style("blockquote")).borderLeft).toBeGreaterThan(0);

  // In a column too narrow for it, the short command stays whole; the long path wraps inside the column.
  const lines = await text.locator("p", { hasText: "Rodei" }).evaluate((paragraph) => {
    paragraph.style.width = "90px";
    const [short, long] = [...paragraph.querySelectorAll("code")];
    return {
      short: short?.getClientRects().length,
      long: long?.getClientRects().length,
      longRight: Math.max(...[...(long?.getClientRects() ?? [])].map((r) => r.right)),
      columnRight: paragraph.getBoundingClientRect().right,
    };
  });
  expect(lines.short, "--inspect-brk=9229 on one line").toBe(1);
  expect(lines.long).toBeGreaterThan(1);
  expect(lines.longRight).toBeLessThanOrEqual(lines.columnRight + 1);

  // The wide line scrolls inside its block, not the page.
  const block = await text
    .locator("pre")
    .evaluate((pre) => ({ scroll: pre.scrollWidth, width: pre.clientWidth }));
  expect(block.scroll).toBeGreaterThan(block.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the site's text is in Inter, from the site's own files", async ({ page }) => {
  await page.goto("/");
  const preload = page.locator('head link[rel="preload"][as="font"]');
  await expect(preload).toHaveAttribute("href", /^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  const font = await page.evaluate(async () => {
    await document.fonts.ready;
    return {
      family: getComputedStyle(document.body).fontFamily,
      loaded: [...document.fonts].filter((face) => face.family.includes("Inter") && face.status === "loaded")
        .length,
      files: performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name))
        .filter((url) => url.pathname.endsWith(".woff2"))
        .map((url) => `${url.origin === location.origin ? "" : url.origin}${url.pathname}`),
    };
  });
  expect(font.family).toMatch(/^"Inter Variable"/);
  expect(font.loaded).toBeGreaterThanOrEqual(1);
  // The Latin file (the Latin Extended one at most besides), from the site's own hashed assets.
  expect(font.files).toContainEqual(
    expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/),
  );
  for (const file of font.files)
    expect(file).toMatch(/^\/assets\/inter-latin(-ext)?-wght-normal-[\w-]+\.woff2$/);
});

test("form labels are bold and answer counts fit their pill", async ({ page }) => {
  await page.goto("/entrar");
  const weight = await page
    .getByText("Email", { exact: true })
    .first()
    .evaluate((label) => Number(getComputedStyle(label).fontWeight));
  expect(weight).toBeGreaterThanOrEqual(600);

  await signUp(page);
  await askWithDetails(page, "<p>Ainda sem respostas.</p>");
  await page.goto("/configuracoes");
  const profile = await page.locator("main a[href^='/u/']").first().getAttribute("href");
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${profile}?tab=perguntas`);
    const pill = page.locator("main li > span", { hasText: "0 respostas" }).first();
    await expect(pill).toBeVisible();
    const size = await pill.evaluate((element) => ({
      scroll: element.scrollWidth,
      width: element.clientWidth,
    }));
    expect(size.scroll, `pill at ${width} px`).toBeLessThanOrEqual(size.width);
  }
});
