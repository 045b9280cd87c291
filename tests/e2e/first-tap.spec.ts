// ADR 030: a visitor's page paints from server HTML, then the app loads on idle, so that React usually owns the
// page before the first tap; a tap that still comes first shows at once that it was taken and is carried out
// when the app arrives. scripts/first-tap.ts measures how fast; this proves what happens.
import { expect, test } from "./fixtures.ts";
import { holdTheApp, hydrated, scriptsFetched } from "./hydration.ts";

test("a visitor's page hydrates on idle, with no interaction at all", async ({ page }) => {
  const scripts = scriptsFetched(page);
  await page.goto("/questions");
  // No pointer, key, touch or focus: the page is shown and the browser is idle, so the app comes by itself.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 10_000 });
  expect(scripts.some((path) => path.includes("entry.client"))).toBe(true);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the menu opens and closes from the HTML alone, before the app arrives", async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto("/questions");
    await page.getByRole("button", { name: "Abrir menu" }).tap();
    // The browser's own dialog: no app, no download, nothing held.
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Menu móvel" })).toBeVisible();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await expect(page.locator("[data-sdd-pending]")).toHaveCount(0);
    await page.getByRole("button", { name: "Fechar menu" }).tap();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Abrir menu" })).toBeFocused();

    // Open again, then the app arrives: the menu stays open and still closes by its button.
    await page.getByRole("button", { name: "Abrir menu" }).tap();
    release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByRole("navigation", { name: "Menu móvel" })).toBeVisible();
    await page.getByRole("button", { name: "Fechar menu" }).tap();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("Login in the menu opens its dialog over the menu, before the app arrives", async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto("/questions");
    await page.getByRole("button", { name: "Abrir menu" }).tap();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Login" }).tap();
    await expect(page.getByRole("dialog", { name: "Login" }).getByLabel("Email")).toBeFocused();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    release();
  });

  test("a tap on the menu just after load opens it", async ({ page }) => {
    await page.goto("/blog");
    await page.getByRole("button", { name: "Abrir menu" }).tap();
    await expect(page.getByRole("navigation", { name: "Menu móvel" })).toBeVisible();
  });
});

test("Login and Cadastro open their forms before the app arrives, and the form signs in as plain HTML", async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto("/questions/1");
  await page.getByRole("banner").getByRole("button", { name: "Cadastro" }).click();
  const signUp = page.getByRole("dialog", { name: "Cadastro" });
  await expect(signUp.getByLabel("Nome Social")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(signUp).toBeHidden();

  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await expect(dialog.getByLabel("Email")).toBeFocused();
  // Not a navigation, and the app (held back) had no part in it.
  await expect(page).toHaveURL(/\/questions\/1$/);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // The app arrived while the dialog was open: it stays open and its form works.
  await expect(dialog.getByLabel("Email")).toBeVisible();
  await dialog.getByLabel("Email").fill("ninguem@example.com");
  await dialog.getByLabel("Senha").fill("senha-errada-123");
  await dialog.getByRole("button", { name: "Entrar" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "E-mail ou senha incorretos." })).toBeVisible();
});

test("the Login form sent after the app arrived but before its own code waits for that code and answers in its dialog", async ({
  page,
}) => {
  // The forms' module comes after the app; here it is held while the app is not.
  let releaseForms = () => {};
  const formsHeld = new Promise<void>((resolve) => (releaseForms = resolve));
  await page.route(/\/assets\/auth-forms-[^/]*\.js$/, async (route) => {
    await formsHeld;
    await route.continue();
  });
  await page.goto("/questions/1");
  await hydrated(page);
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email").fill("ninguem@example.com");
  await dialog.getByLabel("Senha").fill("senha-errada-123");
  const submit = dialog.getByRole("button", { name: "Entrar" });
  await submit.click();
  // Taken at once, and not posted as a page of its own.
  await expect(submit).toHaveAttribute("data-sdd-pending", "");
  await expect(page).toHaveURL(/\/questions\/1$/);
  releaseForms();
  await expect(dialog.getByRole("alert").filter({ hasText: "E-mail ou senha incorretos." })).toBeVisible();
  await expect(page).toHaveURL(/\/questions\/1$/);
  await expect(submit).not.toHaveAttribute("data-sdd-pending");
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
