// A visitor creates an account, leaves, comes back, forgets the password and sets a new one from the e-mail,
// at desktop and phone widths; plus the modal's rules (spec §Auth modal, §Logout dialog, §5).
import { test as baseTest, type Page } from "@playwright/test";
import { newCredentials, signUp, useFreshIp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { linkIn, waitForMail } from "./outbox.ts";

/** Below the md breakpoint the header keeps its links behind the hamburger. */
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The header's Login / Cadastro buttons (behind the hamburger on phones). */
async function openFromHeader(page: Page, name: "Login" | "Cadastro") {
  const header = page.getByRole("banner");
  if (isPhone(page)) await header.getByRole("button", { name: "Abrir menu" }).click();
  await header.getByRole("button", { name, exact: true }).click();
}

async function expectSignedIn(page: Page, name: string) {
  const header = page.getByRole("banner");
  if (isPhone(page)) {
    // The bell stays in the bar; the rest of the member's controls are behind the hamburger.
    await expect(header.getByRole("link", { name: "Notificações" })).toBeVisible();
    await header.getByRole("button", { name: "Abrir menu" }).click();
    await expect(page.locator("#menu-movel").getByRole("link", { name: "Ver Perfil" })).toBeVisible();
    // The menu's user block shows the name reduced to its first and last word.
    const words = name.split(" ");
    const shortName = words.length > 2 ? `${words[0]} ${words.at(-1)}` : name;
    await expect(page.locator("#menu-movel").getByText(shortName)).toBeVisible();
    await header.getByRole("button", { name: "Fechar menu" }).click();
  } else {
    await expect(header.getByRole("button", { name: "Menu do usuário" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Notificações" })).toBeVisible();
  }
}

async function signOutThroughTheDialog(page: Page) {
  const header = page.getByRole("banner");
  if (isPhone(page)) {
    await header.getByRole("button", { name: "Abrir menu" }).click();
    await page.locator("#menu-movel").getByRole("button", { name: "Sair" }).click();
  } else {
    await header.getByRole("button", { name: "Menu do usuário" }).click();
    await page.getByRole("menuitem", { name: "Sair" }).click();
  }
  const dialog = page.getByRole("dialog", { name: "Deseja sair?" });
  await expect(dialog).toContainText(
    "Para voltar a postar no blog ou escrever perguntas e respostas, você precisará entrar novamente.",
  );
  await dialog.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/$/);
  if (!isPhone(page)) await expect(header.getByRole("button", { name: "Login", exact: true })).toBeVisible();
}

test("a visitor signs up, signs out, signs in, recovers the password by e-mail and signs in with the new one @phone", async ({
  page,
}) => {
  await useFreshIp(page);
  const me = newCredentials();
  await page.goto("/blog");

  // Cadastro
  await openFromHeader(page, "Cadastro");
  // The dialog was in the page: opening it is not a navigation.
  await expect(page).toHaveURL(/\/blog$/);
  const signUpDialog = page.getByRole("dialog", { name: "Cadastro" });
  await signUpDialog.getByLabel("Nome Social").fill(me.name);
  await signUpDialog.getByLabel("Email").fill(me.email);
  await signUpDialog.getByLabel("Senha").fill(me.password);
  await signUpDialog.getByRole("button", { name: "Cadastrar" }).click();
  await expect(signUpDialog).toBeHidden();
  await expect(page).toHaveURL(/\/blog$/);
  await expectSignedIn(page, me.name);
  await waitForMail(me.email, /Confirme seu e-mail/);

  // Sair
  await signOutThroughTheDialog(page);

  // Login
  await openFromHeader(page, "Login");
  const signInDialog = page.getByRole("dialog", { name: "Login" });
  await signInDialog.getByLabel("Email").fill(me.email);
  await signInDialog.getByLabel("Senha").fill(me.password);
  await signInDialog.getByRole("button", { name: "Entrar" }).click();
  await expect(signInDialog).toBeHidden();
  await expectSignedIn(page, me.name);
  await signOutThroughTheDialog(page);

  // Esqueceu a senha?
  await openFromHeader(page, "Login");
  await page.getByRole("dialog", { name: "Login" }).getByRole("link", { name: "Esqueceu a senha?" }).click();
  const forgotDialog = page.getByRole("dialog", { name: "Esqueceu a sua senha?" });
  await expect(forgotDialog).toContainText("Enviaremos um e-mail para a recuperação de sua senha.");
  await forgotDialog.getByLabel("Email").fill(me.email);
  await forgotDialog.getByRole("button", { name: "Enviar" }).click();
  await expect(forgotDialog.getByRole("status")).toContainText("Se houver uma conta com este e-mail");

  // The e-mail's link opens the modal in recovery mode.
  const mail = await waitForMail(me.email, /Recupere sua senha/);
  await page.goto(linkIn(mail));
  const recoveryDialog = page.getByRole("dialog", { name: "Recuperar senha" });
  // The page never shows the account's address: the member types it.
  await expect(recoveryDialog.getByLabel("Email")).toHaveValue("");
  await recoveryDialog.getByLabel("Email").fill(me.email);
  const newPassword = `${me.password}-nova`;
  await recoveryDialog.getByLabel("Nova senha").fill(newPassword);
  await recoveryDialog.getByLabel("Confirmar senha").fill(newPassword);
  await recoveryDialog.getByRole("button", { name: "Cadastrar" }).click();
  await expect(recoveryDialog).toBeHidden();
  await expectSignedIn(page, me.name);

  // The link works once.
  await page.goto(linkIn(mail));
  await expect(page.getByRole("dialog", { name: "Recuperar senha" })).toContainText("inválido");
  await page.getByRole("dialog").getByRole("button", { name: "Fechar" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  // Closing a dialog the address opened is a navigation (the address loses ?auth): a menu opened before it
  // ends is closed by it.
  await expect(page).not.toHaveURL(/[?&]auth=/);
  await signOutThroughTheDialog(page);

  // The old password no longer works; the new one does.
  await openFromHeader(page, "Login");
  const again = page.getByRole("dialog", { name: "Login" });
  await again.getByLabel("Email").fill(me.email);
  await again.getByLabel("Senha").fill(me.password);
  await again.getByRole("button", { name: "Entrar" }).click();
  await expect(again.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
  await again.getByLabel("Senha").fill(newPassword);
  await again.getByRole("button", { name: "Entrar" }).click();
  await expect(again).toBeHidden();
  await expectSignedIn(page, me.name);
});

test("the modal shows the spec's messages under each field @phone", async ({ page }) => {
  await page.goto("/?auth=signIn");
  const signInDialog = page.getByRole("dialog", { name: "Login" });
  await signInDialog.getByLabel("Email").fill("não-é-email");
  await signInDialog.getByLabel("Senha").fill("curta");
  await signInDialog.getByRole("button", { name: "Entrar" }).click();
  await expect(signInDialog.getByText("Email inválido")).toBeVisible();
  await expect(signInDialog.getByText("A senha deve ter pelo menos 8 caracteres")).toBeVisible();
  await expect(signInDialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

  await signInDialog.getByRole("link", { name: "Cadastrar" }).click();
  const signUpDialog = page.getByRole("dialog", { name: "Cadastro" });
  await expect(signUpDialog.getByText("Já possui uma conta?")).toBeVisible();
  await signUpDialog.getByRole("link", { name: "Entrar" }).click();
  await expect(
    page.getByRole("dialog", { name: "Login" }).getByText("Ainda não possui conta?"),
  ).toBeVisible();

  // A dead link still shows the recovery form: its messages, and the server's word on the link.
  await page.goto("/?auth=recovery&token=nao-existe");
  const recovery = page.getByRole("dialog", { name: "Recuperar senha" });
  await expect(recovery).toContainText("inválido");
  await expect(recovery.getByRole("link", { name: "Pedir um novo link" })).toBeVisible();
  await recovery.getByLabel("Nova senha").fill("curta");
  await recovery.getByRole("button", { name: "Cadastrar" }).click();
  await expect(recovery.getByText("A nova senha deve ter pelo menos 8 caracteres")).toBeVisible();
  await recovery.getByLabel("Email").fill("alguem@exemplo.com.br");
  await recovery.getByLabel("Nova senha").fill("uma-senha-qualquer");
  await recovery.getByLabel("Confirmar senha").fill("uma-senha-qualquer");
  await recovery.getByRole("button", { name: "Cadastrar" }).click();
  await expect(recovery.getByText(/Peça um novo\.$/)).toBeVisible();
  await page.getByRole("dialog").getByRole("link", { name: "Voltar ao Login" }).click();
  await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();

  await page.goto("/?auth=qualquer-coisa");
  await expect(page.getByRole("dialog")).toContainText("Tipo de formulário não selecionado");
});

test("the recovery form refuses different passwords", async ({ page }) => {
  const me = await signUp(page);
  await page.context().clearCookies();
  await page.goto("/?auth=forgot");
  const forgotDialog = page.getByRole("dialog", { name: "Esqueceu a sua senha?" });
  await forgotDialog.getByLabel("Email").fill(me.email);
  await forgotDialog.getByRole("button", { name: "Enviar" }).click();
  await expect(forgotDialog.getByRole("status")).not.toBeEmpty();
  await page.goto(linkIn(await waitForMail(me.email, /Recupere sua senha/)));
  const dialog = page.getByRole("dialog", { name: "Recuperar senha" });
  await dialog.getByLabel("Email").fill(me.email);
  await dialog.getByLabel("Nova senha").fill("cafe-com-pao");
  await dialog.getByLabel("Confirmar senha").fill("1234");
  // The dialog's form stays the server's plain HTML (posting natively to the full page) until the forms'
  // module arrives, which can come after the page hydrated (ADR 030). Once it is there, a click makes React
  // hydrate the form at once; the first click waits for it: React owns the button and nothing is loading.
  await page.waitForFunction(() => {
    const button = document.querySelector("dialog[open] form button[type=submit]");
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
  await page.waitForLoadState("networkidle");
  await dialog.getByRole("button", { name: "Cadastrar" }).click();
  await expect(dialog.getByText("A confirmação da senha deve ter pelo menos 8 caracteres")).toBeVisible();
  await dialog.getByLabel("Confirmar senha").fill("pao-com-cafe");
  await dialog.getByRole("button", { name: "Cadastrar" }).click();
  await expect(dialog.getByText("As senhas não correspondem")).toBeVisible();
  // One of the most common passwords is refused next to its field.
  await dialog.getByLabel("Nova senha").fill("senha123");
  await dialog.getByLabel("Confirmar senha").fill("senha123");
  await dialog.getByRole("button", { name: "Cadastrar" }).click();
  await expect(dialog.getByText(/^Esta senha é muito comum/)).toBeVisible();
});

test("Escape, the overlay and the close button close the modal and focus returns to the trigger", async ({
  page,
}) => {
  await page.goto("/questions");
  const login = page.getByRole("banner").getByRole("button", { name: "Login", exact: true });
  await login.click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/questions$/);
  await expect(login).toBeFocused();

  await login.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(10, 790);
  await expect(dialog).toBeHidden();
  await expect(login).toBeFocused();
  await expect(page).toHaveURL(/\/questions$/);

  await login.click();
  await dialog.getByRole("button", { name: "Fechar" }).click();
  await expect(dialog).toBeHidden();
  await expect(login).toBeFocused();
  await expect(page).toHaveURL(/\/questions$/);

  // A dialog the address opened closes the same ways, and the address forgets it.
  await page.goto("/questions?auth=signIn");
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/questions$/);
});

test("the logo and the mascot show beside the form only above 1070 px", async ({ page }) => {
  await page.goto("/?auth=signIn");
  const mascot = page.getByRole("dialog").locator('img[src="/images/mascote.svg"]');
  await expect(mascot).toBeVisible();
  await page.setViewportSize({ width: 1070, height: 800 });
  await expect(mascot).toBeHidden();
  await page.setViewportSize({ width: 1071, height: 800 });
  await expect(mascot).toBeVisible();
});

test("Voltar keeps the member signed in", async ({ page }) => {
  const me = await signUp(page);
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Menu do usuário" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  const dialog = page.getByRole("dialog", { name: "Deseja sair?" });
  await dialog.getByRole("button", { name: "Voltar" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: "Menu do usuário" })).toBeFocused();
  await page.getByRole("banner").getByRole("button", { name: "Menu do usuário" }).click();
  await expect(page.getByRole("menu")).toContainText(me.name);
});

test("signed out on a page, Login and Cadastro put the cursor in their first field once their forms arrive", async ({
  page,
}) => {
  test.skip(test.info().project.name === "phone", "the avatar menu is the desktop's");
  await signUp(page);
  await page.goto("/questions");
  await page.getByRole("banner").getByRole("button", { name: "Menu do usuário" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await page.getByRole("dialog", { name: "Deseja sair?" }).getByRole("button", { name: "Sair" }).click();
  const banner = page.getByRole("banner");
  await banner.getByRole("button", { name: "Login" }).click();
  const signIn = page.getByRole("dialog", { name: "Login" });
  await expect(signIn.getByRole("textbox", { name: "Email" })).toBeFocused();
  await signIn.getByRole("button", { name: "Fechar" }).click();
  await banner.getByRole("button", { name: "Cadastro" }).click();
  await expect(page.getByRole("dialog", { name: "Cadastro" }).getByRole("textbox").first()).toBeFocused();
});

test("a visitor asked to sign in comes back to the same place @phone", async ({ page }) => {
  const me = await signUp(page);
  await page.context().clearCookies();
  await useFreshIp(page);
  await page.goto("/ask-a-question");
  await expect(page).toHaveURL(/\/entrar\?redirectTo=%2Fask-a-question$/);
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  await expect(page.getByText("Entre na sua conta para continuar.")).toBeVisible();
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(me.email);
  await main.getByLabel("Senha").fill(me.password);
  await main.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/ask-a-question$/);
  await expect(page.getByRole("heading", { level: 1, name: "Fazer uma pergunta" })).toBeVisible();
});

test("from the sign-in page, a new member signs up and still comes back", async ({ page }) => {
  await useFreshIp(page);
  await page.goto("/entrar?redirectTo=%2Fnotifications");
  await page.getByRole("main").getByRole("link", { name: "Cadastrar" }).click();
  await expect(page).toHaveURL(/\/cadastro\?redirectTo=%2Fnotifications$/);
  const main = page.getByRole("main");
  await main.getByLabel("Nome Social").fill("Fábio Teste");
  await main.getByLabel("Email").fill(`fabio-${Date.now()}@exemplo.com.br`);
  await main.getByLabel("Senha").fill("senha-forte-123");
  await main.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
});

test("a sign-up with an address already in use is refused, whatever its case", async ({ page }) => {
  const me = await signUp(page);
  await page.context().clearCookies();
  await useFreshIp(page);
  await page.goto("/?auth=signUp");
  const dialog = page.getByRole("dialog", { name: "Cadastro" });
  await dialog.getByLabel("Email").fill(me.email.toUpperCase());
  await dialog.getByLabel("Senha").fill("outra-senha-123");
  await dialog.getByRole("button", { name: "Cadastrar" }).click();
  await expect(dialog.getByText("Já existe uma conta com este e-mail")).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveValue(me.email.toUpperCase());
});

// axe needs JavaScript in the page, so these use Playwright's plain `test`.
baseTest.describe("without JavaScript", () => {
  baseTest.use({ javaScriptEnabled: false });

  baseTest("the modal's forms still sign in and show errors on the full page", async ({ page }) => {
    const me = await signUp(page);
    await page.context().clearCookies();
    await page.goto("/questions?auth=signIn");
    const dialog = page.getByRole("dialog", { name: "Login" });
    await dialog.getByLabel("Email").fill(me.email);
    await dialog.getByLabel("Senha").fill("senha-errada-123");
    await dialog.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/entrar\?redirectTo=%2Fquestions$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
    await expect(main.getByLabel("Email")).toHaveValue(me.email);
    await main.getByLabel("Senha").fill(me.password);
    await main.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/questions$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Notificações" })).toBeAttached();
  });

  baseTest("the logout page signs out", async ({ page }) => {
    await signUp(page);
    await page.goto("/sair");
    await expect(page.getByRole("heading", { name: "Deseja sair?" })).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/notifications");
    await expect(page).toHaveURL(/\/entrar/);
  });
});

test("too many sign-ups from one address get a Portuguese 429 in the form", async ({ page }) => {
  const ip = await useFreshIp(page);
  for (let i = 0; i < 5; i++) {
    const { name, email, password } = newCredentials();
    const response = await page.request.post("/cadastro", {
      form: { socialName: name, email, password },
      headers: { "X-Forwarded-For": ip },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  }
  await page.context().clearCookies();
  await page.goto("/?auth=signUp");
  const dialog = page.getByRole("dialog", { name: "Cadastro" });
  const me = newCredentials();
  await dialog.getByLabel("Email").fill(me.email);
  await dialog.getByLabel("Senha").fill(me.password);
  await dialog.getByRole("button", { name: "Cadastrar" }).click();
  // The limit's window is the clock's hour: in its last minute the wait said is a minute.
  await expect(dialog.getByRole("alert")).toHaveText(
    /^Muitas tentativas (em pouco tempo\. Tente de novo em \d+ minutos|seguidas\. Espere um minuto e tente de novo)\.$/,
  );
});

test.describe("cross-site requests", () => {
  test("a POST marked cross-site, or from a foreign origin, is refused with 403", async ({ request }) => {
    const form = { email: "alguem@exemplo.com.br", password: "senha-qualquer" };
    const crossSite = await request.post("/entrar", { form, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status()).toBe(403);
    const foreign = await request.post("/entrar", { form, headers: { Origin: "https://malicioso.example" } });
    expect(foreign.status()).toBe(403);
    const logout = await request.post("/sair", { headers: { "Sec-Fetch-Site": "same-site" } });
    expect(logout.status()).toBe(403);
  });
});
