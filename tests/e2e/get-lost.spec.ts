import { test as base } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

test.describe("placeholder pages @phone", () => {
  test("an unknown address answers 404 with the brand's not-found page", async ({ page }) => {
    const response = await page.goto("/essa-pagina-nao-existe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/404\s*(- )?Page not Found/);
    // The same name on phones, where the dash gives way to a line break.
    await expect(page.getByRole("heading", { level: 1, name: "404 - Page not Found" })).toBeVisible();
    const subtitle = "A página que está procurando não existe ou está temporariamente indisponível.";
    // Typed letter by letter at 45 ms: after the whole run the visible text is complete.
    await expect(page.locator("[data-typed]").first()).toHaveText(subtitle, { timeout: 10_000 });
    // The text is in the page once: a search for it finds one element.
    await expect(page.getByText(subtitle)).toBeVisible();
    for (const landmark of ["banner", "navigation", "main", "contentinfo"] as const) {
      await expect(page.getByRole(landmark)).toBeVisible();
    }
    const back = page.getByRole("link", { name: "Voltar para a Suporte de Domingo" });
    await expect(back).toHaveAttribute("href", /^https?:\/\//);
  });

  test("the coming-soon page types its title, then its subtitle with a cursor", async ({ page }) => {
    await page.goto("/coming-soon");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Coming soon!");
    const typed = page.locator("[data-typed]");
    await expect(typed.nth(0)).toHaveText("Coming soon!", { timeout: 5_000 });
    await expect(typed.nth(1)).toHaveText("Estamos cozinhando algo, de devs para devs", { timeout: 8_000 });
    // The blinking cursor is on the subtitle only.
    await expect(page.getByRole("heading", { level: 1 }).locator(".typewriter-cursor")).toHaveCount(0);
    await expect(page.getByRole("main").locator("p .typewriter-cursor")).toHaveCount(1);
    // Each text is in the page once: a search for it finds one element.
    await expect(page.getByText("Coming soon!")).toBeVisible();
    await expect(page.getByText("Estamos cozinhando algo, de devs para devs")).toBeVisible();
    await expect(page.getByRole("navigation")).toBeVisible();
  });
});

test("the 404 headline drops its dash for a line break on phones", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/nada-aqui");
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading.locator("br")).toHaveCSS("display", /^(?!none).*/);
  await expect(heading.locator("span", { hasText: "-" })).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(heading.locator("br")).toHaveCSS("display", "none");
  await expect(heading.locator("span", { hasText: "-" })).toBeVisible();
});

// A paused, controlled clock: the page's timers advance only when the test says so, so the pace is exact.
// (The plain test: the fixture's accessibility check after each visit needs time to flow; the same page is
// checked by the tests above.)
base("the typing goes at 45 ms a character", async ({ page }) => {
  await page.clock.install({ time: new Date("2026-11-22T12:00:00Z") });
  await page.clock.pauseAt(new Date("2026-11-22T12:00:01Z"));
  await page.goto("/nada-aqui");
  const typed = page.locator("[data-typed]").first();
  await expect(typed).toHaveAttribute("data-typed", "0");
  await page.clock.runFor(45 * 10);
  await expect(typed).toHaveAttribute("data-typed", "10");
  await page.clock.runFor(45 * 5);
  await expect(typed).toHaveAttribute("data-typed", "15");
});
