import { test as base } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { linkIn, waitForMail } from "./outbox.ts";

test("the search box says it is searching for 500 ms, then offers the other sections", async ({ page }) => {
  await page.goto("/blog");
  const search = page.getByRole("banner").getByRole("combobox", { name: "Pesquisar" });
  await expect(search).toHaveAttribute("placeholder", "Pesquisar");
  await expect(page.getByPlaceholder("Pesquisar")).toHaveCount(1);
  await search.fill("xyzzy");
  await expect(page.getByText("Searching...")).toBeVisible();
  await expect(page.getByText('Nada foi encontrado para "xyzzy"')).toBeVisible({ timeout: 3_000 });
  const sections = page.getByRole("group", { name: "Seções" });
  await expect(sections.getByRole("option")).toHaveText(["Home", "Questões"]);
  await search.press("ArrowDown");
  await search.press("ArrowDown");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/questions$/);
});

test("the search fields have a visible label: the magnifying glass", async ({ page }) => {
  await page.goto("/search?q=react");
  for (const scope of [page.getByRole("banner"), page.getByRole("main")]) {
    // (The header's copy inside the closed phone menu is hidden.)
    const label = scope.locator("label", { hasText: "Pesquisar" }).locator("visible=true");
    await expect(label).toBeVisible();
    expect((await label.boundingBox())?.width).toBeGreaterThan(8);
    await label.click();
    await expect(
      scope
        .getByRole("searchbox", { name: "Pesquisar" })
        .or(scope.getByRole("combobox", { name: "Pesquisar" })),
    ).toBeFocused();
  }
});

test("searching finds seeded content, and Enter opens every result", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("banner").getByRole("combobox", { name: "Pesquisar" });
  await search.fill("event loop");
  const results = page.getByRole("listbox", { name: "Resultados da busca" });
  await expect(results.getByRole("group", { name: "Posts" }).getByRole("option").first()).toContainText(
    /event loop/i,
  );
  await expect(results.getByRole("group", { name: "Seções" }).getByRole("option")).toHaveText([
    "Blog",
    "Questões",
  ]);
  await search.press("Escape");
  await expect(results).toBeHidden();
  await search.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=event\+loop/);
  await expect(page.getByRole("heading", { name: "Busca", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: /^Posts \(\d+\)$/ }).click();
  await expect(
    page.getByRole("region", { name: "Resultados: Posts" }).getByRole("article").first(),
  ).toContainText(/event loop/i);
  await expect(page.locator("mark").first()).toBeVisible();
});

test("the footer's newsletter subscribes once, confirms by e-mail and never says who is subscribed", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Questões" })).toBeVisible();
  await expect(footer.getByText("2024")).toBeVisible();
  const email = footer.getByRole("textbox", { name: "Email" });
  await expect(email).toHaveAttribute("placeholder", "Digite seu email");
  await expect(email).toHaveAttribute("type", "email");

  await email.fill("nao-e-email");
  await footer.getByRole("button", { name: "Registrar-se" }).click();
  await expect(footer.getByText("Email inválido")).toBeVisible();

  const address = `news-${Date.now()}@exemplo.com.br`;
  await email.fill(`  ${address.toUpperCase()} `);
  await footer.getByRole("button", { name: "Registrar-se" }).click();
  await expect(footer.getByRole("status")).toHaveText(/enviamos um link para confirmar/);

  const mail = await waitForMail(address, /Confirme sua inscrição/);
  // Opening the link only shows the button (mail scanners open links too); pressing it confirms.
  await page.goto(linkIn(mail));
  await page.getByRole("button", { name: "Confirmar inscrição" }).click();
  await expect(page.getByRole("heading", { name: "Inscrição confirmada!" })).toBeVisible();

  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("textbox", { name: "Email" }).fill(address);
  await page.getByRole("contentinfo").getByRole("button", { name: "Registrar-se" }).click();
  // The same answer as for a new address: the form does not tell who is subscribed.
  await expect(page.getByRole("contentinfo").getByRole("status")).toHaveText(
    /Se este e-mail ainda não recebe nossas atualizações/,
  );
});

test.describe("without JavaScript", () => {
  base.use({ javaScriptEnabled: false });

  // The shared fixture's accessibility check needs JavaScript in the page: this test uses the plain one.
  base("the newsletter form still works", async ({ page }) => {
    await page.goto("/");
    await page
      .getByRole("contentinfo")
      .getByRole("textbox", { name: "Email" })
      .fill(`semjs-${Date.now()}@exemplo.com.br`);
    await page.getByRole("contentinfo").getByRole("button", { name: "Registrar-se" }).click();
    await expect(page.getByText(/enviamos um link para confirmar/)).toBeVisible();
  });
});

test.describe("on a phone @phone", () => {
  test("the hamburger opens and closes the menu with the links and the auth buttons", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    // The search box stays in the bar, and there is only one (hidden copies trip a search by placeholder).
    await expect(page.getByPlaceholder("Pesquisar")).toHaveCount(1);
    await expect(page.getByPlaceholder("Pesquisar")).toBeVisible();
    const open = page.getByRole("button", { name: "Abrir menu" });
    await open.click();
    const menu = page.locator("#menu-movel");
    await expect(menu.getByRole("link", { name: "Perguntas" })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Login" })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Cadastro" })).toBeVisible();
    // Login in the menu: the menu makes way for the form, and closing the form gives the focus back to the
    // hamburger (not to a button inside a closed menu).
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await menu.getByRole("button", { name: "Login" }).click();
    const signIn = page.getByRole("dialog", { name: "Login" });
    await expect(signIn.getByLabel("Email")).toBeFocused();
    await expect(menu).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(signIn).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await page.getByRole("button", { name: "Fechar menu" }).click();
    await expect(menu).toBeHidden();
    await open.click();
    await menu.getByRole("link", { name: "Perguntas" }).click();
    await expect(page).toHaveURL(/\/questions$/);
    await expect(menu).toBeHidden();
  });
});

test("the server sends security headers, robots.txt and a sitemap", async ({ request }) => {
  const home = await request.get("/");
  expect(home.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
  expect(home.headers()["x-content-type-options"]).toBe("nosniff");
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Sitemap:");
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("xml");
  expect(await sitemap.text()).toContain("/questions</loc>");
  const favicon = await request.get("/favicon.svg");
  expect(favicon.status()).toBe(200);
});
