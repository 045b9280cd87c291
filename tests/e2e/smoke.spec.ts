import { expect, expectAccessible, test } from "./fixtures.ts";

test("the health check answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "ok" });
});

test("the accessibility check every page visit runs catches a real violation", async ({ page }) => {
  await page.goto("/");
  // A field with no label and text below the contrast minimum, added to the real page.
  await page.evaluate(() => {
    const main = document.querySelector("main");
    main?.insertAdjacentHTML(
      "beforeend",
      '<input id="sem-rotulo"><p style="color:#bbb;background:#fff">texto claro demais</p>',
    );
  });
  const failure = await expectAccessible(page).then(
    () => "",
    (error: Error) => error.message,
  );
  expect(failure).toContain("label");
  expect(failure).toContain("color-contrast");
});
