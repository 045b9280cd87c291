// Sign in with GitHub and Google, in Chromium against a production server configured with a local fake GitHub
// (tests/e2e/fake-providers/fake-github.ts) and a real OpenID provider as Google (oidc-provider): sign up with
// GitHub, sign out, sign in again; link Google from Configurações; a forged and a replayed state; an
// unverified e-mail; a refused consent; an existing password account linked only after its password.
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./fixtures.ts";
import { randomIp, useFreshIp } from "./auth.ts";
import { startFakeGitHub, type FakeGitHub, type FakeGitHubUser } from "./fake-providers/fake-github.ts";
import { startFakeGoogle, type FakeGoogle } from "./fake-providers/fake-google.ts";
import { startHealthyServer, type SpawnedServer } from "./spawned-server.ts";

test.describe.configure({ mode: "default" });

let server: SpawnedServer;
let github: FakeGitHub;
let google: FakeGoogle;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  github = await startFakeGitHub();
  google = await startFakeGoogle(`${origin}/entrar/google/retorno`);
  server = await startHealthyServer({
    PORT: String(port),
    PUBLIC_URL: origin,
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_OAUTH_URL: github.url,
    GITHUB_API_URL: github.url,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await github?.stop();
  await google?.stop();
});

const unique = () => randomBytes(4).toString("hex");

function githubUser(overrides: Partial<FakeGitHubUser> = {}): FakeGitHubUser {
  const id = unique();
  return {
    id: Number.parseInt(id, 16),
    login: `octo-${id}`,
    name: `Octo ${id}`,
    emails: [
      { email: `octo-${id}@users.noreply.github.com`, primary: false, verified: true },
      { email: `octo-${id}@exemplo.com`, primary: true, verified: true },
    ],
    ...overrides,
  };
}

async function expectSignedIn(page: Page) {
  await expect(page.getByRole("banner").getByRole("button", { name: "Menu do usuário" })).toBeVisible();
}

