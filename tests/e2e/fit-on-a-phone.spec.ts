// On a phone no page scrolls sideways, and every control is big enough for a finger. Every page a visitor or a member reaches is opened at 360 and 390 px
// and its document must be no wider than the viewport; a failure names the page and the elements that
// stick out, widest first. A question with a long address, a long inline code, a wide code block and a wide
// image checks that what members write stays inside the page too.
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { signUp } from "./auth.ts";
import { signInAsAdmin } from "./moderators.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { answerQuestion } from "./questions.ts";

const WIDTHS = [360, 390] as const;

/** What makes the open page wider than the viewport, or null when it fits. */
async function overflowOf(page: Page, url: string): Promise<string | null> {
  const result = await page.evaluate(() => {
    const viewport = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth <= viewport) return null;
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : "";
      const classes = typeof element.className === "string" ? element.className.trim().split(/\s+/) : [];
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${classes.length ? ` class="${classes.slice(0, 6).join(" ")}"` : ""}> "${text}"`;
    };
    // The elements whose right edge passes the viewport while their parent's does not: the ones to fix.
    const culprits = [...document.body.querySelectorAll("*")]
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ element, right }) => {
        if (right <= viewport + 0.5) return false;
        const parent = element.parentElement;
        return !parent || parent === document.body || parent.getBoundingClientRect().right <= viewport + 0.5;
      })
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(({ element, right }) => `${describe(element)} reaches ${Math.round(right)} px`);
    return `${scrollWidth} px wide: ${culprits.join("; ") || "no element found (a scrolled container?)"}`;
  });
  return result && `${url} at ${await page.evaluate(() => window.innerWidth)} px is ${result}`;
}

/**
 * Each page is loaded once, at the narrowest width, and the wider ones are reached by turning the viewport: the
 * media queries and the layout follow a resize as they follow a load, and one load per page halves the spec.
 */
async function expectAllFit(page: Page, urls: readonly string[], widths: readonly number[] = WIDTHS) {
  const problems: string[] = [];
  const [narrowest, ...wider] = [...widths].sort((a, b) => a - b);
  for (const url of urls) {
    await page.setViewportSize({ width: narrowest!, height: 800 });
    await page.goto(url);
    // A finger, not a pointer: every control is 24 px or has room around it (WCAG 2.2's target size).
    await expectAccessible(page, ["target-size"]);
    for (const width of [narrowest!, ...wider]) {
      if (width !== narrowest) await page.setViewportSize({ width, height: 800 });
      const problem = await overflowOf(page, url);
      if (problem) problems.push(problem);
    }
  }
  expect(problems, "pages wider than the phone").toEqual([]);
}

/** The address of the first link matching `selector` on `url`. */
async function firstLink(page: Page, url: string, selector: string): Promise<string> {
  await page.goto(url);
  const href = await page.locator(selector).first().getAttribute("href");
  expect(href, `a link ${selector} on ${url}`).toBeTruthy();
  return href ?? "";
}

async function widePng() {
  return sharp({ create: { width: 1600, height: 300, channels: 3, background: { r: 51, g: 72, b: 164 } } })
    .png()
    .toBuffer();
}

const LONG_URL = `https://exemplo.com.br/documentacao/${"caminho-muito-comprido/".repeat(8)}index.html?filtro=${"x".repeat(60)}`;
const LONG_CODE = `node_modules/.pnpm/${"pacote-com-nome-bem-grande".repeat(4)}/dist/index.js`;
const WIDE_LINE = `const resultado = await fetch("${LONG_URL}", { method: "POST", headers: { "Content-Type": "application/json" } });`;

/** Rich text with everything that tends to push a page sideways on a phone. */
function longContent(image: string) {
  return [
    "<h2>Contexto</h2>",
    `<p>Segui a documentação em <a href="${LONG_URL}">${LONG_URL}</a> e rodei <code>node --inspect</code>.</p>`,
    `<p>O erro aponta para <code>${LONG_CODE}</code> sempre.</p>`,
    `<pre><code class="language-javascript">${WIDE_LINE}\n${WIDE_LINE}</code></pre>`,
    `<p><img src="${image}" alt="Captura de tela do erro" width="1600" height="300"></p>`,
    `<blockquote><p>${"a".repeat(120)}</p></blockquote>`,
    "<ul><li>Primeiro passo</li><li>Segundo passo</li></ul>",
  ].join("");
}

const VISITOR_PAGES = [
  "/",
  "/questions",
  "/questions?sort=top&filter=unanswered",
  "/questions?filtro=novo",
  "/questions/tagged/node-js",
  "/blog",
  "/blog?page=2",
  "/blog/ranking",
  "/tags",
  "/membros",
  "/u/anabeatriz",
  "/search?q=react",
  "/newsletter",
  "/privilegios",
  "/entrar",
  "/cadastro",
  "/esqueci-a-senha",
  "/recuperar-senha?token=nao-existe",
  "/conta-removida",
  "/coming-soon",
  "/uma-pagina-que-nao-existe",
  "/test",
];

for (const url of VISITOR_PAGES) {
  test(`a visitor's ${url} fits a phone's width`, async ({ page }) => {
    await expectAllFit(page, [url]);
  });
}

test("the landing page fits a tablet too: the featured cards fanned out behind the stack stay inside", async ({
  page,
}) => {
  await expectAllFit(page, ["/"], [768, 820]);
});

test("a visitor's question and blog post fit a phone's width", async ({ page }) => {
  const question = await firstLink(page, "/questions", "article h2 a[href^='/questions/']");
  const post = await firstLink(page, "/blog", "article a[href^='/blog/']:not([href^='/blog/tag'])");
  await expectAllFit(page, [question, post]);
});

test(`every page a member reaches fits ${WIDTHS.join(" and ")} px, long content included`, async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page);
  const upload = await page.request.post("/api/uploads", {
    multipart: { file: { name: "tela.png", mimeType: "image/png", buffer: await widePng() } },
  });
  expect(upload.status()).toBe(201);
  const { url: image } = (await upload.json()) as { url: string };
  const asked = await page.request.post("/ask-a-question", {
    form: {
      title: `Erro ao rodar o servidor com o inspetor ligado ${Date.now()}`,
      description: `<p>Quando rodo <code>${LONG_CODE}</code> o processo cai.</p>`,
      "description-format": "html",
      details: longContent(image),
      "details-format": "html",
      tags: "node.js",
    },
    maxRedirects: 0,
  });
  expect(asked.status()).toBe(302);
  const question = asked.headers().location ?? "";
  expect(question).toMatch(/^\/questions\/\d+$/);
  await answerQuestion(page, question, longContent(image));

  // A display name without a single space (an e-mail, a handle) must break too: in the greeting, the profile's
  // heading, and beside the member's answer.
  await page.goto("/configuracoes");
  await page.getByLabel("Nome", { exact: true }).fill("Maximiliano_Albuquerque_Bragança_Vasconcelos_dev");
  await page.getByRole("button", { name: "Salvar perfil" }).click();
  await expect(page.getByText("Perfil atualizado.")).toBeVisible();
  const profile = await page.locator("main a[href^='/u/']").first().getAttribute("href");
  expect(profile).toBeTruthy();
  await expectAllFit(page, [
    "/",
    question,
    `${question}/editar`,
    "/ask-a-question",
    "/write-a-post",
    "/favoritos",
    "/notifications",
    "/configuracoes",
    profile ?? "",
    "/membros",
    "/search?q=inspetor",
  ]);
});

