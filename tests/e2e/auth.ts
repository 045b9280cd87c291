// Helpers for specs that need a member. `signUp` creates a fresh account and signs the page's browser in,
// without going through the UI (a POST to /cadastro with the page's request context, so the session cookie
// lands in the browser). Each call uses its own client address, so the per-IP rate limits of sign-up and
// sign-in never trip across tests (the server trusts X-Forwarded-For from loopback, like behind a proxy).
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

export type Credentials = {
  name: string;
  email: string;
  password: string;
  /** With two-factor sign-in on (tests/e2e/two-factor.ts): the app's key and the unused recovery codes. */
  totpSecret?: string;
  recoveryCodes?: string[];
};

/** A client address of its own, e.g. "10.23.4.201". */
export function randomIp(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${a}.${b}.${c === 0 ? 1 : c}`;
}

/** Makes every request of this page (UI flows included) come from a fresh client address. */
export async function useFreshIp(page: Page): Promise<string> {
  const ip = randomIp();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
  return ip;
}

/** Credentials no other test uses. */
export function newCredentials(overrides: Partial<Credentials> = {}): Credentials {
  const id = randomBytes(5).toString("hex");
  return {
    name: overrides.name ?? `Pessoa Teste ${id}`,
    email: overrides.email ?? `pessoa-${id}@exemplo.com.br`,
    password: overrides.password ?? `senha-${id}-segura`,
  };
}

/** Creates a member and signs the page's browser in as them. Returns the credentials used. */
export async function signUp(page: Page, overrides: Partial<Credentials> = {}): Promise<Credentials> {
  const credentials = newCredentials(overrides);
  const response = await page.request.post("/cadastro", {
    form: { socialName: credentials.name, email: credentials.email, password: credentials.password },
    headers: { "X-Forwarded-For": randomIp() },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-up refused: ${await response.text().catch(() => "")}`).toBe(302);
  return credentials;
}

/** Signs the page's browser in with existing credentials (no UI). */
export async function signIn(
  page: Page,
  credentials: Pick<Credentials, "email" | "password" | "recoveryCodes">,
  options: { trustBrowser?: boolean } = {},
): Promise<void> {
  const ip = randomIp();
  const response = await page.request.post("/entrar", {
    form: { email: credentials.email, password: credentials.password },
    headers: { "X-Forwarded-For": ip },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in refused: ${await response.text().catch(() => "")}`).toBe(302);
  const next = response.headers()["location"] ?? "";
  if (!next.startsWith("/entrar/verificacao")) return;
  // The second step: a recovery code, so no test waits for the app's next code (each code is good once).
  const code = credentials.recoveryCodes?.shift();
  if (!code) throw new Error(`${credentials.email} was asked for a code and has no recovery code left`);
  const verified = await page.request.post(next, {
    form: { code, ...(options.trustBrowser ? { trustBrowser: "on" } : {}) },
    headers: { "X-Forwarded-For": ip },
    maxRedirects: 0,
  });
  expect(verified.status(), `code refused: ${await verified.text().catch(() => "")}`).toBe(302);
}

/** Ends the browser's session on the server (no UI). */
export async function signOut(page: Page): Promise<void> {
  const response = await page.request.post("/sair", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
}
