import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";

test.describe("the landing page @phone", () => {
  test("invites a visitor to the community and the blog", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Suporte de Domingo/);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Todo dev precisa de uma ajuda");
    for (const landmark of ["banner", "main", "contentinfo"] as const) {
      await expect(page.getByRole(landmark)).toHaveCount(1);
    }
    await page.getByRole("link", { name: "Visitar a comunidade" }).click();
    await expect(page).toHaveURL(/\/questions$/);
    await page.goto("/");
    await page.getByRole("link", { name: "Visitar Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test("the featured cards rotate, and only the front card's arrow works", async ({ page }) => {
  await page.goto("/");
  const region = page.getByRole("region", { name: "Destaques" });
  const arrows = region.getByRole("button", { name: "Próximo destaque", includeHidden: true });
  await expect(arrows).toHaveCount(3);
  await expect(region.locator("article:not([aria-hidden=true]) button")).toBeEnabled();
  await expect(region.locator("article[aria-hidden=true] button")).toHaveCount(2);
  for (const button of await region.locator("article[aria-hidden=true] button").all())
    await expect(button).toBeDisabled();

  // A visitor's page hydrates on the first interaction (ADR 014): the click is replayed once React runs, so
  // the rotation is awaited rather than read at once.
  const frontTitle = region.locator('[data-position="card-1"] h2');
  const first = await frontTitle.innerText();
  await region.getByRole("button", { name: "Próximo destaque" }).click();
  await expect(frontTitle).not.toHaveText(first);
  const second = await frontTitle.innerText();
  await region.getByRole("button", { name: "Próximo destaque" }).click();
  await expect(frontTitle).not.toHaveText(second);
  await region.getByRole("button", { name: "Próximo destaque" }).click();
  await expect(frontTitle).toHaveText(first);
});

test("a signed-in member's home offers to ask a question instead of signing up", async ({ page }) => {
  await page.goto("/");
  const hero = page.getByRole("main");
  await expect(hero.getByRole("button", { name: "Cadastro", exact: true })).toBeVisible();
  await signUp(page);
  await page.goto("/");
  await expect(hero.getByRole("button", { name: "Cadastro", exact: true })).toHaveCount(0);
  await hero.getByRole("link", { name: "Fazer uma pergunta" }).click();
  await expect(page).toHaveURL(/\/ask-a-question$/);
});
