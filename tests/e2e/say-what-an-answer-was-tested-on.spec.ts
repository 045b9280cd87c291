// A member answers saying it was tested on node 24; another member says it no longer works on node 26 and the
// author agrees, so the answer "pode estar desatualizada desde node 26" — at once for the author, with
// the next request for a visitor. The order "funcionam na versão mais nova primeiro" and the reader's version
// picker work from the address; on a phone the page does not scroll sideways.
import type { Browser, Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { ensureTags } from "./moderators.ts";
import { askQuestion } from "./questions.ts";

async function memberPage(
  browser: Browser,
  name: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, { name });
  return { page, close: () => context.close() };
}

async function ask(page: Page, stamp: number): Promise<string> {
  return askQuestion(page, {
    title: `Por que o fetch falha com certificado no Node? ${stamp}`,
    description:
      "<p>Meu fetch no Node falha com UNABLE_TO_VERIFY_LEAF_SIGNATURE ao chamar a API interna.</p>",
    details: "<p>Tentei NODE_TLS_REJECT_UNAUTHORIZED=0 e esperava uma forma segura de resolver.</p>",
    tags: "node",
  });
}

// Versions are named by the question's tag: "node", which the demo community does not have.
test.beforeAll(async ({ browser }) => ensureTags(browser, "node"));

