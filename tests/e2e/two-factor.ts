// Two-factor sign-in for the suite's staff (ADR 049): moderators and administrators hold their powers only with it
// on. `enableTwoFactor` does what a member does in Segurança (Ativar, read the key, type a code) over HTTP, and
// keeps the recovery codes, which the sign-in helper spends so it never waits for the app's next 30-second code.
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { randomIp, type Credentials } from "./auth.ts";
import { expect } from "./fixtures.ts";

/** What an authenticator app shows now for `secret`. */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });
}

const SECURITY = "/configuracoes/seguranca";

/** Turns two-factor sign-in on for the member signed in on `page`; their credentials keep the secret and codes. */
export async function enableTwoFactor(page: Page, credentials: Credentials): Promise<void> {
  const headers = { "X-Forwarded-For": randomIp() };
  const started = await page.request.post(SECURITY, {
    form: { intent: "two-factor-start", password: credentials.password },
    headers,
  });
  expect(started.status(), await started.text()).toBe(200);
  const html = await (await page.request.get(SECURITY)).text();
  const secret = html.match(/aria-label="Chave secreta"[^>]*>([A-Z2-7 ]+)</)?.[1]?.replace(/ /g, "");
  if (!secret) throw new Error("no key on the security page");
  const confirmed = await page.request.post(SECURITY, {
    form: { intent: "two-factor-confirm", code: totpCode(secret) },
    headers,
  });
  const text = await confirmed.text();
  expect(confirmed.status(), text).toBe(200);
  const list = text.slice(text.indexOf('aria-label="Códigos de recuperação"'));
  const codes = [...list.slice(0, list.indexOf("</ul>")).matchAll(/>([a-z2-9]{5}-[a-z2-9]{5})</g)].map(
    (m) => m[1]!,
  );
  expect(new Set(codes).size).toBe(10);
  credentials.totpSecret = secret;
  credentials.recoveryCodes = [...new Set(codes)];
}
