// Following end to end: A follows B and a tag; B answers A's question and asks one in the tag; A's bell
// count rises without a reload (server-sent events fed by LISTEN/NOTIFY); A opens it and they are read.
import type { Page } from "@playwright/test";
import { signOut, signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { writeLanded } from "./hydration.ts";
import { ensureTags } from "./moderators.ts";

/** Posts the ask form as a browser without JavaScript would (plain-text details) and returns the new path. */
async function ask(page: Page, title: string, tag: string): Promise<string> {
  const response = await page.request.post("/ask-a-question", {
    form: {
      title,
      description: "Quero entender como as notificações chegam sem recarregar a página do navegador.",
      details: "Tentei recarregar a página várias vezes; esperava ver o número subir sozinho.",
      tags: tag,
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text().catch(() => "")).toBe(302);
  return response.headers()["location"] ?? "";
}

function bellCount(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: "Notificações" }).locator("span").first();
}

test("following people and tags brings live notifications to the bell", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const tag = `avisos${stamp}`;
  await ensureTags(browser, tag);
  await signUp(page, { name: "Ana Notificada" });
  const questionPath = await ask(page, `Como funcionam as notificações ao vivo? ${stamp}`, tag);
  expect(questionPath).toMatch(/^\/questions\/\d+$/);

  const biaContext = await browser.newContext();
  const bia = await biaContext.newPage();
  await signUp(bia, { name: `Bia Autora ${stamp}` });
  await bia.goto("/");
  await bia.getByRole("button", { name: "Menu do usuário" }).click();
  const profilePath = await bia.getByRole("menuitem", { name: "Ver Perfil" }).getAttribute("href");
  expect(profilePath).toMatch(/^\/u\//);

  // A follows the tag and B.
  await page.goto(`/questions/tagged/${tag}`);
  const tagFollowed = writeLanded(page, "/api/tag-follows");
  await page.getByRole("button", { name: `Seguir a tag ${tag}` }).click();
  await tagFollowed;
  await expect(page.getByRole("button", { name: `Seguindo a tag ${tag}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.goto(profilePath!);
  const personFollowed = writeLanded(page, "/api/follows");
  await page.getByRole("button", { name: /^Seguir Bia Autora/ }).click();
  await personFollowed;
  await expect(page.getByRole("button", { name: /^Seguindo Bia Autora/ })).toBeVisible();

  // A reads the blog; nothing new yet.
  await page.goto("/blog");
  await expect(bellCount(page)).toHaveCount(0);

  // B answers A's question and asks one in the tag A follows.
  const answered = await bia.request.post(`${questionPath}.data`, {
    form: {
      intent: "answer",
      body: "As notificações chegam por server-sent events alimentados pelo LISTEN/NOTIFY.",
    },
  });
  expect(answered.status()).toBe(200);
  // One at first, in the singular.
  const bell = page.getByRole("banner").getByRole("link", { name: "Notificações" });
  await expect(bellCount(page)).toHaveText(/^1/, { timeout: 15_000 });
  await expect(bell).toHaveAccessibleDescription("1 não lida");
  await ask(bia, `Outra dúvida sobre avisos em tempo real ${stamp}`, tag);

  // A's bell rises without a reload.
  await expect(bellCount(page)).toHaveText(/^2/, { timeout: 15_000 });
  // The bell's name stays "Notificações"; a screen reader hears the count as its description.
  await expect(bell).toHaveAccessibleDescription("2 não lidas");
  // B learned about the new follower, too.
  await bia.goto("/notifications");
  await expect(bia.getByRole("link", { name: /Ana Notificada começou a seguir você/ })).toBeVisible();

  // A opens the bell: both are listed, and they are read.
  await page.getByRole("banner").getByRole("link", { name: "Notificações" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("link", { name: /respondeu sua pergunta/ })).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(`Nova pergunta em ${tag}`) })).toBeVisible();
  await expect(bellCount(page)).toHaveCount(0, { timeout: 10_000 });
  await page.reload();
  await expect(bellCount(page)).toHaveCount(0);
  await biaContext.close();
});

test("a member chooses which notifications also come by e-mail", async ({ page }) => {
  await signUp(page);
  await page.goto("/configuracoes");
  const section = page.getByRole("region", { name: "Notificações por e-mail" });
  await section.getByRole("checkbox", { name: "Novos seguidores" }).check();
  await section.getByRole("checkbox", { name: "Resumo semanal com o que não li" }).check();
  await section.getByRole("button", { name: "Salvar preferências" }).click();
  await expect(section.getByRole("status")).toHaveText("Preferências salvas.");
  await page.reload();
  await expect(section.getByRole("checkbox", { name: "Novos seguidores" })).toBeChecked();
  await expect(section.getByRole("checkbox", { name: "Resumo semanal com o que não li" })).toBeChecked();
  await expect(section.getByRole("checkbox", { name: "Curtidas nos seus posts" })).not.toBeChecked();
});

test("the bell of a page whose session ended elsewhere stops quietly, with no error in the console", async ({
  page,
}) => {
  await signUp(page);
  await page.goto("/notifications");
  // The session ends (as from another tab); the page's EventSource connects again, as it does after a drop.
  await signOut(page);
  const outcome = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const source = new EventSource("/notifications/stream");
        source.onerror = () => resolve(source.readyState === EventSource.CLOSED ? "closed" : "retrying");
        source.onopen = () => resolve("open");
      }),
  );
  expect(outcome).toBe("closed");
  // The fixture fails the test if the console logged an error (a 401 did).
});
