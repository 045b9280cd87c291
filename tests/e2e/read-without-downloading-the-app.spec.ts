// ADR 014: a visitor who only reads downloads no module; the first reach for a control loads the app, and
// the click, the typing or the submission that started it still does what it would on a hydrated page.
import type { Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";

/** Records the script files the page fetches from now on. */
function scriptsFetched(page: Page): string[] {
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") fetched.push(new URL(request.url()).pathname);
  });
  return fetched;
}

test("a visitor reads a question without loading a script; the copy buttons are already there", async ({
  page,
}) => {
  const scripts = scriptsFetched(page);
  await page.goto("/questions/1");
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.mouse.wheel(0, 600);
  expect(scripts).toEqual([]);
  // The code blocks' buttons are server HTML.
  await expect(page.getByRole("button", { name: "Copiar código" }).first()).toBeVisible();
  expect(scripts).toEqual([]);
});

test("the first click loads the app and still does its job", async ({ page }) => {
  const scripts = scriptsFetched(page);
  await page.goto("/questions");
  await page.waitForLoadState("networkidle");
  expect(scripts).toEqual([]);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await page.getByRole("banner").getByRole("link", { name: "Login" }).first().click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
  expect(scripts.some((path) => path.includes("entry.client"))).toBe(true);
  // Once hydrated, navigation is client-side: the dialog closes through React, not a reload.
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page).toHaveURL(/\/questions$/);
});

test("a menu opened before the app arrives still opens", async ({ page }) => {
  await page.goto("/questions/1");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Mais ações" }).first().click();
  await expect(page.getByRole("menuitem", { name: "Copiar link" })).toBeVisible();
});

test("text typed before the app arrives reaches it", async ({ page }) => {
  await page.goto("/blog");
  const search = page.getByRole("banner").getByRole("combobox", { name: "Pesquisar" });
  // One keystroke-free fill: the value is set before React can have hydrated.
  await search.fill("qwertyuiop");
  await expect(page.getByText('Nada foi encontrado para "qwertyuiop"')).toBeVisible({ timeout: 5_000 });
});

test("an answer order chosen before the app arrives is applied", async ({ page }) => {
  await page.goto("/questions/1");
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  // selectOption sets the value with no pointer, key or focus: the change alone must bring the app.
  await page.getByLabel("Ordenar por").selectOption("oldest");
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
