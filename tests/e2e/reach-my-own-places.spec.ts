// A member reaches their favourites, drafts, notifications and settings from their own menu, on a desktop (the
// avatar menu) and on a phone (the hamburger's user block).
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { answerQuestion, askQuestion } from "./questions.ts";
import { earnVotingRights } from "./reputation.ts";

const places = [
  { name: "Favoritos", path: "/favoritos", heading: "Favoritos" },
  { name: "Rascunhos", path: "/rascunhos", heading: "Rascunhos" },
  { name: "Notificações", path: "/notifications", heading: "Notificações" },
  { name: "Configurações", path: "/configuracoes", heading: "Configurações" },
];

test("the avatar menu leads to the profile, favourites, drafts, notifications and settings", async ({
  page,
}) => {
  test.skip(test.info().project.name === "phone", "the phone has the hamburger instead");
  await signUp(page);
  for (const place of places) {
    await page.goto("/questions");
    await page.getByRole("button", { name: "Menu do usuário" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Ver Perfil",
      "Favoritos",
      "Rascunhos",
      "Notificações",
      "Configurações",
      "Sair",
    ]);
    await menu.getByRole("menuitem", { name: place.name }).click();
    await expect(page).toHaveURL(new RegExp(`${place.path}$`));
    await expect(page.getByRole("heading", { level: 1, name: place.heading })).toBeVisible();
  }
});

test("on a tablet the avatar keeps its size beside the search box, and opens the menu", async ({ page }) => {
  test.skip(test.info().project.name === "phone", "the phone has the hamburger instead");
  await signUp(page);
  for (const width of [768, 820, 880]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.goto("/questions");
    const avatar = page.getByRole("button", { name: "Menu do usuário" });
    const box = await avatar.boundingBox();
    expect(box?.width, `${width} px`).toBeGreaterThanOrEqual(32);
    expect((box?.x ?? 0) + (box?.width ?? 0), `${width} px`).toBeLessThanOrEqual(width);
    await avatar.click();
    await expect(page.getByRole("menuitem", { name: "Ver Perfil" })).toBeVisible();
  }
});

test("@phone the hamburger's user block lists the same places", async ({ page }) => {
  test.skip(test.info().project.name !== "phone", "the phone's menu");
  await signUp(page);
  await page.goto("/questions");
  await page.getByRole("banner").getByRole("button", { name: "Abrir menu" }).click();
  const menu = page.locator("#menu-movel");
  for (const name of ["Ver Perfil", "Favoritos", "Rascunhos", "Notificações", "Configurações"]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await menu.getByRole("link", { name: "Configurações", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Configurações" })).toBeVisible();
});

test("favourites count a question's single vote and single answer in the singular", async ({
  page,
  browser,
}) => {
  test.skip(test.info().project.name === "phone", "the same page on a phone");
  await signUp(page);
  const question = await askQuestion(page, {
    title: `Uma pergunta com um voto ${Date.now()}`,
    description: "Um problema descrito com texto suficiente para passar.",
    details: "Tentei de tudo e esperava que funcionasse logo.",
    tags: "javascript",
  });
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await earnVotingRights(other, await signUp(other), browser);
  const form = (fields: Record<string, string>) => ({
    form: fields,
    headers: { "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(
    (await other.request.post(question, form({ intent: "vote", kind: "question", value: "1" }))).status(),
  ).toBeLessThan(400);
  expect((await other.request.post(question, form({ intent: "favorite" }))).status()).toBeLessThan(400);
  await answerQuestion(other, question, "<p>Uma resposta com texto suficiente para passar.</p>");
  await other.goto("/favoritos?tipo=question");
  const item = other.getByRole("article").filter({ hasText: "Uma pergunta com um voto" });
  await expect(item.getByText("1 voto", { exact: true })).toBeVisible();
  await expect(item.getByText("1 resposta", { exact: true })).toBeVisible();
  await otherContext.close();
});
