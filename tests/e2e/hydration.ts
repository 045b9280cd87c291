// Steps shared by the specs about what a visitor's page does before the app arrives (first-tap,
// read-without-downloading-the-app, ADR 014 and ADR 030).
import { expect, type Locator, type Page } from "@playwright/test";

/** Records the script files the page fetches from now on. */
export function scriptsFetched(page: Page): string[] {
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") fetched.push(new URL(request.url()).pathname);
  });
  return fetched;
}

/** Keeps the app's modules on their way until `release()`, so the test acts before React owns the page. */
export async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Waits until the page's app has hydrated (the root marks `<html data-hydrated>`). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 10_000 });
}

/**
 * Waits until React owns the element. Parts of a page whose code comes after the app (the Login and Cadastro
 * forms, ADR 030) stay the server's plain HTML until then, and a submit in between posts natively.
 */
export async function ownedByReact(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))))
    .toBe(true);
}

/**
 * Resolves once the server has accepted a POST to `path`. Buttons that show their new state at once (follow,
 * like) are still writing; a test that leaves the page right away may cancel the write, which a person reading
 * the page would not.
 */
export function writeLanded(page: Page, path: string) {
  return page.waitForResponse(
    (response) => response.url().includes(path) && response.request().method() === "POST" && response.ok(),
  );
}