async function signOut(page: Page) {
  const response = await page.request.post(`${server.origin}/sair`, {
    headers: { Origin: server.origin, "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** Presses "Entrar com GitHub" and authorizes on the fake's consent page. */
async function throughGitHub(page: Page, decision: "Authorize" | "Cancel" = "Authorize") {
  await page.getByRole("button", { name: "Entrar com GitHub" }).click();
  await expect(page.getByRole("heading", { name: "Authorize Suporte de Domingo" })).toBeVisible();
  await page.getByRole("link", { name: decision }).click();
}

test("sign up with GitHub, sign out, and sign in again with it", async ({ page }) => {
  await useFreshIp(page);
  const user = githubUser();
  github.signInAs(user);

  await page.goto(`${server.origin}/cadastro`);
  await expectAccessible(page);
  await throughGitHub(page);
  await expectSignedIn(page);

  await page.goto(`${server.origin}/configuracoes`);
  const section = page.getByRole("region", { name: "Entrar com GitHub e Google" });
  // The primary verified address, not the noreply one.
  await expect(section.getByText(`octo-${user.login.slice(5)}@exemplo.com`)).toBeVisible();
  await expect(section.getByRole("button", { name: "Definir uma senha" })).toBeVisible();
  // The last way in cannot go.
  await section.getByRole("button", { name: "Desvincular GitHub" }).click();
  await expect(section.getByRole("alert")).toContainText("único jeito de entrar");
  // The picture came from GitHub, re-encoded like an upload.
  await expect(page.locator('main img[src*="/uploads/"]').first()).toBeVisible();

  await signOut(page);
  await page.goto(`${server.origin}/?auth=signIn`);
  await expect(page.getByRole("dialog")).toBeVisible();
  await throughGitHub(page);
  await expectSignedIn(page);
  await page.goto(`${server.origin}/configuracoes`);
  await expect(page.getByRole("textbox", { name: "Nome", exact: true })).toHaveValue(user.name);
});

test("link Google from Configurações, then sign in with it", async ({ page }) => {
  await useFreshIp(page);
  github.signInAs(githubUser());
  await page.goto(`${server.origin}/entrar`);
  await throughGitHub(page);
  await expectSignedIn(page);

  const sub = `google-${unique()}`;
  google.setAccount(sub, { email: `${sub}@gmail.com`, emailVerified: true, name: "Pessoa Google" });
  await page.goto(`${server.origin}/configuracoes`);
  await page.getByRole("button", { name: "Vincular Google" }).click();
  await page.locator('input[name="login"]').fill(sub);
  await page.locator('input[name="password"]').fill("qualquer");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/configuracoes\?vinculado=google/);
  const section = page.getByRole("region", { name: "Entrar com GitHub e Google" });
  await expect(section.getByText("Google vinculado.")).toBeVisible();
  await expect(section.getByText(`${sub}@gmail.com`)).toBeVisible();
  await expectAccessible(page);

  // With two ways in, GitHub may go.
  await section.getByRole("button", { name: "Desvincular GitHub" }).click();
  await expect(section.getByText("Provedor desvinculado.")).toBeVisible();

  await signOut(page);
  await page.goto(`${server.origin}/entrar`);
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  // The provider remembers the login; consent may be asked again.
  const consent = page.getByRole("button", { name: "Continue" });
  if (await consent.isVisible().catch(() => false)) await consent.click();
  await expectSignedIn(page);
});

test("a forged or replayed state is refused and nothing is created", async ({ page }) => {
  await useFreshIp(page);
  await page.goto(`${server.origin}/entrar`);
  await page.getByRole("button", { name: "Entrar com GitHub" }).click();
  await expect(page.getByRole("heading", { name: "Authorize Suporte de Domingo" })).toBeVisible();
  // Someone else's answer (a forged state) lands on this browser's callback.
  await page.goto(`${server.origin}/entrar/github/retorno?code=roubado&state=forjado`);
  await expect(page.getByRole("alert")).toContainText("não corresponde a um pedido de entrada");
  await expectAccessible(page);

  // A real answer, then the same answer again.
  const user = githubUser();
  github.signInAs(user);
  await page.goto(`${server.origin}/entrar`);
  const callback = page.waitForRequest((r) => r.url().includes("/entrar/github/retorno"));
  await throughGitHub(page);
  const replay = (await callback).url();
  await expectSignedIn(page);
  await signOut(page);
  await page.goto(replay);
  await expect(page.getByRole("alert")).toContainText("não corresponde a um pedido de entrada");
  await expect(page.getByRole("banner").getByRole("button", { name: "Menu do usuário" })).toHaveCount(0);
});

test("an unverified e-mail and a refused consent get their messages", async ({ page }) => {
  await useFreshIp(page);
  const id = unique();
  github.signInAs(
    githubUser({ emails: [{ email: `naoverificado-${id}@exemplo.com`, primary: true, verified: false }] }),
  );
  await page.goto(`${server.origin}/cadastro`);
  await throughGitHub(page);
  await expect(page.getByRole("alert")).toContainText("O GitHub não confirmou o seu e-mail");

  github.signInAs(githubUser());
  await page.goto(`${server.origin}/entrar`);
  await throughGitHub(page, "Cancel");
  await expect(page.getByRole("alert")).toContainText("Você não autorizou a Suporte de Domingo no GitHub");
  await expectAccessible(page);

  // Google's unverified address.
  const sub = `google-${unique()}`;
  google.setAccount(sub, { email: `${sub}@gmail.com`, emailVerified: false, name: "Sem Verificar" });
  await page.goto(`${server.origin}/entrar`);
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  await page.locator('input[name="login"]').fill(sub);
  await page.locator('input[name="password"]').fill("qualquer");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toContainText("O Google não confirmou o seu e-mail");
});

test("an existing password account is linked only after its password", async ({ page }) => {
  await useFreshIp(page);
  const id = unique();
  const email = `conta-${id}@exemplo.com.br`;
  const password = `senha-${id}-segura`;
  const created = await page.request.post(`${server.origin}/cadastro`, {
    form: { socialName: `Conta ${id}`, email, password },
    headers: { "X-Forwarded-For": randomIp() },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await signOut(page);

  github.signInAs(githubUser({ emails: [{ email, primary: true, verified: true }] }));
  await page.goto(`${server.origin}/entrar`);
  await throughGitHub(page);
  await expect(page.getByRole("heading", { name: "Já existe uma conta com este e-mail" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Menu do usuário" })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByLabel("Senha da conta").fill("senha-errada-123");
  await page.getByRole("button", { name: "Vincular e entrar" }).click();
  await expect(page.getByText("Senha incorreta.")).toBeVisible();

  await page.getByLabel("Senha da conta").fill(password);
  await page.getByRole("button", { name: "Vincular e entrar" }).click();
  await expectSignedIn(page);
  await page.goto(`${server.origin}/configuracoes`);
  const section = page.getByRole("region", { name: "Entrar com GitHub e Google" });
  await expect(section.getByText(email)).toBeVisible();

  // From now on GitHub signs straight in.
  await signOut(page);
  await page.goto(`${server.origin}/entrar`);
  await throughGitHub(page);
  await expectSignedIn(page);
});

test("the providers' buttons fit a phone on /entrar and /cadastro", async ({ page }) => {
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/entrar", "/cadastro"]) {
      await page.goto(`${server.origin}${path}`);
      await expect(page.getByRole("button", { name: "Entrar com GitHub" }).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Entrar com Google" }).first()).toBeVisible();
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(wide, `${path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }
});
