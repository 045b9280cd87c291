// A new member meets the site's defences: an answer with too many links is refused with the reason, comments
// past the hourly limit are refused with the wait, voting down says how much reputation is missing, and a
// question with a word the administrator blocked is held for review (hidden from visitors, its author told).
// The privileges page lists what reputation earns.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { randomIp, signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { E2E_LIMITS } from "./limits.ts";
import { signInAsAdmin } from "./moderators.ts";
import { askQuestion } from "./questions.ts";
import { confirmEmail, earnPoints } from "./reputation.ts";

const stamp = () => randomBytes(4).toString("hex");

async function questionBySomeoneElse(page: Page): Promise<string> {
  await signUp(page, { name: "Ana Pergunta" });
  return askQuestion(page, {
    title: `Como limitar links em respostas? ${stamp()}`,
    description: "Uma descrição com texto suficiente para passar na regra.",
    details: "O que tentei e o que esperava, com texto suficiente.",
    tags: "web",
  });
}

async function answerEditor(page: Page) {
  const editor = page.getByRole("textbox", { name: "Sua resposta" });
  await expect(async () => {
    await editor.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(editor).toHaveAttribute("contenteditable", "true", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  return editor;
}

test("a new member's answer with three links is refused with the reason, and two links go through", async ({
  page,
}) => {
  const question = await questionBySomeoneElse(page);
  await signUp(page, { name: "Caio Novato" });
  await page.goto(question);
  const editor = await answerEditor(page);
  await editor.click();
  await page.keyboard.type(
    "Veja https://a.example.com e https://b.example.com e também https://c.example.com para saber mais. ",
  );
  await page.getByRole("button", { name: "Poste sua resposta" }).click();
  await expect(
    page.getByText(/Sua publicação tem 3 links, e contas novas podem incluir até 2 por publicação\./),
  ).toBeVisible();
  await expect(
    page.getByText(/Publicar links livremente exige 15 pontos de reputação\. Faltam 14 pontos\./),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: /Resposta/, level: 2 }).first()).not.toHaveText(
    "1 Resposta",
  );

  // The typed answer came back; with one link fewer it is published.
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Veja https://a.example.com e https://b.example.com para saber mais sobre isso.");
  await page.getByRole("button", { name: "Poste sua resposta" }).click();
  await expect(page.getByRole("heading", { name: "1 Resposta", exact: true })).toBeVisible();
});

test("a new member who comments too fast is told to wait", async ({ page }) => {
  const question = await questionBySomeoneElse(page);
  await signUp(page, { name: "Duda Comenta" });
  const ip = randomIp();
  // Up to the hourly limit of a new account (RATE_LIMITS.commentsNewMember, lowered on the e2e server) as quick
  // form posts…
  for (let i = 0; i < E2E_LIMITS["write:comment:new"]; i++) {
    const response = await page.request.post(question, {
      form: {
        intent: "comment",
        kind: "question",
        id: question.split("/").pop() ?? "",
        body: `Comentário número ${i} com texto suficiente.`,
      },
      headers: { "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": ip },
    });
    expect(response.status(), `comment ${i}`).toBe(200);
  }
  // …and the next one through the page is refused next to the field.
  await page.goto(question);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByText("Adicionar um comentário").first().click();
  await page
    .getByRole("textbox", { name: "Seu comentário" })
    .first()
    .fill("Mais um comentário, agora já passou do limite.");
  await page.getByRole("button", { name: "Comentar" }).first().click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Você publicou muitos comentários em pouco tempo." }),
  ).toContainText("Contas novas têm um limite menor nos primeiros dias.");
});

