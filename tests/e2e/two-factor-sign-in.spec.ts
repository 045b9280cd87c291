// Two-factor sign-in as a member uses it (ADR 049): turned on in Segurança with an authenticator app (the test reads
// the key and computes the codes like the app), asked after the password with a wrong code refused next to the
// field, "Confiar neste navegador" skipping it afterwards, each session ended from the sessions list, and staff
// whose tools wait for it.
import { expect as plainExpect } from "@playwright/test";
import { randomIp, signIn, signOut, signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { makeModerator, ownHandle, signInAsAdmin } from "./moderators.ts";
import { enableTwoFactor, totpCode } from "./two-factor.ts";

test("a member turns on two-factor sign-in, signs in with a code, trusts the browser and ends a session", async ({
  page,
  browser,
}) => {
  test.slow();
  const me = await signUp(page, { name: "Helena Duas Etapas" });
  await page.goto("/configuracoes");
  await page.getByRole("link", { name: "Segurança: verificação em duas etapas e cada sessão" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Segurança" })).toBeVisible();
  const section = page.getByRole("region", { name: "Verificação em duas etapas" });
  // Turning it on asks for the password: a session left open elsewhere must not be enough.
  await section.getByLabel("Sua senha atual").fill("nao-e-a-senha");
  await section.getByRole("button", { name: "Ativar" }).click();
  await expect(section.getByLabel("Sua senha atual")).toHaveAttribute("aria-invalid", "true");
  await section.getByLabel("Sua senha atual").fill(me.password);
  await section.getByRole("button", { name: "Ativar" }).click();
  await expect(section.getByRole("img", { name: "Código QR para o aplicativo autenticador" })).toBeVisible();
  const secret = (await section.getByLabel("Chave secreta").innerText()).replace(/\s/g, "");
  plainExpect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);

  // A code from another app is refused next to the field; the app's own turns it on and shows ten recovery codes.
  await section.getByLabel("Código do aplicativo").fill("000000");
  await section.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(section.getByText("Código inválido. Confira se o aplicativo mostra a conta")).toBeVisible();
  await section.getByLabel("Código do aplicativo").fill(totpCode(secret));
  await section.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(section.getByRole("status")).toHaveText(
    "Verificação em duas etapas ativada. As sessões em outros aparelhos foram encerradas.",
  );
  const codes = section.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCode = await codes.first().innerText();
  await expectAccessible(page);

  // Signed out, the password leads to the code page; a wrong code is refused there, the app's next code signs in.
  await signOut(page);
  await page.goto("/entrar");
  const form = page.locator("main form");
  await form.getByLabel("Email").fill(me.email);
  await form.getByLabel("Senha").fill(me.password);
  await form.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Verificação em duas etapas" })).toBeVisible();
  await expect(page).toHaveURL(/\/entrar\/verificacao/);
  await expectAccessible(page);
  await page.getByLabel("Código de verificação").fill("123456");
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByLabel("Código de verificação")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Código inválido. Confira o aplicativo autenticador")).toBeVisible();
  // The code that turned it on is spent; the app's next one (still inside the window) is not.
  await page.getByLabel("Código de verificação").fill(totpCode(secret, Date.now() + 30_000));
  await page.getByLabel("Confiar neste navegador por 30 dias").check();
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page).toHaveURL(/\/$/);
  plainExpect((await page.request.get("/configuracoes/exportar", { maxRedirects: 0 })).status()).toBe(200);

  // This browser is trusted: the password alone signs in.
  await signOut(page);
  await signIn(page, me);

  // Another device signs in (password and a recovery code); this one sees both sessions and ends the other.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, { ...me, recoveryCodes: [recoveryCode] });
  plainExpect((await otherPage.request.get("/configuracoes/exportar", { maxRedirects: 0 })).status()).toBe(
    200,
  );
  await page.goto("/configuracoes/seguranca");
  const sessions = page.getByRole("list", { name: "Sessões abertas" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: "Esta sessão" })).toHaveCount(1);
  await sessions
    .filter({ hasNotText: "Esta sessão" })
    .getByRole("button", { name: /^Sair da sessão/ })
    .click();
  await expect(page.getByRole("region", { name: "Sessões" }).getByRole("status")).toHaveText(
    "Sessão encerrada.",
  );
  await expect(sessions).toHaveCount(1);
  plainExpect(
    (await otherPage.request.get("/configuracoes/exportar", { maxRedirects: 0 })).status(),
  ).not.toBe(200);
  await other.close();

  // "Sair de todos" ends this session too.
  await page.getByRole("button", { name: "Sair de todos" }).click();
  await expect(page).toHaveURL(/\/$/);
  plainExpect((await page.request.get("/configuracoes/exportar", { maxRedirects: 0 })).status()).not.toBe(
    200,
  );
});

test("a new moderator's tools wait for two-factor sign-in", async ({ page, browser }) => {
  const moderator = await signUp(page, { name: "Otávio Sem Código" });
  const handle = await ownHandle(page);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
  await makeModerator(admin, handle);
  await adminContext.close();

  // Promoted, but without the second step: the banner says so and the review queue stays closed.
  await page.goto("/questions");
  const banner = page.getByRole("region", { name: "Verificação em duas etapas pendente" });
  await expect(banner).toContainText("Suas ferramentas de moderação esperam a verificação em duas etapas.");
  plainExpect(
    (await page.request.get("/revisao", { headers: { "X-Forwarded-For": randomIp() } })).status(),
  ).toBe(403);

  await enableTwoFactor(page, moderator);
  await page.goto("/questions");
  await expect(banner).toHaveCount(0);
  plainExpect((await page.request.get("/revisao")).status()).toBe(200);
});
