import { expect, test } from "./fixtures.ts";

test("the blog pages through its posts with the spec's pagination", async ({ page }) => {
  await page.goto("/blog");
  const pagination = page.getByRole("navigation", { name: "Paginação" });
  await expect(page.getByRole("article")).toHaveCount(10);
  await expect(pagination.getByRole("link", { name: "Anterior" })).toBeDisabled();
  await expect(pagination.getByRole("link", { name: "1", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await pagination.getByRole("link", { name: "Próxima" }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(pagination.getByRole("link", { name: "2", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(pagination.getByRole("link", { name: "Anterior" })).toBeEnabled();
  const last = pagination.getByRole("link", { name: /^\d+$/ }).last();
  await last.click();
  await expect(pagination.getByRole("link", { name: "Próxima" })).toBeDisabled();
  expect(await pagination.getByRole("link", { name: /^\d+$/ }).count()).toBeLessThanOrEqual(5);
});

test("a list with a single page shows no pagination", async ({ page }) => {
  await page.goto("/questions/tagged/pandas");
  await expect(page.getByRole("navigation", { name: "Paginação" })).toHaveCount(0);
});

test("a page past the end of the questions says so and leads back to the first", async ({ page }) => {
  await page.goto("/questions?sort=top&page=999");
  await expect(page.getByText("Esta página não existe.")).toBeVisible();
  await page.getByRole("link", { name: "Voltar para a primeira página" }).click();
  await expect(page).toHaveURL(/\/questions\?sort=top$/);
  await expect(page.getByRole("article").first()).toBeVisible();
});