test("a fresh member's votes say how much reputation is missing; the privileges page shows the way", async ({
  page,
}) => {
  const question = await questionBySomeoneElse(page);
  await signUp(page, { name: "Edu Recém-chegado" });
  await page.goto(question);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const votes = page.getByRole("article").first();
  const text = votes.getByRole("region", { name: "Descrição" });
  const before = await text.boundingBox();
  await votes.getByRole("button", { name: "Votar negativamente" }).click();
  await expect(votes.getByRole("alert")).toHaveText(
    "Votar negativamente exige 125 pontos de reputação. Faltam 124 pontos.",
  );
  // The refusal shows beside the arrows: the question does not move.
  expect(await text.boundingBox()).toEqual(before);
  // Closed with × from the keyboard, the focus goes back to the arrow that was pressed.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Fechar aviso" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(votes.getByRole("alert")).toHaveCount(0);
  await expect(votes.getByRole("button", { name: "Votar negativamente" })).toBeFocused();
  await expect(votes.getByLabel("Pontuação: 0")).toBeVisible();
  // Voting up comes with the first 15 points.
  await votes.getByRole("button", { name: "Votar positivamente" }).first().click();
  await expect(votes.getByRole("alert")).toHaveText(
    "Votar positivamente exige 15 pontos de reputação. Faltam 14 pontos.",
  );
  await expect(votes.getByLabel("Pontuação: 0")).toBeVisible();
  // Escape closes it too, from the notice the focus goes back to the arrow, and a tap elsewhere closes it, as
  // a tooltip's refusal does on Stack Overflow.
  await page.getByRole("button", { name: "Fechar aviso" }).focus();
  await page.keyboard.press("Escape");
  await expect(votes.getByRole("alert")).toHaveCount(0);
  await expect(votes.getByRole("button", { name: "Votar positivamente" }).first()).toBeFocused();
  await votes.getByRole("button", { name: "Votar positivamente" }).first().click();
  await expect(votes.getByRole("alert")).toBeVisible();
  await text.click();
  await expect(votes.getByRole("alert")).toHaveCount(0);
  // Flagging comes with the same 15 points: the dialog says so instead of a form the server would refuse.
  const menuButton = votes.getByRole("button", { name: "Mais ações" }).first();
  await menuButton.click();
  await page.getByRole("menuitem", { name: "Sinalizar" }).click();
  const flag = page.getByRole("dialog", { name: "Sinalizar pergunta" });
  await expect(flag).toContainText("Sinalizar exige 15 pontos de reputação. Faltam 14 pontos.");
  await expect(flag.getByRole("button", { name: "Enviar sinalização" })).toHaveCount(0);
  await flag.getByRole("button", { name: "Fechar" }).last().click();
  await expect(flag).toBeHidden();
  await expect(menuButton).toBeFocused();
  // The flag page, which works without JavaScript, says the same.
  await page.goto(`/sinalizar?tipo=question&id=${question.split("/").pop()}`);
  await expect(page.getByRole("main")).toContainText(
    "Sinalizar exige 15 pontos de reputação. Faltam 14 pontos.",
  );
  await expect(page.getByRole("button", { name: "Enviar sinalização" })).toHaveCount(0);
  await page.goto(question);

  await page.getByRole("contentinfo").getByRole("link", { name: "Privilégios" }).click();
  await expect(page).toHaveURL(/\/privilegios$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privilégios" })).toBeVisible();
  const voteDown = page.locator('[data-privilege="voteDown"]');
  await expect(voteDown).toContainText("125 pontos");
  await expect(voteDown).toContainText("Faltam 124 pontos");
  await expect(page.locator('[data-privilege="voteUp"]')).toContainText("Faltam 14 pontos");
  await expect(page.locator('[data-privilege="participate"]')).toContainText("Você já tem");
});

test("a member who confirms the e-mail while the question stays open is offered the flag form", async ({
  page,
  browser,
}) => {
  const question = await questionBySomeoneElse(page);
  const member = await signUp(page, { name: "Gil Confirmou Depois" });
  await earnPoints(page, member, browser);
  await page.goto(question);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // The address confirmed from the e-mail (another tab); this page still holds the unconfirmed member.
  await confirmEmail(page, member);
  await page.getByRole("article").first().getByRole("button", { name: "Mais ações" }).first().click();
  await page.getByRole("menuitem", { name: "Sinalizar" }).click();
  const flag = page.getByRole("dialog", { name: "Sinalizar pergunta" });
  await expect(flag.getByRole("button", { name: "Enviar sinalização" })).toBeVisible();
  await expect(flag).not.toContainText("Confirme seu e-mail");
});

test("an administrator blocks a word; a member's question with it is held, hidden from visitors, its author told", async ({
  page,
  browser,
}) => {
  const word = `bloqueada${stamp()}`;
  await signInAsAdmin(page);
  // The administrator reaches the filters from their own menu.
  await page.goto("/questions");
  await page.getByRole("button", { name: "Menu do usuário" }).click();
  await page.getByRole("menuitem", { name: "Filtros contra spam" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Filtros contra spam" })).toBeVisible();
  const words = page.getByRole("region", { name: "Palavras bloqueadas" });
  await words.getByRole("textbox", { name: "Nova palavra ou expressão" }).fill(word);
  await words.getByRole("button", { name: "Adicionar" }).click();
  // The form's own status (a client-side navigation also leaves the route announcer's, empty).
  const status = page.locator("#conteudo").getByRole("status").filter({ hasText: /\S/ });
  await expect(status).toHaveText(`Termo adicionado à lista: ${word}.`);
  await expect(words.getByRole("list", { name: "Palavras bloqueadas" })).toContainText(word);

  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await signUp(memberPage, { name: "Fabi Retida" });
  const title = `Onde compro ${word.toUpperCase()} barato hoje?`;
  const response = await memberPage.request.post("/ask-a-question", {
    form: {
      title,
      description: "Uma descrição com texto suficiente para passar na regra.",
      details: "O que tentei e o que esperava, com texto suficiente.",
      tags: "carreira",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("Sua publicação foi retida para revisão pela moderação.");
  await memberPage.goto("/notifications");
  await expect(memberPage.getByText("Sua publicação foi retida para revisão pela moderação.")).toBeVisible();
  await member.close();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/search?q=${encodeURIComponent(word)}`);
  await expect(visitorPage.getByText(title)).toHaveCount(0);
  await visitorPage.goto("/questions");
  await expect(visitorPage.getByText(title)).toHaveCount(0);
  await visitor.close();

  // The administrator takes the word off the list again.
  await page.goto("/moderacao/filtros");
  await page.getByRole("button", { name: `Remover ${word}` }).click();
  await expect(status).toHaveText("Removido da lista.");
  await expect(page.getByRole("button", { name: `Remover ${word}` })).toHaveCount(0);
});

test("@phone a visitor reads every privilege on a phone, with no one's progress", async ({ page }) => {
  await page.goto("/privilegios");
  await expect(page.getByRole("heading", { level: 1, name: "Privilégios" })).toBeVisible();
  const list = page.getByRole("list", { name: "Privilégios por reputação" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  await expect(page.locator('[data-privilege="editDirectly"]')).toContainText("2.000 pontos");
  await expect(page.locator('[data-privilege="createTag"]')).toContainText("150 pontos");
  await expect(page.getByText(/Faltam|Você já tem/)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Entre na sua conta" })).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
