// Questions and posts that lead to each other (ADR 043): the author of an answer turns it into a post from
// the answer's menu, publishes it, and the post says where it came from while the question shows "Virou
// post"; a reader asks about the post and the question is listed under it.
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { answerQuestion, askQuestion } from "./questions.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { editorIn } from "./rich-text.ts";

const ANSWER =
  "Use toSorted com uma função que compara os timestamps: o array original fica como estava e a ordem sai certa.";

async function newMember(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, { name });
  return { page, close: () => context.close() };
}

/** A question by Ana with an answer by the member signed in on `page`; returns the question's address. */
async function answeredQuestion(page: Page, browser: Browser, title: string): Promise<string> {
  const ana = await newMember(browser, "Ana Pergunta");
  const question = await askQuestion(ana.page, {
    title,
    description: "Tenho uma lista de eventos com datas e preciso mostrar do mais antigo ao mais novo.",
    details: "Tentei sort com subtração de strings; esperava a ordem das datas.",
    tags: "javascript",
  });
  await ana.close();
  await answerQuestion(page, question, `<p>${ANSWER}</p>`);
  return question;
}

test("an answer becomes a post that says where it came from; a reader asks about the post", async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = randomBytes(3).toString("hex");
  const title = `Como ordenar eventos por data em JavaScript? ${stamp}`;
  await signUp(page, { name: "Bia Responde" });
  const question = await answeredQuestion(page, browser, title);

  // The answer's menu: "Transformar em post" opens the writer on a draft made from it.
  await page.goto(question);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const answer = page.getByRole("article", { name: "Resposta de Bia Responde" });
  await answer.getByRole("button", { name: "Mais ações" }).click();
  await page.getByRole("menuitem", { name: "Transformar em post" }).click();
  await expect(page).toHaveURL(/\/write-a-post\?rascunho=\d+$/);
  await expect(page.getByText("Rascunho feito de uma resposta em")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Título", exact: true })).toHaveValue(title);
  const editor = await editorIn(page, "Texto do post");
  await expect(editor).toContainText(ANSWER);
  await expect(page.getByRole("button", { name: "Remover tag javascript" })).toBeVisible();
  await expectAccessible(page);

  // Published: the post links back to the answer.
  await page.getByRole("button", { name: "Postar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const postPath = new URL(page.url()).pathname;
  expect(postPath).toMatch(/^\/blog\//);
  const origin = page.getByText("Este post nasceu de uma resposta em");
  await expect(origin).toBeVisible();
  await expect(origin.getByRole("link", { name: title })).toHaveAttribute(
    "href",
    new RegExp(`^${question}#resposta-\\d+$`),
  );

  // The question shows it under the answer: to its author, and to a visitor at once.
  await page.goto(question);
  await expect(
    page.getByRole("article", { name: "Resposta de Bia Responde" }).getByText("Virou post:"),
  ).toBeVisible();
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(question);
  await expect(visitorPage.getByRole("link", { name: title }).first()).toHaveAttribute("href", postPath);
  await expect(visitorPage.getByText("Virou post:")).toBeVisible();
  await visitor.close();

  // A reader asks about the post: the ask page says which post, and the question is listed under it.
  const caio = await newMember(browser, "Caio Leitor");
  await caio.page.goto(postPath);
  await caio.page.getByRole("link", { name: "Perguntar sobre este post" }).click();
  await expect(caio.page).toHaveURL(/\/ask-a-question\?sobre=/);
  await expect(caio.page.getByText(`Sobre o post: ${title}`)).toBeVisible();
  const asked = `E se as datas vierem em fusos horários diferentes? ${stamp}`;
  await caio.page.getByRole("textbox", { name: "Título" }).fill(asked);
  const details = await editorIn(caio.page, "Quais são os detalhes do seu problema?");
  await details.click();
  await caio.page.keyboard.type("As datas chegam de servidores em fusos diferentes e a ordem sai trocada.");
  const tried = await editorIn(caio.page, "O que você tentou e o que estava esperando?");
  await tried.click();
  await caio.page.keyboard.type("Tentei converter para UTC antes; esperava a mesma ordem do post.");
  const tags = caio.page.getByRole("combobox", { name: "Tags (até 5)" });
  await tags.fill("javascript");
  await tags.press("Enter");
  await caio.page.getByRole("button", { name: "Poste sua pergunta" }).click();
  await expect(caio.page.getByRole("heading", { level: 1, name: asked })).toBeVisible();
  await expect(caio.page.getByText("Pergunta sobre o post")).toBeVisible();
  await expect(caio.page.getByRole("link", { name: title })).toHaveAttribute("href", postPath);

  await caio.page.goto(postPath);
  const about = caio.page.getByRole("region", { name: "Perguntas sobre este post" });
  await expect(about.getByRole("link", { name: asked })).toBeVisible();
  await expect(about).toContainText("sem respostas");
  await caio.close();
});

test("@phone the post from an answer and its questions fit a 390 px phone", async ({ page, browser }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const stamp = randomBytes(3).toString("hex");
  const title = `Ordenar datas num celular sem rolar para o lado ${stamp} ${"muito".repeat(8)}`;
  await signUp(page, { name: "Bia Responde" });
  const question = await answeredQuestion(page, browser, title);
  // The form post of the answer's menu, as a browser without JavaScript sends it.
  await page.goto(question);
  const answerId = (await page
    .getByRole("article", { name: "Resposta de Bia Responde" })
    .getAttribute("id"))!.replace("resposta-", "");
  const made = await page.request.post(`/respostas/${answerId}/transformar-em-post`, {
    headers: { "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(made.status()).toBe(302);
  await page.goto(made.headers().location!);
  await editorIn(page, "Texto do post");
  await page.getByRole("button", { name: "Postar" }).click();
  await expect(page.getByText("Este post nasceu de uma resposta em")).toBeVisible();
  await expect(page.getByRole("link", { name: "Perguntar sobre este post" })).toBeVisible();
  for (const path of [new URL(page.url()).pathname, question]) {
    await page.goto(path);
    const widths = await page.evaluate(() => ({
      viewport: window.innerWidth,
      document: document.documentElement.scrollWidth,
    }));
    expect(widths.document, `${path} scrolls sideways`).toBeLessThanOrEqual(widths.viewport);
  }
});
