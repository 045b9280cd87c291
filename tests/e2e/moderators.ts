// The suite's administrator and moderators. The e2e server promotes ADMIN_EMAIL (scripts/e2e-server.ts) once
// its owner confirms the address from their session; the first test worker that needs it creates the account
// and records the credentials in the server's data folder, the others wait for that file. Moderators are
// members the administrator promotes on their profile, as a person would.
import { mkdir, readFile, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { e2eBaseUrl, e2eDataDir } from "../../playwright.config.ts";
import { newCredentials, randomIp, signIn, signOut, signUp, type Credentials } from "./auth.ts";
import { expect } from "./fixtures.ts";
import { waitForMail } from "./outbox.ts";
import { enableTwoFactor } from "./two-factor.ts";

export const ADMIN_EMAIL = "administracao@exemplo.com.br";
const adminFile = path.join(e2eDataDir, "e2e-admin.json");
const adminLock = path.join(e2eDataDir, "e2e-admin.lock");

/** The administrator's credentials and the device cookie of a browser trusted to skip the code for 30 days. */
type AdminRecord = Credentials & { device: string };

async function readAdmin(): Promise<AdminRecord | null> {
  try {
    return JSON.parse(await readFile(adminFile, "utf8")) as AdminRecord;
  } catch {
    return null;
  }
}

/** Fixed, so an attempt that failed after signing up can be finished by the next one. */
const ADMIN_PASSWORD = "senha-da-administracao-de-teste";

async function createAdmin(page: Page): Promise<AdminRecord> {
  const credentials = newCredentials({
    email: ADMIN_EMAIL,
    name: "Administração Teste",
    password: ADMIN_PASSWORD,
  });
  await signUp(page, credentials).catch(() => signIn(page, credentials));
  const mail = await waitForMail(ADMIN_EMAIL, /Confirme/);
  const link = mail.text.match(/\/confirmar-email\/[\w-]+/)?.[0];
  if (!link) throw new Error("no confirmation link in the administrator's e-mail");
  const confirmed = await page.request.post(link, {
    form: {},
    headers: { "X-Forwarded-For": randomIp() },
  });
  expect(await confirmed.text()).toContain("E-mail confirmado!");
  // Administrators use their powers only with two-factor sign-in on (ADR 049). Signed in again once through the
  // code page with "Confiar neste navegador", the browser's device cookie lets every later sign-in skip the code.
  await enableTwoFactor(page, credentials);
  await signOut(page);
  await signIn(page, credentials, { trustBrowser: true });
  const device = (await page.context().cookies()).find((cookie) => cookie.name === "sdd_device");
  if (!device) throw new Error("no device cookie after the administrator's sign-in");
  const admin: AdminRecord = { ...credentials, device: device.value };
  await writeFile(adminFile, JSON.stringify(admin));
  return admin;
}

/** Signs the page's browser in as the suite's administrator, creating the account on first use. */
export async function signInAsAdmin(page: Page): Promise<Credentials> {
  let credentials = await readAdmin();
  if (!credentials) {
    // mkdir is atomic: one worker creates the account, the others wait for its credentials.
    const first = await mkdir(adminLock).then(
      () => true,
      () => false,
    );
    if (first) {
      // A failed attempt gives the turn back, so a retry (or another worker) can create the account.
      return createAdmin(page).catch(async (error: unknown) => {
        await rmdir(adminLock).catch(() => {});
        throw error;
      });
    }
    await expect.poll(readAdmin, { timeout: 30_000 }).not.toBeNull();
    credentials = (await readAdmin())!;
  }
  await page.context().addCookies([{ name: "sdd_device", value: credentials.device, url: e2eBaseUrl }]);
  await signIn(page, credentials);
  return credentials;
}

/** The handle of the member signed in on `page` (from their data export). */
export async function ownHandle(page: Page): Promise<string> {
  const response = await page.request.get("/configuracoes/exportar");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { account: { handle: string } }).account.handle;
}

/** The administrator (signed in on `adminPage`) gives `handle` the moderator role on their profile. */
export async function makeModerator(adminPage: Page, handle: string): Promise<void> {
  const response = await adminPage.request.post(`/u/${handle}`, {
    form: { intent: "role", role: "moderator" },
    headers: { "X-Forwarded-For": randomIp() },
  });
  expect(response.status(), await response.text().catch(() => "")).toBe(200);
}

/**
 * Tags a spec needs of its own (a unique name, or one the demo lacks), created by the administrator on /tags: on
 * the demo community a newcomer may not create tags. A tag that exists already is left as it is.
 */
export async function ensureTags(browser: Browser, ...names: string[]): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signInAsAdmin(page);
    for (const name of names) {
      const response = await page.request.post("/tags", {
        form: { name, description: "" },
        headers: { "Sec-Fetch-Site": "same-origin" },
        maxRedirects: 0,
      });
      expect([302, 409], await response.text()).toContain(response.status());
    }
  } finally {
    await context.close();
  }
}
