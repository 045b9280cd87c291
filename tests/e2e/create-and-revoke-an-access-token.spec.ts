// A member creates a personal access token for the API in Configurações, copies it the one time it is shown,
// finds only its prefix afterwards, and revokes it after confirming. Without JavaScript the same forms
// work as plain posts. On a phone the section does not scroll sideways.
import { test as baseTest, type Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { hydrated } from "./hydration.ts";

const section = (page: Page) => page.getByRole("region", { name: "Tokens de acesso", exact: true });
const tokenItem = (page: Page, name: string) =>
  section(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });

test("a member creates a token, copies it once, and revokes it after confirming", async ({ page }) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page);
  await page.goto("/configuracoes#tokens");
  await hydrated(page);
  const tokens = section(page);
  await expect(tokens.getByText("Você ainda não criou nenhum token.")).toBeVisible();
  await expect(tokens.getByRole("link", { name: "referência da API" })).toHaveAttribute("href", "/api/docs");
  // Reading only is chosen unless the member asks for more.
  await expect(tokens.getByRole("radio", { name: "Leitura", exact: true })).toBeChecked();

  // A name is asked for, beside the field.
  await tokens.getByRole("button", { name: "Criar token" }).click();
  await expect(tokens.getByText("Dê um nome ao token.")).toBeVisible();
  await expect(tokens.getByLabel("Nome do token")).toBeFocused();

  await tokens.getByLabel("Nome do token").fill("Script de backup");
  await tokens.getByRole("radio", { name: "Leitura e escrita" }).check();
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/configuracoes")),
    tokens.getByRole("button", { name: "Criar token" }).click(),
  ]);
  expect(answer.headers()["cache-control"]).toContain("no-store");

  const shown = tokens.getByRole("textbox", { name: "Seu novo token: Script de backup" });
  await expect(shown).toBeFocused();
  await expect(shown).toHaveAttribute("readonly", "");
  const token = await shown.inputValue();
  expect(token).toMatch(/^sdd_[\w-]{43}$/);
  expect(page.url()).not.toContain(token);
  await expect(tokens.getByText("ele não será mostrado de novo").first()).toBeVisible();
  await tokens.getByRole("button", { name: "Copiar" }).click();
  await expect(tokens.getByRole("status").filter({ hasText: "Copiado" })).toHaveText("Copiado");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expectAccessible(page);

  const item = tokenItem(page, "Script de backup");
  await expect(item).toContainText(`${token.slice(0, 10)}…`);
  await expect(item).toContainText("Leitura e escrita");
  await expect(item).toContainText("Nunca usado");
  await expect(tokens.getByText("1 de 20 tokens ativos.")).toBeVisible();

  // Shown once: the page opened again has the prefix, never the token.
  await page.reload();
  await hydrated(page);
  await expect(tokenItem(page, "Script de backup")).toContainText(token.slice(0, 10));
  await expect(section(page).getByRole("textbox", { name: /Seu novo token/ })).toHaveCount(0);
  expect(await page.content()).not.toContain(token.slice(10));

  // Revoking asks first; Cancelar keeps the token.
  const revoke = tokenItem(page, "Script de backup").getByRole("button", {
    name: "Revogar o token Script de backup",
  });
  await revoke.click();
  const dialog = page.getByRole("alertdialog", { name: 'Revogar o token "Script de backup"?' });
  await expect(dialog).toContainText("perdem o acesso na hora");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(revoke).toBeFocused();
  await revoke.click();
  await dialog.getByRole("button", { name: "Revogar token" }).click();
  await expect(section(page).getByRole("status").first()).toContainText("Token revogado.");
  const revoked = tokenItem(page, "Script de backup");
  await expect(revoked).toContainText(/Revogado em \d{1,2} [A-Z][a-z]{2}, \d{4}/);
  await expect(revoked.getByRole("button", { name: /Revogar/ })).toHaveCount(0);
  await expect(section(page).getByText("0 de 20 tokens ativos.")).toBeVisible();
  await expectAccessible(page);
});

test("the tokens section fits a 390 px phone with a token shown and listed @phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await page.goto("/configuracoes#tokens");
  await hydrated(page);
  const tokens = section(page);
  await tokens.getByLabel("Nome do token").fill("Integração contínua do repositório principal");
  await tokens.getByRole("button", { name: "Criar token" }).click();
  await expect(tokens.getByRole("textbox", { name: /Seu novo token/ })).toBeFocused();
  await expect(tokenItem(page, "Integração contínua do repositório principal")).toContainText("Leitura");
  const widths = await page.evaluate(() => ({
    viewport: window.innerWidth,
    document: document.documentElement.scrollWidth,
  }));
  expect(widths.document, "the page scrolls sideways").toBeLessThanOrEqual(widths.viewport);
  const box = await tokens.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(widths.viewport);
  await expectAccessible(page);
});

// axe needs JavaScript in the page, so these use Playwright's plain `test`.
baseTest.describe("without JavaScript", () => {
  baseTest.use({ javaScriptEnabled: false });

  baseTest("the token comes in the page that answers the form, and Revogar posts", async ({ page }) => {
    await signUp(page);
    await page.goto("/configuracoes#tokens");
    const tokens = section(page);
    await tokens.getByLabel("Nome do token").fill("sem js");
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      tokens.getByRole("button", { name: "Criar token" }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toContain("no-store");
    const shown = tokens.getByRole("textbox", { name: "Seu novo token: sem js" });
    await expect(shown).toHaveValue(/^sdd_[\w-]{43}$/);
    await expect(shown).toBeFocused();
    // No Copiar without JavaScript: the field is there to select.
    await expect(tokens.getByRole("button", { name: "Copiar" })).toHaveCount(0);
    await expect(tokenItem(page, "sem js")).toContainText("Nunca usado");

    // The browser's own dialog asks first, without JavaScript too.
    await tokenItem(page, "sem js").getByRole("button", { name: "Revogar o token sem js" }).click();
    await page
      .getByRole("alertdialog", { name: 'Revogar o token "sem js"?' })
      .getByRole("button", { name: "Revogar token" })
      .click();
    await expect(section(page).getByRole("status").first()).toContainText("Token revogado.");
    await expect(tokenItem(page, "sem js")).toContainText("Revogado em");
    await expect(section(page).getByRole("textbox", { name: /Seu novo token/ })).toHaveCount(0);

    // The field keeps the browser at 60 characters; a longer name posted anyway is a 400, never a 500.
    await expect(section(page).getByLabel("Nome do token")).toHaveAttribute("maxlength", "60");
    const refused = await page.request.post("/configuracoes", {
      form: { intent: "create-access-token", name: "x".repeat(61), access: "read" },
    });
    expect(refused.status()).toBe(400);
  });
});
