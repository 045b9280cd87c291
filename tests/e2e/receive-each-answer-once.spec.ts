// A question page's bodies travel once: the document carries each answer as HTML and its hydration data only
// a reference, and the app adopts the HTML already in the page. Whatever happens next — hydration, a vote
// that reloads the data, leaving and coming back — each answer still reads the same, with one copy button
// per code block that works.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { answerQuestion, askQuestion } from "./questions.ts";
import { earnVotingRights } from "./reputation.ts";
import { expect, test } from "./fixtures.ts";

async function questionWithACodeAnswer(page: Page, stamp: string): Promise<string> {
  await signUp(page, { name: "Ana Pergunta" });
  const question = await askQuestion(page, {
    title: `Como ler um arquivo linha a linha em Node? ${stamp}`,
    description: "Preciso ler um arquivo grande sem carregar tudo na memória de uma vez.",
    details: "Tentei readFileSync, mas o processo fica sem memória com arquivos grandes.",
    tags: "node.js",
  });
  await signUp(page, { name: "Bia Responde" });
  await answerQuestion(
    page,
    question,
    `<p>Use o módulo readline, resposta ${stamp}.</p>` +
      "<pre><code>for await (const linha of rl) console.log(linha);</code></pre>",
  );
  return question;
}

async function expectAnswerIntact(page: Page, stamp: string) {
  const answer = page.getByRole("article", { name: "Resposta de Bia Responde" });
  await expect(answer.getByText(`Use o módulo readline, resposta ${stamp}.`)).toBeVisible();
  await expect(answer.locator("pre")).toHaveCount(1);
  await expect(answer.getByRole("button", { name: "Copiar código" })).toHaveCount(1);
  return answer;
}

test("a member's page carries each answer once and keeps it through hydration, votes and navigation", async ({
  page,
  browser,
}) => {
  const stamp = randomBytes(4).toString("hex");
  const question = await questionWithACodeAnswer(page, stamp);
  const caio = await signUp(page, { name: "Caio Leitor" });
  await earnVotingRights(page, caio, browser);

  // The document holds the answer (and the structured data) in the page, not again in the hydration data.
  const html = await (await page.request.get(question)).text();
  const hydrationData = [...html.matchAll(/streamController\.enqueue\(([\s\S]*?)\);<\/script>/g)]
    .map((match) => match[1])
    .join("");
  expect(hydrationData).toContain("Caio Leitor");
  expect(hydrationData).not.toContain(`resposta ${stamp}`);
  expect(hydrationData).not.toContain("QAPage");
  expect(html).toContain(`Use o módulo readline, resposta ${stamp}.`);
  expect(html).toContain('data-page-html="answer-');

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(question);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  let answer = await expectAnswerIntact(page, stamp);
  await answer.getByRole("button", { name: "Copiar código" }).click();
  await expect(answer.getByRole("button", { name: "Copiado!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    "for await (const linha of rl) console.log(linha);",
  );

  // A vote reloads the page's data (with the HTML in it this time): the answer stays as it was.
  await answer.getByRole("button", { name: "Votar positivamente" }).click();
  await expect(answer.getByRole("button", { name: "Votar positivamente" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(answer.getByLabel("Pontuação: 1")).toBeVisible();
  answer = await expectAnswerIntact(page, stamp);

  // Away and back inside the app: the page comes from a data request and renders the same.
  await page.getByRole("banner").getByRole("link", { name: "Questões" }).click();
  await expect(page).toHaveURL(/\/questions$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${question}$`));
  await expectAnswerIntact(page, stamp);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(stamp);
});

test("a visitor's page keeps its bodies when the app arrives on the first click", async ({
  page,
  browser,
}) => {
  const stamp = randomBytes(4).toString("hex");
  const question = await questionWithACodeAnswer(page, stamp);

  const visitor = await browser.newPage();
  // The app also loads when the browser is idle (ADR 030): its modules are held back until the first click,
  // so that click, not a quiet moment, is what brings the app in.
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  await visitor.route(/\/assets\/.+\.js$/, async (route) => {
    await appHeld;
    await route.continue();
  });
  await visitor.goto(question);
  await expectAnswerIntact(visitor, stamp);
  await expect(visitor.locator("html[data-hydrated]")).toHaveCount(0);
  // The first reach for a control loads the app; the page must read the same afterwards.
  await visitor.getByRole("button", { name: "Mais ações" }).first().click();
  releaseApp();
  await expect(visitor.getByRole("menuitem", { name: "Copiar link" })).toBeVisible();
  await visitor.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await visitor.keyboard.press("Escape");
  await expectAnswerIntact(visitor, stamp);
  await expect(visitor.getByText("Preciso ler um arquivo grande sem carregar tudo")).toBeVisible();
  await visitor.close();
});
