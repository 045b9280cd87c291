// Claro, Escuro or Sistema: the device's preference with CSS alone (even without JavaScript), a visitor's choice
// in a cookie, a member's on their account (every device), and both themes pass axe, contrast included.
import type { Page } from "@playwright/test";
import { signIn, signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { hydrated } from "./hydration.ts";

/** Whether the page's body is dark: its background's lightness, as the browser computed it. */
async function looksDark(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const probe = document.createElement("canvas").getContext("2d")!;
    probe.fillStyle = getComputedStyle(document.body).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    return (r! + g! + b!) / 3 < 80;
  });
}

const themeSwitch = (page: Page) => page.getByRole("form", { name: "Tema" });

test("the device's dark preference is followed before any script, and both themes pass axe", async ({
  browser,
}) => {
  const noScript = await browser.newContext({ colorScheme: "dark", javaScriptEnabled: false });
  const page = await noScript.newPage();
  await page.goto("/questions/1");
  expect(await looksDark(page)).toBe(true);
  await noScript.close();

  for (const colorScheme of ["dark", "light"] as const) {
    const context = await browser.newContext({ colorScheme });
    const reader = await context.newPage();
    for (const path of ["/", "/questions/1", "/blog"]) {
      await reader.goto(path);
      expect(await looksDark(reader), `${colorScheme} ${path}`).toBe(colorScheme === "dark");
      await expectAccessible(reader);
    }
    await context.close();
  }
});

test("a visitor picks Escuro in the footer: it stays on the next pages and reloads, and Sistema gives it back", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/questions");
  await hydrated(page);
  expect(await looksDark(page)).toBe(false);
  await themeSwitch(page).getByRole("button", { name: "Escuro" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "escuro");
  expect(await looksDark(page)).toBe(true);
  await expect(themeSwitch(page).getByRole("button", { name: "Escuro" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // The cookie is written by the server's answer; the next page (the same cached HTML every visitor gets)
  // applies it before painting.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "tema")?.value)
    .toBe("escuro");
  await page.goto("/questions/1");
  expect(await looksDark(page)).toBe(true);
  await expectAccessible(page);

  await themeSwitch(page).getByRole("button", { name: "Sistema" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "sistema");
  expect(await looksDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await looksDark(page)).toBe(true);
});

test("without JavaScript the switch is a form that comes back to the page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: "light" });
  const page = await context.newPage();
  await page.goto("/blog");
  await themeSwitch(page).getByRole("button", { name: "Escuro" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  expect((await context.cookies()).find((c) => c.name === "tema")?.value).toBe("escuro");
  await context.close();
});

test("a member's choice follows them to another device", async ({ page, browser }) => {
  await page.emulateMedia({ colorScheme: "light" });
  const member = await signUp(page);
  await page.goto("/questions/1");
  await hydrated(page);
  await themeSwitch(page).getByRole("button", { name: "Escuro" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "escuro");
  // Kept on the account: the page says it from the server.
  await expect(async () => {
    const html = await (await page.request.get("/questions/1")).text();
    expect(html).toContain('data-theme="escuro"');
  }).toPass({ timeout: 5_000 });

  const phone = await browser.newContext({ colorScheme: "light" });
  const other = await phone.newPage();
  await signIn(other, member);
  await other.goto("/blog");
  await expect(other.locator("html")).toHaveAttribute("data-theme", "escuro");
  expect(await looksDark(other)).toBe(true);
  await expectAccessible(other);
  await phone.close();
});

test("a member finds the theme in Configurações too, and both switches agree", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await signUp(page);
  await page.goto("/configuracoes");
  await hydrated(page);
  const appearance = page.getByRole("region", { name: "Aparência" });
  await appearance.getByRole("button", { name: "Escuro" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "escuro");
  expect(await looksDark(page)).toBe(true);
  await expect(appearance.getByRole("button", { name: "Escuro" })).toHaveAttribute("aria-pressed", "true");
  const footer = page.getByRole("contentinfo").getByRole("form", { name: "Tema" });
  await expect(footer.getByRole("button", { name: "Escuro" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);
  // Kept on the account.
  await expect(async () => {
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "escuro");
  }).toPass({ timeout: 5_000 });
});
