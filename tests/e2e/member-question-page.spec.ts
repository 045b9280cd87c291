// A member's question page reuses what is the same for every reader (ADR 031): an answer's card is rendered
// once per version of the question and per set of the member's own marks on it, and the browser hydrates it
// like any other markup. A member sees their own vote, comment, follow and edit at once, the next reader sees
// them too without anything of the first member's, and the page hydrates without a mismatch (the fixture
// fails on any console error, React's hydration errors included) and still navigates inside the app.
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { answerQuestion, askQuestion } from "./questions.ts";
import { earnVotingRights } from "./reputation.ts";
import { expect, test } from "./fixtures.ts";

/** Errors logged by the members' own pages (the fixture watches only its `page`). */
const problems: string[] = [];

async function memberPage(browser: Browser, name: string, { votes = false } = {}): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${name}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${name}: ${error.message}`));
  const member = await signUp(page, { name });
  if (votes) await earnVotingRights(page, member, browser);
  return page;
}

async function open(page: Page, question: string) {
  await page.goto(question);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

const answerBy = (page: Page, name: string) => page.getByRole("article", { name: `Resposta de ${name}` });

test("a member sees their own writes at once, the next member sees them without the first one's marks", async ({
  page,
  browser,
}) => {
  const stamp = randomBytes(4).toString("hex");
  await signUp(page, { name: "Ana Pergunta" });
  const question = await askQuestion(page, {
    title: `Como medir o tempo de uma função em Node? ${stamp}`,
    description: "Quero saber quanto tempo uma função assíncrona leva, sem bibliotecas de fora.",
    details: "Tentei Date.now antes e depois, mas queria algo mais preciso.",
    tags: "node.js",
  });
  const bia = await memberPage(browser, "Bia Responde");
  await answerQuestion(bia, question, `<p>Use performance.now(), resposta ${stamp}.</p>`);

  const caio = await memberPage(browser, "Caio Leitor", { votes: true });
  // The first visit renders the card and keeps it; the second is served from it: both hydrate cleanly.
  await open(caio, question);
  await open(caio, question);
  let answer = answerBy(caio, "Bia Responde");
  await expect(answer.getByText(`resposta ${stamp}`)).toBeVisible();

  // Caio's vote, comment and follow show at once and again on the next document. Each shows before the
  // server answers (optimistic); the next document is asked for only once all three were written.
  const written = (page: Page) =>
    page.waitForResponse((response) => response.request().method() === "POST" && response.ok());
  let saved = written(caio);
  await answer.getByRole("button", { name: "Votar positivamente" }).click();
  await expect(answer.getByLabel("Pontuação: 1")).toBeVisible();
  await saved;
  await answer.getByText("Adicionar um comentário").click();
  await answer.getByLabel("Seu comentário").fill(`Funcionou aqui também, comentário ${stamp}.`);
  saved = written(caio);
  await answer.getByRole("button", { name: "Comentar" }).click();
  await expect(answer.getByText(`comentário ${stamp}`)).toBeVisible();
  await saved;
  saved = written(caio);
  await answer.getByRole("button", { name: "Seguir Bia Responde" }).click();
  await expect(answer.getByRole("button", { name: "Seguindo Bia Responde" })).toBeVisible();
  await saved;
  await open(caio, question);
  answer = answerBy(caio, "Bia Responde");
  await expect(answer.getByRole("button", { name: "Votar positivamente" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(answer.getByLabel("Pontuação: 1")).toBeVisible();
  await expect(answer.getByRole("button", { name: "Seguindo Bia Responde" })).toBeVisible();
  await expect(answer.getByRole("button", { name: "Excluir comentário" })).toHaveCount(1);

  // Bia edits her answer: she sees it at once, and so does Caio on his next page.
  const answerId = (await caio.locator("article[id^=resposta-]").first().getAttribute("id"))?.slice(
    "resposta-".length,
  );
  const edited = await bia.request.post(`${question}/respostas/${answerId}/editar`, {
    form: { "body-format": "html", body: `<p>Use performance.now(), editada ${stamp}.</p>` },
    headers: { "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(edited.status()).toBe(302);
  await open(bia, question);
  await expect(answerBy(bia, "Bia Responde").getByText(`editada ${stamp}`)).toBeVisible();
  await open(caio, question);
  await expect(answerBy(caio, "Bia Responde").getByText(`editada ${stamp}`)).toBeVisible();

  // Dani sees the score and Caio's comment, but none of Caio's marks: no pressed vote, no follow, no delete.
  const dani = await memberPage(browser, "Dani Chega");
  await open(dani, question);
  answer = answerBy(dani, "Bia Responde");
  await expect(answer.getByLabel("Pontuação: 1")).toBeVisible();
  await expect(answer.getByText(`comentário ${stamp}`)).toBeVisible();
  await expect(answer.getByRole("button", { name: "Votar positivamente" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(answer.getByRole("button", { name: "Seguir Bia Responde" })).toBeVisible();
  await expect(answer.getByRole("button", { name: "Excluir comentário" })).toHaveCount(0);

  // A link inside a reused card still navigates inside the app, and the way back renders the page again.
  await answer.getByRole("link", { name: "Bia Responde" }).click();
  await expect(dani).toHaveURL(/\/u\//);
  await expect(dani.locator("html[data-hydrated]")).toHaveCount(1);
  await dani.goBack();
  await expect(answerBy(dani, "Bia Responde").getByText(`editada ${stamp}`)).toBeVisible();

  // Caio deletes his comment: the page asks first, Cancelar keeps it, Excluir removes it for everyone.
  await open(caio, question);
  answer = answerBy(caio, "Bia Responde");
  const remove = answer.getByRole("button", { name: "Excluir comentário" });
  await remove.click();
  const confirm = caio.getByRole("alertdialog", { name: "Excluir comentário?" });
  await expect(confirm.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(answer.getByText(`comentário ${stamp}`)).toBeVisible();
  await remove.click();
  saved = written(caio);
  await confirm.getByRole("button", { name: "Excluir", exact: true }).click();
  await saved;
  await expect(answer.getByText(`comentário ${stamp}`)).toHaveCount(0);
  // The focus stays with the answer's comments instead of falling to the top of the page.
  await expect(caio.locator(`#comentarios-answer-${answerId}`)).toBeFocused();
  await open(dani, question);
  await expect(answerBy(dani, "Bia Responde").getByText(`comentário ${stamp}`)).toHaveCount(0);

  for (const other of [bia, caio, dani]) await other.context().close();
  expect(problems, "a member's page logged errors (a hydration mismatch?)").toEqual([]);
});