test("on a phone the pagination keeps to one row and its links keep their names", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  // The style guide's example, page 3 of 10: ellipses on both sides, the widest row there is.
  await page.goto("/test");
  const example = page.getByRole("navigation", { name: "Paginação" });
  await expect(example.getByRole("link", { name: "3", exact: true })).toHaveAttribute("aria-current", "page");
  for (const name of ["Anterior", "1", "10", "Próxima"]) {
    await expect(example.getByRole("link", { name, exact: true })).toBeVisible();
  }
  const tops = await example
    .getByRole("link")
    .evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
  expect(tops).toHaveLength(5);
  expect(new Set(tops).size, `link tops: ${tops.join(", ")}`).toBe(1);

  // A real list pages on through the arrow, named Próxima.
  await page.goto("/blog?page=2");
  const pagination = page.getByRole("navigation", { name: "Paginação" });
  await pagination.getByRole("link", { name: "Próxima" }).click();
  await expect(page).toHaveURL(/\/blog\?page=3$/);
  await expect(pagination.getByRole("link", { name: "3", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("the moderation's pages fit a phone: review queue, log, filters, flag page, history, a profile's panel", async ({
  page,
}) => {
  test.slow();
  // A new member's first question: a card in the review queue ("Primeira publicação").
  await signUp(page);
  const asked = await page.request.post("/ask-a-question", {
    form: {
      title: `Uma pergunta para a fila de revisão ${Date.now()}`,
      description: "<p>Um texto com tamanho suficiente para a pergunta passar nas regras.</p>",
      details: "<p>O que eu tentei e o que eu esperava, com detalhes suficientes.</p>",
      tags: "javascript",
    },
    maxRedirects: 0,
  });
  expect(asked.status()).toBe(302);
  const question = asked.headers().location ?? "";
  const profile = await firstLink(page, question, "article a[href^='/u/']");
  await page.context().clearCookies();
  await signInAsAdmin(page);
  await expectAllFit(page, [
    "/revisao",
    "/moderacao/registro",
    "/moderacao/filtros",
    "/administracao",
    `/sinalizar?tipo=answer&id=1`,
    `${question}/historico`,
    profile,
    "/privilegios",
  ]);
});

test("a strip of tabs wider than the phone fades at the edge where more is hidden", async ({ page }) => {
  const fades = () =>
    page.getByRole("navigation", { name: "Atividade do membro" }).evaluate((nav) => {
      const strip = nav.querySelector("ul")!;
      const style = getComputedStyle(strip);
      return {
        scrolls: strip.scrollWidth > strip.clientWidth,
        start: style.getPropertyValue("--scroll-fade-start"),
        end: style.getPropertyValue("--scroll-fade-end"),
      };
    });
  const scrollStripTo = (where: "start" | "end") =>
    page.getByRole("navigation", { name: "Atividade do membro" }).evaluate((nav, to) => {
      const strip = nav.querySelector("ul")!;
      strip.scrollLeft = to === "end" ? strip.scrollWidth : 0;
    }, where);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/u/anabeatriz");
  await expect.poll(fades).toEqual({ scrolls: true, start: "0px", end: "32px" });
  await scrollStripTo("end");
  await expect.poll(fades).toEqual({ scrolls: true, start: "32px", end: "0px" });
  // Where the strip fits, nothing fades.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect.poll(fades).toEqual({ scrolls: false, start: "0px", end: "0px" });
});
