import { expect, expectAccessible, test } from "./fixtures.ts";

test("the health check answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  const health = await response.json();
  expect(health).toMatchObject({
    status: "ok",
    database: "ok",
    databaseQueue: expect.any(Number),
    eventLoopLagMs: expect.any(Number),
    app: { active: expect.any(Number), waiting: expect.any(Number), waitingWrites: expect.any(Number) },
  });
  expect(health.databaseMs).toBeLessThan(2000);
});

test("the accessibility check every page visit runs catches a real violation", async ({ page }) => {
  // A page that hydrates as it loads. The markup is added once React owns the page: added before, it is a
  // hydration error, and React replaces it (the added field itself is an intent that starts hydration).
  await page.goto("/coming-soon");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // A field with no label and text below the contrast minimum, added to the real page (React leaves alone what it
  // did not render once it has hydrated).
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      "beforeend",
      '<div role="region" aria-label="Teste"><input id="sem-rotulo"><p style="color:#bbb;background:#fff">texto claro demais</p></div>',
    );
  });
  const failure = await expectAccessible(page).then(
    () => "",
    (error: Error) => error.message,
  );
  expect(failure).toContain("label");
  expect(failure).toContain("color-contrast");
});
