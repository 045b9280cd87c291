// ADR 015 and 028: visitors' pages come from memory, and a write renders the page it changed again, so neither
// the member who wrote nor a visitor who reloads a moment later sees the page without the write.
import { randomBytes } from "node:crypto";
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";

test("a member's new answer shows at once, to them and to a visitor whose page was cached", async ({
  page,
  browser,
}) => {
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const question = "/questions/2";
  await visitor.goto(question);
  const again = await visitor.goto(question);
  expect(again?.headers()["x-visitor-cache"]).toBe("hit");
  // Each copy still carries its own response's CSP nonce.
  const csp = again?.headers()["content-security-policy"] ?? "";
  const nonce = await visitor
    .locator("script[nonce]")
    .first()
    .evaluate((s) => (s as HTMLScriptElement).nonce);
  expect(csp).toContain(`'nonce-${nonce}'`);

  await signUp(page);
  const text = `Resposta recém-escrita ${randomBytes(4).toString("hex")}`;
  const answered = await page.request.post(question, {
    form: { intent: "answer", body: text },
    headers: { "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(answered.status()).toBeLessThan(400);

  await page.goto(question);
  await expect(page.getByText(text)).toBeVisible();
  // Within a second (a page a write named renders at most every 250 ms, ADR 028), the visitor's reload is a
  // fresh render with the answer.
  await expect
    .poll(async () => (await visitor.goto(question))?.headers()["x-visitor-cache"] ?? "rendered", {
      timeout: 1_000,
      intervals: [100],
    })
    .toBe("rendered");
  await expect(visitor.getByText(text)).toBeVisible();
  await visitorContext.close();
});

test("members' pages are never served from the visitors' memory", async ({ page }) => {
  await signUp(page);
  await page.goto("/questions/3");
  const again = await page.goto("/questions/3");
  expect(again?.headers()["x-visitor-cache"]).toBeUndefined();
  await expect(page.getByRole("banner").getByRole("button", { name: "Login" })).toHaveCount(0);
});
