// ADR 014 and ADR 030: a visitor's page is whole server HTML, painted before any module; the app loads once the
// page is shown and the browser is idle, or at the first reach for a control. A click, typing or a submission
// that comes before the app still does what it would on a hydrated page.
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { holdTheApp, scriptsFetched } from "./hydration.ts";

test("a visitor's question page is whole without a script; the copy buttons are already there", async ({
  page,
}) => {
  // The first paint waits for no module: the HTML carries none that the browser would run or fetch.
  const html = await (await page.request.get("/questions/1")).text();
  expect(html).not.toMatch(/<script[^>]*type="module"/);
  expect(html).not.toContain('rel="modulepreload"');
  const scripts = scriptsFetched(page);
  await holdTheApp(page);
  await page.goto("/questions/1");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.mouse.wheel(0, 600);
  // The code blocks' buttons are server HTML.
  await expect(page.getByRole("button", { name: "Copiar código" }).first()).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  expect(scripts.every((path) => path.startsWith("/assets/"))).toBe(true);
});

test("a click before the app arrives is shown as taken, then still does its job", async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto("/questions");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  const blog = page.getByRole("banner").getByRole("link", { name: "Blog" }).first();
  await blog.click();
  await expect(blog).toHaveAttribute("data-sdd-pending", "");
  release();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.locator("[data-sdd-pending]")).toHaveCount(0);
});

test("a menu opened before the app arrives still opens", async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto("/questions/1");
  await page.getByRole("button", { name: "Mais ações" }).first().click();
  release();
  await expect(page.getByRole("menuitem", { name: "Copiar link" })).toBeVisible();
});

test("text typed before the app arrives reaches it", async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto("/blog");
  const search = page.getByRole("banner").getByRole("combobox", { name: "Pesquisar" });
  // One keystroke-free fill: the value is set before React has hydrated.
  await search.fill("qwertyuiop");
  release();
  await expect(page.getByText('Nada foi encontrado para "qwertyuiop"')).toBeVisible({ timeout: 5_000 });
});

test("an answer order chosen before the app arrives is applied", async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto("/questions/1");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  // selectOption sets the value with no pointer, key or focus: the change is handed to the app on arrival.
  await page.getByLabel("Ordenar por").selectOption("oldest");
  release();
  await expect(page).toHaveURL(/[?&]answers=oldest/);
  await expect(page.getByLabel("Ordenar por")).toHaveValue("oldest");
});

test("@phone a visitor reads a question with code on a phone", async ({ page }) => {
  // The fixture's accessibility check runs on arrival: code blocks scroll sideways on a phone, so they must
  // take the keyboard focus.
  await page.goto("/questions/1");
  await expect(page.locator("[data-code-block] pre").first()).toHaveAttribute("tabindex", "0");
});

test("a member's page loads the app at once", async ({ page }) => {
  await signUp(page);
  const scripts = scriptsFetched(page);
  await page.goto("/questions");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(scripts.some((path) => path.includes("entry.client"))).toBe(true);
});

test("a page that is its own animation hydrates on load", async ({ page }) => {
  const scripts = scriptsFetched(page);
  await page.goto("/coming-soon");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(scripts.some((path) => path.includes("entry.client"))).toBe(true);
});
