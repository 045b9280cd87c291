// Finding questions: the sort links change the address and the order, the filter modal applies through the
// address and saves filters for members, tag pages and /tags, and the list pages.
import type { Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { ensureTags } from "./moderators.ts";

const USE_EFFECT = "Por que meu useEffect roda duas vezes no React 18?";

function previews(page: Page) {
  return page.getByRole("list", { name: "Perguntas" }).getByRole("article");
}

async function askByForm(page: Page, title: string, tags: string) {
  const response = await page.request.post("/ask-a-question", {
    form: {
      title,
      description: "Uma descrição com texto suficiente para passar na regra.",
      details: "O que tentei e o que esperava, com texto suficiente.",
      tags,
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

test("the sort links change the address and the order", async ({ page }) => {
  await page.goto("/questions");
  await expect(page.getByRole("heading", { level: 1, name: "Todas as Perguntas" })).toBeVisible();
  const sorts = page.getByRole("navigation", { name: "Ordenar perguntas" });
  await expect(sorts.getByRole("link")).toHaveText(["Novo", "Top", "Bounty", "Semana", "Mês"]);
  await expect(sorts.getByRole("link", { name: "Novo" })).toHaveAttribute("aria-current", "page");

  await sorts.getByRole("link", { name: "Top" }).click();
  await expect(page).toHaveURL(/\/questions\?sort=top$/);
  await expect(sorts.getByRole("link", { name: "Top" })).toHaveAttribute("aria-current", "page");
  // Scores never go up down the list.
  const scores = await previews(page).evaluateAll((cards) =>
    cards.map((card) => Number.parseInt(card.querySelector("dd")?.textContent ?? "0", 10)),
  );
  expect(scores.length).toBeGreaterThan(1);
  expect([...scores].sort((a, b) => b - a)).toEqual(scores);

  await sorts.getByRole("link", { name: "Bounty" }).click();
  await expect(page).toHaveURL(/sort=bounty$/);
  await sorts.getByRole("link", { name: "Mês" }).click();
  await expect(page).toHaveURL(/sort=month$/);
  await expect(previews(page).first()).toBeVisible();

  // Recommended topics lead to the tag's list; 'Ver mais tópicos' to every tag.
  await page.getByRole("link", { name: "Ciência de Dados" }).first().click();
  await expect(page).toHaveURL(/\/questions\/tagged\/ciencia-de-dados$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Perguntas sobre Ciência de Dados" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Ver mais tópicos" }).click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tópicos" })).toBeVisible();
  await expect(page.getByRole("link", { name: "postgresql" })).toBeVisible();
});

test("the filter modal applies through the address, closes on Cancelar and the overlay", async ({ page }) => {
  await page.goto("/questions");
  const open = page.getByRole("link", { name: "Criar Filtro Customizado" });
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Criar Filtro Customizado" });
  await expect(dialog).toBeVisible();
  for (const label of [
    "Sem respostas",
    "Sem resposta aceitada",
    "Com Bounty",
    "Mais recentes",
    "Atividade Recente",
    "Mais respostas",
    "Bounty prestes á expirar",
    "Minhas Tags seguidas",
    "As seguintes Tags",
  ]) {
    await expect(dialog.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByPlaceholder("ex; javascript, python, sql.....")).toBeVisible();

  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  // The keyboard's place is the link that opened it, by Cancelar or by Escape.
  await expect(open).toBeFocused();
  await open.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await open.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(10, 10);
  await expect(dialog).toBeHidden();

  // Sem respostas: the answered sample question leaves the list.
  await open.click();
  await dialog.getByLabel("Sem respostas").check();
  await dialog.getByRole("button", { name: "Aplicar Filtro" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/questions\?filter=unanswered$/);
  await expect(page.getByText("Filtro aplicado:")).toBeVisible();
  await expect(page.getByRole("link", { name: USE_EFFECT })).toHaveCount(0);

  // As seguintes Tags: the typed tags only.
  await open.click();
  await dialog.getByLabel("Sem respostas").uncheck();
  await dialog.getByPlaceholder("ex; javascript, python, sql.....").fill("sql");
  await dialog.getByRole("button", { name: "Aplicar Filtro" }).click();
  await expect(page).toHaveURL(/\/questions\?tags=sql$/);
  // Every card carries the tag, once the new list replaced the unanswered one (the address changes first).
  const cards = previews(page);
  const tagged = cards.filter({ has: page.getByRole("link", { name: "sql", exact: true }) });
  await expect(tagged.first()).toBeVisible();
  await expect(async () => expect(await tagged.count()).toBe(await cards.count())).toPass();
});

test("a member saves a custom filter and finds it under Filtros Customizados; a visitor is asked to sign in", async ({
  page,
}) => {
  await page.goto("/questions");
  await page.getByRole("link", { name: "Criar Filtro Customizado" }).click();
  let dialog = page.getByRole("dialog", { name: "Criar Filtro Customizado" });
  await dialog.getByLabel("Com Bounty").check();
  await dialog.getByRole("button", { name: "Salvar filtro customizado" }).click();
  await expect(page).toHaveURL(/\/entrar\?redirectTo=%2Fquestions%3Ffilter%3Dbounty/);

  await signUp(page);
  await page.goto("/questions");
  await page.getByRole("link", { name: "Criar Filtro Customizado" }).click();
  dialog = page.getByRole("dialog", { name: "Criar Filtro Customizado" });
  await dialog.getByLabel("Sem resposta aceitada").check();
  await dialog.getByLabel("Atividade Recente").check();
  await dialog.getByRole("button", { name: "Salvar filtro customizado" }).click();
  await expect(dialog.getByText("Dê um nome ao filtro (até 60 caracteres).")).toBeVisible();
  await dialog.getByLabel("Nome do filtro").fill("Abertas por atividade");
  await dialog.getByRole("button", { name: "Salvar filtro customizado" }).click();
  await expect(page).toHaveURL(/\/questions\?filter=no-accepted&sort=activity$/);
  const saved = page.getByRole("region", { name: "Filtros Customizados" }).getByRole("link", {
    name: "Abertas por atividade",
  });
  await expect(saved).toBeVisible();
  await page.goto("/questions");
  await saved.click();
  await expect(page).toHaveURL(/\/questions\?filter=no-accepted&sort=activity$/);
});

test("the list pages ten at a time over the real total", async ({ page, browser }) => {
  await signUp(page);
  const stamp = Date.now();
  await ensureTags(browser, `lote-${stamp}`);
  for (let i = 0; i < 11; i++) {
    await askByForm(page, `Pergunta para paginar número ${i} do lote ${stamp}`, `lote-${stamp}`);
  }
  await page.goto(`/questions/tagged/lote-${stamp}`);
  await expect(page.getByText("11 perguntas", { exact: true })).toBeVisible();
  await expect(previews(page)).toHaveCount(10);
  const pagination = page.getByRole("navigation", { name: "Paginação" });
  await pagination.getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/questions/tagged/lote-${stamp}\\?page=2$`));
  await expect(previews(page)).toHaveCount(1);
  await expect(
    page.getByRole("link", { name: `Pergunta para paginar número 0 do lote ${stamp}` }),
  ).toBeVisible();

  // The whole list pages too.
  await page.goto("/questions?page=2");
  await expect(previews(page).first()).toBeVisible();
  await expect(pagination.getByRole("link", { name: "2", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
});
