// A member flags a question as spam with the dialog of its "Mais ações" menu; a moderator's own spam flag (on
// the page that works without JavaScript) hides it at once, so visitors no longer see it; the moderator finds
// it through the header's "Revisão" count, deletes it from the queue, and the first flagger reads the outcome
// in their notifications. A member without the privilege is told what the queue needs.
import { randomBytes } from "node:crypto";
import { signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { makeModerator, ownHandle, signInAsAdmin } from "./moderators.ts";
import { askQuestion } from "./questions.ts";
import { earnVotingRights } from "./reputation.ts";
import { enableTwoFactor } from "./two-factor.ts";

test("a flagged question is hidden, reviewed and its flagger told the outcome", async ({ page, browser }) => {
  // Four people and a dozen pages, each checked for accessibility.
  test.slow();
  const stamp = randomBytes(4).toString("hex");
  const title = `Ganhe dinheiro rápido com este curso incrível ${stamp}`;
  await signUp(page, { name: "Ana Anuncia" });
  const question = await askQuestion(page, {
    title,
    description: "Compre agora o curso que vai mudar a sua vida, só hoje com desconto.",
    details: "Clique no link e pague com cartão, com texto suficiente para passar.",
    tags: "carreira",
  });
  const questionId = question.split("/").pop()!;

  // A visitor reads the question (the visitor cache now holds it).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(question);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // Caio (a confirmed e-mail and his first points: what flagging takes) flags it as spam with the dialog.
  const caio = await signUp(page, { name: "Caio Sinaliza" });
  await earnVotingRights(page, caio, browser);
  await page.goto(question);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const questionArticle = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: title }) });
  const menuButton = questionArticle.getByRole("button", { name: "Mais ações" }).first();
  await menuButton.click();
  await page.getByRole("menuitem", { name: "Sinalizar" }).click();
  const dialog = page.getByRole("dialog", { name: "Sinalizar pergunta" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  // The radio group answers the keyboard.
  const spam = dialog.getByRole("radio", { name: "É spam" });
  await spam.focus();
  await page.keyboard.press("Space");
  await expect(spam).toBeChecked();
  await dialog.getByRole("button", { name: "Enviar sinalização" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Obrigado! A moderação vai analisar sua sinalização.");
  await dialog.getByRole("button", { name: "Fechar" }).last().click();
  await expect(dialog).toBeHidden();
  await expect(menuButton).toBeFocused();

  // A second flag by the same member is refused with the message next to the form.
  await menuButton.click();
  await page.getByRole("menuitem", { name: "Sinalizar" }).click();
  await dialog.getByRole("radio", { name: "É ofensivo ou abusivo" }).check();
  await dialog.getByRole("button", { name: "Enviar sinalização" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Você já sinalizou este conteúdo.");
  await page.keyboard.press("Escape");

  // Caio cannot open the review queue: it says what it takes.
  const refused = await page.request.get("/revisao");
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("Revisar exige 2.000 pontos de reputação. Faltam 1.979 pontos.");

  // A moderator flags it too, on the flag page (no JavaScript needed): it is hidden at once.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  const moderatorContext = await browser.newContext();
  const moderator = await moderatorContext.newPage();
  // Moderators hold their powers only with two-factor sign-in on (ADR 049).
  await enableTwoFactor(moderator, await signUp(moderator, { name: "Mona Moderação" }));
  await makeModerator(admin, await ownHandle(moderator));
  await moderator.goto(`/sinalizar?tipo=question&id=${questionId}`);
  await expect(moderator.getByRole("heading", { level: 1, name: "Sinalizar pergunta" })).toBeVisible();
  await expectAccessible(moderator);
  await moderator.getByRole("radio", { name: "É spam" }).check();
  await moderator.getByRole("button", { name: "Enviar sinalização" }).click();
  await expect(moderator.getByRole("main").getByRole("status")).toHaveText(
    "Obrigado! O conteúdo foi ocultado até que a moderação o revise.",
  );

  // Visitors no longer see it (the cached copy is gone too).
  await visitor.goto(question);
  await expect(visitor).toHaveURL(/\/questions$/);
  await expect(visitor.getByRole("heading", { name: title })).toHaveCount(0);

  // The moderator follows the header's count to the queue.
  await moderator.goto("/");
  const reviewLink = moderator.getByRole("link", { name: /^Revisão \(\d+ ite(m|ns)\)$/ });
  await expect(reviewLink).toBeVisible();
  await reviewLink.click();
  await expect(moderator.getByRole("heading", { level: 1, name: "Revisão" })).toBeVisible();
  await expectAccessible(moderator);
  // The queue is oldest first, and the suite's other new members fill it with first posts: the moderator
  // narrows it to flags, as one does on a busy site.
  await moderator
    .getByRole("navigation", { name: "Tipos de item" })
    .getByRole("link", { name: "Sinalizações" })
    .click();
  await expect(moderator).toHaveURL(/tipo=sinalizacoes/);
  const card = moderator.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText("Oculto até a revisão")).toBeVisible();
  await expect(card.getByText("É spam")).toHaveCount(2);
  await expect(card.getByRole("link", { name: "Caio Sinaliza" })).toBeVisible();
  await expect(card.getByText(/Autor: Ana Anuncia · 1 ponto de reputação/)).toBeVisible();
  // j / k move between cards while the focus is in the list.
  await card.focus();
  await moderator.keyboard.press("k");
  await expect(moderator.locator("[data-review-card]:focus")).toHaveCount(1);

  await card.getByRole("button", { name: "Excluir" }).click();
  await expect(moderator.getByRole("status").filter({ hasText: "Conteúdo excluído." })).toBeVisible();
  await expect(moderator.getByRole("article", { name: title })).toHaveCount(0);
  // The focus moved on: to the next card, or to the empty queue's heading.
  await expect(moderator.locator("[data-review-card]:focus, h2[tabindex='-1']:focus")).toHaveCount(1);

  // Caio reads the outcome.
  await page.goto("/notifications");
  await expect(
    page.getByText(`Sua sinalização em “${title}” foi considerada útil: o conteúdo foi removido.`),
  ).toBeVisible();

  // The removal can be taken back from the queue: the item is back on the site and in the queue.
  await moderator.getByRole("button", { name: "Desfazer" }).click();
  await expect(moderator.getByRole("status").filter({ hasText: "Exclusão desfeita" })).toBeVisible();
  await expect(moderator.getByRole("article", { name: title })).toBeVisible();
  await Promise.all([visitorContext.close(), adminContext.close(), moderatorContext.close()]);
});
