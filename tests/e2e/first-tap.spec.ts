// ADR 030: a visitor's page paints from server HTML, then the app loads on idle, so that React usually owns the
// page before the first tap; a tap that still comes first shows at once that it was taken and is carried out
// when the app arrives. scripts/first-tap.ts measures how fast; this proves what happens.
import { expect, test } from "./fixtures.ts";
import { holdTheApp, scriptsFetched } from "./hydration.ts";

test("a visitor's page hydrates on idle, with no interaction at all", async ({ page }) => {
  const scripts = scriptsFetched(page);
  await page.goto("/questions");
  // No pointer, key, touch or focus: the page is shown and the browser is idle, so the app comes by itself.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 10_000 });
  expect(scripts.some((path) => path.includes("entry.client"))).toBe(true);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a tap on the menu before the app arrives is taken at once and opens the menu", async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto("/questions");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    const menu = page.getByRole("button", { name: "Abrir menu" });
    await menu.tap();
    // Visible feedback before React: the button shows it was taken.
    await expect(menu).toHaveAttribute("data-sdd-pending", "");
    release();
    await expect(page.getByRole("navigation", { name: "Menu móvel" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Fechar menu" })).toHaveAttribute("aria-expanded", "true");
  });

  test("a tap on the menu just after load opens it", async ({ page }) => {
    await page.goto("/blog");
    await page.getByRole("button", { name: "Abrir menu" }).tap();
    await expect(page.getByRole("navigation", { name: "Menu móvel" })).toBeVisible();
  });
});

test("a click on Login just after load opens the dialog in place", async ({ page }) => {
  await page.goto("/questions/1");
  await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("dialog").getByLabel("Email")).toBeVisible();
  await expect(page).toHaveURL(/\/questions\/1\?auth=signIn$/);
});

test("a click on a question of the list before the app arrives still navigates", async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto("/questions");
  const card = page.getByRole("main").getByRole("heading", { level: 2 }).first().getByRole("link");
  const title = await card.innerText();
  await card.click();
  await expect(card).toHaveAttribute("data-sdd-pending", "");
  release();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/questions\/\d+$/);
});
