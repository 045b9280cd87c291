// The search finds what was meant (ADR 033): a swapped letter, two words that begin words, a tag name, a
// plural typed with or without its accents.
import { expect, test } from "./fixtures.ts";
import { signUp } from "./auth.ts";
import { askQuestion } from "./questions.ts";

const DOCKER = "Contêiner Docker não conecta no PostgreSQL que roda no host";
const REACT = "Por que meu useEffect roda duas vezes no React 18?";

test("the header box finds React for `recat` and the Docker question for `docker postgres`", async ({
  page,
}) => {
  await page.goto("/");
  const search = page.getByRole("banner").getByRole("combobox", { name: "Pesquisar" });
  const results = page.getByRole("listbox", { name: "Resultados da busca" });
  const questions = results.getByRole("group", { name: "Perguntas" }).getByRole("option");

  await search.fill("recat");
  await expect(questions.filter({ hasText: REACT })).toHaveCount(1);

  await search.fill("docker postgres");
  await expect(questions.filter({ hasText: DOCKER })).toHaveCount(1);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=docker\+postgres/);
  const found = page.getByRole("region", { name: "Resultados: Perguntas" }).getByRole("article");
  await expect(found.filter({ hasText: DOCKER })).toHaveCount(1);
});

test("/search finds by tag name, forgives a swapped letter and reads funções as funcao", async ({ page }) => {
  // Tagged [javascript] without the word in its text. Other specs ask javascript questions on the same server,
  // and those match the word itself, so the demo's question may be on a later page: it must be on one of them.
  const found = page.getByRole("region", { name: "Resultados: Perguntas" }).getByRole("article");
  let onPage = 0;
  for (let number = 1; number <= 5 && !onPage; number++) {
    await page.goto(`/search?q=javascript${number > 1 ? `&page=${number}` : ""}`);
    await expect(found.first()).toBeVisible();
    if ((await found.filter({ hasText: REACT }).count()) === 1) onPage = number;
    else if ((await page.getByRole("link", { name: "Próxima" }).count()) === 0) break;
  }
  expect(onPage, `"${REACT}" among the results for javascript`).toBeGreaterThan(0);

  for (const [typo, title] of [
    ["pandsa", "Pandas: agrupar vendas por mês"],
    ["dokcer", DOCKER],
  ]) {
    await page.goto(`/search?q=${typo}`);
    await expect(found.filter({ hasText: title! })).toHaveCount(1);
  }

  // Words only a post has: the search opens on the posts it found, not on "nothing found" among questions.
  await page.goto(`/search?q=${encodeURIComponent("ilustrações svg")}`);
  const kinds = page.getByRole("navigation", { name: "Tipos de resultado" });
  await expect(kinds.getByRole("link", { name: "Perguntas (0)" })).toBeVisible();
  await expect(kinds.locator('[aria-current="page"]')).toHaveText(/^Posts \(\d+\)$/);
  await expect(page.getByRole("article").first()).toContainText(/SVG/i);
  // Only spaces: the page asks for words, as with an empty box, and finds nothing for " ".
  await page.goto("/search?q=%20%20%20");
  await expect(page.getByText("Digite o que procura: perguntas, posts, membros ou tags.")).toBeVisible();
  await expect(page.getByText(/Nada foi encontrado/)).toHaveCount(0);

  await signUp(page);
  const title = `Funções assíncronas dentro de um forEach ${Date.now()}`;
  await askQuestion(page, {
    title,
    description: "As funções não esperam umas pelas outras dentro do laço.",
    details: "Tentei com for...of e esperava que cada uma terminasse antes da próxima.",
    tags: "javascript",
  });
  for (const q of ["funções", "funcao", "funcoes"]) {
    await page.goto(`/search?q=${encodeURIComponent(q)}`);
    await expect(found.filter({ hasText: title })).toHaveCount(1);
  }
  // The word as written is highlighted when the singular was typed.
  await expect(found.filter({ hasText: title }).locator("mark").first()).toHaveText("Funções");
});
