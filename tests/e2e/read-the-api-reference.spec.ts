// /api/docs: the REST API's reference, rendered by the site from its own OpenAPI document — every operation
// under its tag with a curl example, how to get a token, the error codes, the limits and the pages — readable
// with a screen reader's landmarks and headings, reached from the footer, and no wider than a phone.
import { expect, test } from "./fixtures.ts";

test("the reference lists every operation of the document, found from the footer @phone", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "API", exact: true }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page.getByRole("heading", { level: 1, name: "API pública (v1)" })).toBeVisible();
  await expect(page.getByRole("main")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Seções da referência" })).toBeVisible();

  const openapi = (await (await page.request.get("/api/v1/openapi.json")).json()) as {
    paths: Record<string, Record<string, { operationId: string; summary: string }>>;
  };
  const operations = Object.values(openapi.paths).flatMap((item) => Object.values(item));
  expect(operations.length).toBeGreaterThan(15);
  for (const operation of operations) {
    const article = page.locator(`article#${operation.operationId}`);
    await expect(article.getByRole("heading", { level: 3, name: operation.summary })).toBeAttached();
    await expect(article.locator("pre")).toContainText("curl");
  }
  for (const name of ["Começando", "Páginas e cache", "Erros", "Limites", "Perguntas", "Esquemas"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeAttached();
  }
  await expect(page.getByRole("link", { name: "Configurações → Tokens de acesso" })).toBeVisible();
  await expect(page.getByText("insufficient_scope").first()).toBeAttached();

  await page.setViewportSize({ width: 360, height: 800 });
  await page.reload();
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
});
