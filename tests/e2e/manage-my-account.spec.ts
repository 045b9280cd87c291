// A member edits their profile, picture, e-mail and password, downloads their data and removes their account;
// the public profile shows who they are and what they wrote.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { signIn, signUp, useFreshIp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { linkIn, waitForMail } from "./outbox.ts";

/** A 2×2 red PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

function section(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

test("a member edits the profile and sees it on the public page @phone", async ({ page }) => {
  await signUp(page, { name: "Carla Mendes" });
  await page.goto("/configuracoes");
  const profile = section(page, "Perfil");
  await profile.getByLabel("Nome").fill("Carla Mendes Rocha");
  await profile.getByLabel("Apresentação curta").fill("Desenvolvedora Back-end");
  await profile.getByLabel("Bio").fill("Node.js, filas e café.");
  // From the keyboard: the button is disabled while the form is on its way, and the focus comes back to it
  // afterwards instead of falling to the page's start.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await profile.getByRole("button", { name: "Salvar perfil" }).focus();
  await page.keyboard.press("Enter");
  await expect(profile.getByRole("status")).toHaveText("Perfil atualizado.");
  await expect(profile.getByRole("button", { name: "Salvar perfil" })).toBeFocused();

  const picture = section(page, "Foto de perfil");
  await picture.getByLabel("Nova foto (PNG ou JPEG, até 2 MB)").setInputFiles({
    name: "eu.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await picture.getByRole("button", { name: "Enviar foto" }).click();
  await expect(picture.getByRole("status")).toHaveText("Foto atualizada.");
  await expect(picture.getByRole("img", { name: "profile image" })).toHaveAttribute("src", /^\/uploads\//);

  await page.getByRole("link", { name: "Ver meu perfil" }).click();
  await expect(page).toHaveURL(/\/u\/carla-mendes(-\d+)?$/);
  await expect(page.getByRole("heading", { level: 1, name: "Carla Mendes Rocha" })).toBeVisible();
  await expect(page.getByText("Desenvolvedora Back-end")).toBeVisible();
  await expect(page.getByText("Node.js, filas e café.")).toBeVisible();
  await expect(page.getByText(/^Membro desde \d{1,2} [A-Z][a-z]{2}, \d{4}/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Editar perfil" })).toBeVisible();
});

/** The signed-in member's profile address, from the settings page. */
async function myProfile(page: Page): Promise<string> {
  await page.goto("/configuracoes");
  const href = await page.getByRole("link", { name: "Ver meu perfil" }).getAttribute("href");
  if (!href) throw new Error("no profile link");
  return href;
}

test("the verification link gives the profile its badge", async ({ page }) => {
  const me = await signUp(page, { name: "Davi Lima" });
  const profile = await myProfile(page);
  await page.goto(profile);
  await expect(page.getByText("Verificado")).toHaveCount(0);
  // Opened in a browser signed out (another device, say): the link asks to sign in, then to press the button.
  await page.context().clearCookies();
  await page.goto(linkIn(await waitForMail(me.email, /Confirme seu e-mail/)));
  await expect(page.getByRole("heading", { name: "Entre na conta para confirmar" })).toBeVisible();
  await page.getByRole("link", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/entrar\?redirectTo=/);
  const form = page.locator("main form");
  await form.getByLabel("Email").fill(me.email);
  await form.getByLabel("Senha").fill(me.password);
  await form.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("heading", { name: "Confirme seu e-mail" })).toBeVisible();
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("heading", { name: "E-mail confirmado!" })).toBeVisible();
  await page.goto(profile);
  await expect(page.getByText("Verificado")).toBeVisible();
});

