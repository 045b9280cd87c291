// A moderator runs a busy day from the review queue with the keyboard alone, on the flags' tab: spam comes before
// a duplicate, the tabs show their counts. On a 360 px phone, the spammer is suspended from the spam's card with
// the content removed in the same step: the queue stays on its tab, says who was suspended until when and that
// the question was removed (in view, and to screen readers), the card is gone and visitors no longer find the
// spam. Then, at the desk, a question flagged "duplicada de #N" is closed from its card with the reason and the
// original already filled in, and leaves the queue saying so. The content is made with requests; the queue is
// the point.
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { randomIp, signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { makeModerator, ownHandle, signInAsAdmin } from "./moderators.ts";
import { askQuestion } from "./questions.ts";
import { earnVotingRights } from "./reputation.ts";
import { enableTwoFactor } from "./two-factor.ts";

/** Presses Tab until `target` has the focus (it must be reachable in `max` presses), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 25): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

async function flag(page: Page, question: string, fields: Record<string, string>): Promise<void> {
  const id = question.split("/").pop()!;
  // The flag page's address, as its form posts it (the page answers 404 without an item).
  const response = await page.request.post(`/sinalizar?tipo=question&id=${id}`, {
    form: { kind: "question", id, ...fields },
    headers: { "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": randomIp() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test("a moderator suspends a spammer and closes a duplicate from the queue, keyboard only", async ({
  page,
  browser,
}) => {
  // Four people (an administrator, a moderator, a flagger, a newcomer) before the queue is opened.
  test.slow();
  const stamp = randomBytes(4).toString("hex");

  // The moderator, promoted by the administrator; with two-factor sign-in on, as staff must be (ADR 049).
  const moderator = await signUp(page, { name: `Moderação ${stamp}` });
  await enableTwoFactor(page, moderator);
  const others = await browser.newContext();
  const other = await others.newPage();
  await signInAsAdmin(other);
  await makeModerator(other, await ownHandle(page));
  const originalTitle = `Como comparar duas datas em JavaScript? ${stamp}`;
  const original = await askQuestion(page, {
    title: originalTitle,
    description: "Quero saber se uma data vem antes da outra sem converter tudo para texto.",
    details: "Tentei comparar com == e nunca dá verdadeiro, mesmo com datas iguais.",
    tags: "javascript",
  });
  const originalId = original.split("/").pop()!;

  // A newcomer posts spam, and a question already answered elsewhere.
  const spammerName = `Vendedor de Cupons ${stamp}`;
  await signUp(other, { name: spammerName });
  const spamTitle = `Cupom imperdível de cursos de programação ${stamp}`;
  const spam = await askQuestion(other, {
    title: spamTitle,
    description: "Compre hoje o pacote completo com 90% de desconto, só clicar e pagar no cartão.",
    details: "Oferta por tempo limitado, garanta já a sua vaga antes que acabe o estoque.",
    tags: "carreira",
  });
  const duplicateTitle = `Comparar datas no JavaScript sem converter para string ${stamp}`;
  const duplicate = await askQuestion(other, {
    title: duplicateTitle,
    description: "Preciso saber qual de duas datas é a mais antiga sem transformar em texto.",
    details: "Com == o resultado é sempre falso, mesmo quando as duas datas são iguais.",
    tags: "javascript",
  });

  // A member who may flag (a confirmed e-mail and a few points) flags both.
  const flagger = await signUp(other, { name: `Sinalizadora ${stamp}` });
  await earnVotingRights(other, flagger, browser);
  await flag(other, spam, { reason: "spam" });
  await flag(other, duplicate, { reason: "duplicate", duplicateOf: `#${originalId}` });
  await others.close();

  // The queue, on its flags' tab: the tabs show their counts, and spam comes before the duplicate.
  await page.goto("/revisao?tipo=sinalizacoes");
  const tabs = page.getByRole("navigation", { name: "Tipos de item" });
  await expect(tabs.getByRole("link", { name: /^Sinalizações \(\d+\)$/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(tabs.getByRole("link", { name: /^Todos \(\d+\)$/ })).toBeVisible();
  const spamCard = page.getByRole("article", { name: spamTitle });
  const duplicateCard = page.getByRole("article", { name: duplicateTitle });
  await expect(spamCard).toBeVisible();
  await expect(duplicateCard).toBeVisible();
  const titles = await page.locator("[data-review-card] h2").allTextContents();
  expect(titles.indexOf(spamTitle)).toBeLessThan(titles.indexOf(duplicateTitle));
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // On a 360 px phone: the spammer suspended from the spam's card, the spam removed in the same step.
  await page.setViewportSize({ width: 360, height: 780 });
  await spamCard.focus();
  await tabTo(page, spamCard.getByText("Suspender quem escreveu"));
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(spamCard.getByLabel("Dias de suspensão")).toBeFocused();
  await expect(spamCard.getByLabel("Dias de suspensão")).toHaveValue("7");
  await page.keyboard.press("Tab");
  await expect(spamCard.getByLabel("Motivo (o membro vê este texto)")).toBeFocused();
  await page.keyboard.type("Propaganda de cursos pagos.");
  await page.keyboard.press("Tab");
  const remove = spamCard.getByRole("checkbox", { name: "Remover também este conteúdo" });
  await expect(remove).toBeFocused();
  await expect(remove).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(spamCard.getByRole("button", { name: "Suspender", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");

  // The queue says what happened where the card was (in view, above the next card, which has the focus) and to
  // screen readers, on the same tab; the card is gone.
  const suspended = new RegExp(
    `^${spammerName} foi suspenso até \\d\\d/\\d\\d/\\d{4}, \\d\\d:\\d\\d e a pergunta foi removida\\.$`,
  );
  await expect(page.locator("p:not([role=status])", { hasText: suspended })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("status").filter({ hasText: suspended })).toHaveCount(1);
  await expect(spamCard).toHaveCount(0);
  await expect(page).toHaveURL(/\/revisao\?tipo=sinalizacoes$/);
  await expect(page.locator("[data-review-card]:focus")).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);

  // Back at the desk, the duplicate: its close form is open with the reason and the original filled in.
  await page.setViewportSize({ width: 1280, height: 800 });
  await duplicateCard.focus();
  const closeButton = duplicateCard.getByRole("button", { name: "Fechar", exact: true });
  await expect(duplicateCard.getByRole("radio", { name: "Duplicada" })).toBeChecked();
  await expect(duplicateCard.getByLabel("Pergunta original (se duplicada)")).toHaveValue(originalId);
  await tabTo(page, closeButton);
  await page.keyboard.press("Enter");
  const closed = `Pergunta fechada como duplicada de #${originalId}: as sinalizações foram resolvidas e ela saiu da fila.`;
  await expect(page.locator("p:not([role=status])", { hasText: closed })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("status").filter({ hasText: closed })).toHaveCount(1);
  await expect(duplicateCard).toHaveCount(0);
  await expect(page).toHaveURL(/\/revisao\?tipo=sinalizacoes$/);
  await expect(page.locator("[data-review-card]:focus, h2[tabindex='-1']:focus")).toHaveCount(1);
  await expectAccessible(page);

  // Visitors no longer find the spam; the duplicate points to the original.
  const visitors = await browser.newContext();
  // (Its address sends them to the list, which may lag a few seconds: the answer itself is what counts.)
  const spamPage = await visitors.request.get(spam, { maxRedirects: 0 });
  expect([302, 303, 404, 410], `the spam answered ${spamPage.status()}`).toContain(spamPage.status());
  expect(await spamPage.text()).not.toContain(spamTitle);
  const duplicatePage = await visitors.request.get(duplicate);
  expect(await duplicatePage.text()).toContain(originalTitle);
  await visitors.close();
});