test("an answer tested on node 24 is marked outdated since node 26; the order and the reader's version follow", async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  await signUp(page, { name: "Quem Pergunta Versões" });
  const question = await ask(page, stamp);

  // The answerer writes the answer with "Testada em": a word is refused by the field, then node 24.
  const answerer = await memberPage(browser, "Quem Responde Versões");
  const a = answerer.page;
  await a.goto(question);
  // No answer says what it was tested on yet: "Uso a versão…" has nothing to tell, so it is not offered.
  await expect(a.getByRole("heading", { name: "0 Respostas" })).toBeVisible();
  await expect(a.getByRole("form", { name: "Sua versão" })).toHaveCount(0);
  const editor = a.getByRole("textbox", { name: "Sua resposta" });
  await expect(async () => {
    await editor.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(editor).toHaveAttribute("contenteditable", "true", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await editor.click();
  await a.keyboard.type("Passe o certificado da sua CA com a opção ca do Agent do undici.");
  const version = a.getByRole("textbox", { name: "node" });
  await version.fill("vinte e quatro");
  await a.getByRole("button", { name: "Poste sua resposta" }).click();
  await expect(a.getByText("Informe a versão como números separados por ponto")).toBeVisible();
  await a.getByRole("textbox", { name: "node" }).fill("24");
  await a.getByRole("button", { name: "Poste sua resposta" }).click();
  const card = a.locator("article[id^='resposta-']").first();
  await expect(card.getByRole("listitem", { name: "Testada em node 24" })).toBeVisible();
  await expect(a.getByRole("form", { name: "Sua versão" })).toBeVisible();

  // Another member: "não funciona mais na versão node 26" — one mark is not enough.
  const marker = await memberPage(browser, "Quem Marca Versões");
  const m = marker.page;
  await m.goto(question);
  const markerCard = m.locator("article[id^='resposta-']").first();
  await markerCard.getByText("Não funciona mais na versão…").click();
  await markerCard.getByRole("combobox", { name: "Tag" }).selectOption("node");
  await markerCard.getByRole("textbox", { name: "Versão" }).fill("26");
  await markerCard.getByRole("button", { name: "Marcar como desatualizada" }).click();
  await expect(markerCard.getByText("Você marcou: não funciona mais em node 26.")).toBeVisible();
  await expect(markerCard.getByText(/Pode estar desatualizada/)).toHaveCount(0);

  // The author agrees: their own mark shows the notice at once.
  await a.reload();
  await card.getByText("Não funciona mais na versão…").click();
  await card.getByRole("textbox", { name: "Versão" }).fill("26");
  await card.getByRole("button", { name: "Marcar como desatualizada" }).click();
  await expect(card.getByRole("note")).toHaveText("Pode estar desatualizada desde node 26");

  // A visitor sees it with the next request (the write named the question's page, ADR 028).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await expect(async () => {
    await visitor.goto(question);
    await expect(visitor.getByText("Pode estar desatualizada desde node 26")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 3_000 });

  // A visitor's mark opens the sign-in modal instead (as votes do), and is sent once they are in.
  const visitorCard = visitor.locator("article[id^='resposta-']").first();
  await visitorCard.getByText("Não funciona mais na versão…").click();
  await visitorCard.getByRole("textbox", { name: "Versão" }).fill("27");
  await visitorCard.getByRole("button", { name: "Marcar como desatualizada" }).click();
  await expect(visitor.getByRole("dialog", { name: "Login" })).toBeVisible();

  // A second answer tested on node 22 comes first in "funcionam na versão mais nova primeiro" (the other is outdated).
  await m.goto(question);
  const second = m.getByRole("textbox", { name: "Sua resposta" });
  await expect(async () => {
    await second.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(second).toHaveAttribute("contenteditable", "true", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await second.click();
  await m.keyboard.type("No Node 22 use a variável NODE_EXTRA_CA_CERTS com o arquivo da CA.");
  await m.getByRole("textbox", { name: "node" }).fill("22");
  await m.getByRole("button", { name: "Poste sua resposta" }).click();
  await expect(m.getByRole("listitem", { name: "Testada em node 22" })).toBeVisible();

  await visitor.goto(question);
  await visitor.getByRole("combobox", { name: "Ordenar por" }).selectOption("newest-version");
  await expect(visitor).toHaveURL(/answers=newest-version/);
  const cards = visitor.locator("article[id^='resposta-']");
  await expect(cards.first().getByRole("listitem", { name: "Testada em node 22" })).toBeVisible();
  await expect(cards.nth(1).getByRole("note")).toHaveText("Pode estar desatualizada desde node 26");

  // The reader uses node 24.3: the node 24 answer applies; node 26 says it may not; "só as que se aplicam" filters.
  await visitor.getByRole("textbox", { name: "Versão", exact: true }).fill("24.3");
  await visitor.getByRole("button", { name: "Ver quais se aplicam" }).click();
  await expect(visitor.getByText("Se aplica à sua versão (node 24.3)")).toBeVisible();
  await expect(visitor.getByText("Testada em outra versão (node 24.3)")).toBeVisible();
  await visitor.goto(`${question}?versao=node@26&aplicaveis=1`);
  await expect(visitor.locator("article[id^='resposta-']")).toHaveCount(0);
  await expect(visitor.getByText("2 respostas escondidas por não se aplicar à sua versão.")).toBeVisible();

  await visitorContext.close();
  await answerer.close();
  await marker.close();
});

test("@phone a question whose answers name versions fits 390 px without sideways scroll", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const stamp = Date.now();
  const asker = await memberPage(browser, "Pergunta no Celular");
  const question = await ask(asker.page, stamp);
  const response = await asker.page.request.post(question, {
    form: {
      intent: "answer",
      "body-format": "html",
      body: "<p>Use o Agent do undici com a CA da empresa, testado no node.</p>",
      "versao:node": "24.11.1-lts",
    },
    headers: { "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(400);
  await asker.close();
  await page.goto(`${question}?versao=node@24.12`);
  await expect(page.getByRole("listitem", { name: "Testada em node 24.11.1-lts" })).toBeVisible();
  await expect(page.getByText("Se aplica à sua versão (node 24.12)")).toBeVisible();
  const overflow = await page.evaluate(() => {
    const viewport = window.innerWidth;
    if (document.documentElement.scrollWidth <= viewport) return null;
    // The elements whose right edge passes the viewport while their parent's does not.
    return [...document.body.querySelectorAll("*")]
      .filter((element) => {
        const parent = element.parentElement;
        return (
          element.getBoundingClientRect().right > viewport + 0.5 &&
          (!parent || parent.getBoundingClientRect().right <= viewport + 0.5)
        );
      })
      .slice(0, 3)
      .map((element) => `<${element.tagName.toLowerCase()} class="${String(element.className)}">`);
  });
  expect(overflow, "elements past 390 px").toBeNull();
});
