// A moderator closes a question as a duplicate of another from the question page: the duplicate says where
// its answer is, the original lists its duplicate, search finds it with is:closed, a member can no longer
// answer it (no form, and the server refuses a post with 409); reopened, the answer form is back.
import { randomBytes } from "node:crypto";
import { randomIp, signIn, signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { makeModerator, ownHandle, signInAsAdmin } from "./moderators.ts";
import { askQuestion } from "./questions.ts";
import { enableTwoFactor } from "./two-factor.ts";

test("a moderator closes a question as a duplicate, then reopens it", async ({ page, browser }) => {
  // A long journey: four members, an administrator, and every page checked with axe.
  test.slow();
  const stamp = randomBytes(4).toString("hex");
  await signUp(page, { name: "Ana Pergunta" });
  const originalTitle = `Como ordenar um array de objetos por data? ${stamp}`;
  const original = await askQuestion(page, {
    title: originalTitle,
    description: "Tenho uma lista de eventos e quero mostrá-los do mais antigo ao mais novo.",
    details: "Tentei sort() sem argumentos e a ordem saiu errada.",
    tags: "javascript",
  });
  const duplicateTitle = `Ordenar objetos pela data em JavaScript ${stamp}`;
  const duplicate = await askQuestion(page, {
    title: duplicateTitle,
    description: "Preciso ordenar objetos que têm um campo de data, do mais antigo ao mais novo.",
    details: "Usei sort() e a ordem ficou estranha, esperava por data.",
    tags: "javascript",
  });

  // A fresh member has no close controls (the privilege needs reputation).
  await signUp(page, { name: "Caio Novato" });
  await page.goto(duplicate);
  await expect(page.getByText("Fechar", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Responder" })).toBeVisible();

  // The moderator: promoted by the administrator on their profile.
  const moderator = await signUp(page, { name: "Bia Moderação" });
  // Moderators hold their powers only with two-factor sign-in on (ADR 049).
  await enableTwoFactor(page, moderator);
  const handle = await ownHandle(page);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAsAdmin(adminPage);
  await makeModerator(adminPage, handle);
  await adminContext.close();

  await page.goto(duplicate);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByText("Fechar", { exact: true }).click();
  const form = page.getByRole("group", { name: "Moderação da pergunta" });
  await expect(form.getByText("0 de 3 votos para fechar")).toBeVisible();
  // The original's field shows only for "Duplicada"; a wrong original is refused next to it.
  const originalField = form.getByLabel("Pergunta original (número ou endereço)");
  await expect(originalField).toBeHidden();
  await form.getByRole("radio", { name: /Duplicada/ }).check();
  await originalField.fill(duplicate);
  await form.getByRole("button", { name: "Fechar pergunta" }).click();
  await expect(page.getByText("Uma pergunta não pode ser duplicada dela mesma.")).toBeVisible();
  await expect(originalField).toHaveAttribute("aria-invalid", "true");
  await originalField.fill(original);
  await form.getByRole("button", { name: "Fechar pergunta" }).click();

  // The banner points to the original, with who closed it; the answer form is gone.
  const banner = page.getByRole("region", { name: "Esta pergunta já tem resposta aqui:" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("Fechada como duplicada por Bia Moderação");
  await expect(page.getByRole("heading", { name: "Responder" })).toHaveCount(0);
  await expect(page.getByText("Esta pergunta está fechada e não aceita novas respostas.")).toBeVisible();
  await banner.getByRole("link", { name: originalTitle }).click();
  await expect(page).toHaveURL(new RegExp(`${original}$`));

  // The original lists its duplicate.
  const duplicates = page.getByRole("region", { name: "Perguntas duplicadas desta" });
  await expect(duplicates.getByRole("link", { name: duplicateTitle })).toBeVisible();

  // Search: is:closed finds it, marked; is:open does not.
  await page.goto(`/search?q=${encodeURIComponent(`${stamp} is:closed`)}`);
  const results = page.getByRole("article").filter({ hasText: duplicateTitle });
  await expect(results).toHaveCount(1);
  await expect(results).toContainText("[duplicada]");
  await expect(page.getByRole("article").filter({ hasText: originalTitle })).toHaveCount(0);
  await page.goto(`/search?q=${encodeURIComponent(`${stamp} is:open`)}`);
  await expect(page.getByRole("article").filter({ hasText: originalTitle })).toHaveCount(1);
  await expect(page.getByRole("article").filter({ hasText: duplicateTitle })).toHaveCount(0);

  // The question list's "Situação" filter: closed questions only, marked.
  await page.goto("/questions?status=closed");
  await expect(page.getByRole("article", { name: `${duplicateTitle} [duplicada]` })).toBeVisible();
  await expect(page.getByRole("article", { name: originalTitle })).toHaveCount(0);

  // A member cannot answer: no form, and the server refuses the post.
  await signUp(page, { name: "Dani Responde" });
  await page.goto(duplicate);
  await expect(page.getByRole("heading", { name: "Responder" })).toHaveCount(0);
  const refused = await page.request.post(duplicate, {
    form: {
      intent: "answer",
      "body-format": "html",
      body: "<p>Uma resposta tardia que não deve entrar.</p>",
    },
    headers: { "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": randomIp() },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("Esta pergunta está fechada e não aceita novas respostas.");

  // The moderator reopens it: the banner goes, the answer form is back.
  await signIn(page, moderator);
  await page.goto(duplicate);
  await page.getByRole("button", { name: "Reabrir" }).click();
  await expect(page.getByRole("region", { name: "Esta pergunta já tem resposta aqui:" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Responder" })).toBeVisible();
  await page.goto(original);
  await expect(page.getByRole("region", { name: "Perguntas duplicadas desta" })).toHaveCount(0);
});

test("the asker closes their own question as a duplicate of one that already answers it", async ({
  page,
}) => {
  const stamp = randomBytes(4).toString("hex");
  await signUp(page, { name: "Duda Perguntadora" });
  const original = await askQuestion(page, {
    title: `Como converter uma string em número no JavaScript? ${stamp}`,
    description: "Recebo um valor de um input e preciso somá-lo a outro número inteiro.",
    details: "Somar direto concatena as duas strings em vez de somar os números.",
    tags: "javascript",
  });
  const mine = await askQuestion(page, {
    title: `Somar valores de inputs dá texto junto em JS ${stamp}`,
    description: "Ao somar dois valores de campos do formulário o resultado sai colado, não somado.",
    details: "Usei o operador + e esperava a soma dos dois números digitados.",
    tags: "javascript",
  });
  // A fresh member cannot vote to close, but the asker may mark their own question as a duplicate.
  await page.goto(mine);
  await page.getByText("Marcar como duplicada", { exact: true }).click();
  await page.getByLabel("Pergunta original (número ou endereço)").fill(original);
  await page.getByRole("button", { name: "Fechar como duplicada" }).click();
  await expect(page.getByText("Esta pergunta já tem resposta aqui:")).toBeVisible();
  await expect(page.getByText("Marcar como duplicada", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Responder" })).toHaveCount(0);
});
