// A profile tells a member's history: the "Reputação" tab lists each day's changes with what caused them and on
// which question, and "Principais tags" shows where their answers scored.
import { signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { hydrated } from "./hydration.ts";
import { answerQuestion, askQuestion } from "./questions.ts";

test("an accepted answer shows on its author's profile: +15 that day, on that question, and its tag on top", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const answererContext = await browser.newContext();
  const answerer = await answererContext.newPage();
  await signUp(answerer, { name: `Rui Responde ${stamp}` });
  await answerer.goto("/");
  await answerer.getByRole("button", { name: "Menu do usuário" }).click();
  const profile = await answerer.getByRole("menuitem", { name: "Ver Perfil" }).getAttribute("href");

  await signUp(page, { name: "Ana Aceita" });
  const title = `Como ler um CSV grande aos poucos no Python? ${stamp}`;
  const question = await askQuestion(page, {
    title,
    description: "O arquivo tem 4 GB e a memória acaba antes de terminar de ler.",
    details: "Tentei pandas.read_csv direto e esperava que coubesse na memória.",
    tags: "python",
  });
  await answerQuestion(
    answerer,
    question,
    "<p>Leia em pedaços com chunksize e processe cada um antes do próximo.</p>",
  );
  await page.goto(question);
  await hydrated(page);
  await page.getByRole("button", { name: "Aceitar resposta" }).click();
  await expect(page.getByRole("button", { name: "Desmarcar como aceita" })).toBeVisible();

  await page.goto(profile!);
  await expect(
    page.getByRole("list", { name: "Principais tags" }).getByRole("link", { name: /python/ }),
  ).toBeVisible();
  await page
    .getByRole("navigation", { name: "Atividade do membro" })
    .getByRole("link", { name: "Reputação" })
    .click();
  await expect(page).toHaveURL(/tab=reputacao/);
  const days = page.getByRole("list", { name: "Reputação por dia" });
  await expect(days.getByRole("heading").first()).toContainText("+15");
  // The day holds the change (the innermost item).
  const change = days.getByRole("listitem").filter({ hasText: "resposta aceita" }).last();
  await expect(change).toContainText("+15");
  await change.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`${question}#resposta-\\d+$`));
  await page.goto(`${profile}?tab=reputacao`);
  await expectAccessible(page);
  await answererContext.close();
});