test("a visitor reads a member's profile with their questions, answers and posts", async ({ page }) => {
  await page.goto("/u/anabeatriz");
  await expect(page.getByRole("heading", { level: 1, name: "Ana Beatriz Souza" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Atividade do membro" });
  await tabs.getByRole("link", { name: /^Posts/ }).click();
  await expect(page).toHaveURL(/tab=posts/);
  await expect(tabs.getByRole("link", { name: /^Posts/ })).toHaveAttribute("aria-current", "page");
  await expect(page.locator('a[href^="/blog/"]').first()).toBeVisible();
  await page.goto("/u/ninguem-com-este-nome");
  await expect(page.getByRole("heading", { name: "404 - Page not Found" })).toBeVisible();
});

test("the password changes with the current one", async ({ page }) => {
  const me = await signUp(page);
  await page.goto("/configuracoes");
  const form = section(page, "Senha");
  await form.getByLabel("Senha atual").fill("nao-e-essa-senha");
  await form.getByLabel("Nova senha").fill("minha-nova-senha");
  await form.getByLabel("Confirmar senha").fill("minha-nova-senha");
  await form.getByRole("button", { name: "Alterar senha" }).click();
  await expect(form.getByText("A senha atual está incorreta.")).toBeVisible();
  await form.getByLabel("Senha atual").fill(me.password);
  await form.getByLabel("Nova senha").fill("minha-nova-senha");
  await form.getByLabel("Confirmar senha").fill("minha-nova-senha");
  await form.getByRole("button", { name: "Alterar senha" }).click();
  await expect(form.getByRole("status")).toContainText("Senha alterada");
  await page.context().clearCookies();
  await signIn(page, { email: me.email, password: "minha-nova-senha" });
});

test("the e-mail changes after the link sent to the new address is opened", async ({ page }) => {
  const me = await signUp(page);
  const newEmail = me.email.replace("@", "+novo@");
  await page.goto("/configuracoes");
  const form = section(page, "E-mail");
  await form.getByLabel("Novo e-mail").fill(newEmail);
  await form.getByLabel("Senha atual").fill(me.password);
  await form.getByRole("button", { name: "Alterar e-mail" }).click();
  await expect(form.getByRole("status")).toContainText(`Enviamos um link de confirmação para ${newEmail}`);
  await expect(form.getByText(`Aguardando a confirmação de ${newEmail}`)).toBeVisible();
  await waitForMail(me.email, /troca de e-mail/);
  await page.goto(linkIn(await waitForMail(newEmail, /novo e-mail/)));
  await page.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByRole("heading", { name: "E-mail alterado!" })).toBeVisible();
  await page.goto("/configuracoes");
  await expect(section(page, "E-mail").getByText(newEmail)).toBeVisible();
});

test("a member downloads their data and removes the account", async ({ page }) => {
  const me = await signUp(page, { name: "Elisa Prado" });
  const profile = await myProfile(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar meus dados (JSON)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^suporte-de-domingo-elisa-prado(-\d+)?-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await file.path())!, "utf8")) as { account: { email: string } };
  expect(exported.account.email).toBe(me.email);

  const danger = section(page, "Excluir conta");
  await danger.getByLabel("Sua senha, para confirmar").fill("senha-errada-123");
  await danger.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(danger.getByText("A senha atual está incorreta.")).toBeVisible();
  await danger.getByLabel("Sua senha, para confirmar").fill(me.password);
  await danger.getByRole("button", { name: "Excluir minha conta" }).click();
  await expect(page).toHaveURL(/\/conta-removida$/);
  await expect(page.getByRole("heading", { name: "Sua conta foi removida" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Login", exact: true })).toBeVisible();

  await page.goto(profile);
  await expect(page.getByRole("heading", { name: "404 - Page not Found" })).toBeVisible();
  await useFreshIp(page);
  await page.goto("/entrar");
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(me.email);
  await main.getByLabel("Senha").fill(me.password);
  await main.getByRole("button", { name: "Entrar" }).click();
  await expect(main.getByRole("alert")).toHaveText("E-mail ou senha incorretos.");
});

test("the notifications page has an empty state", async ({ page }) => {
  await signUp(page);
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Notificações" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notificações" })).toBeVisible();
  await expect(page.getByText("Nenhuma notificação por enquanto")).toBeVisible();
});
