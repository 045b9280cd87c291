// The `test` every end-to-end spec uses: each page visited is checked with axe, and a console error or an
// uncaught exception fails the test. E-mails are read from the server's outbox.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const axeOptions: RunOptions = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
  resultTypes: ["violations"],
};

/**
 * axe-core run in the page itself (every WCAG 2.1 A and AA rule, or only `rules` when given). @axe-core/playwright's `analyze()` runs axe in parts and finishes in a second
 * page it opens for every check, which cost 1–2 s a page on two cores; one `axe.run` on the document with the same
 * rules takes a third of that (ADR 045). Our pages have no frames of their own to descend into.
 */
export async function expectAccessible(page: Page, rules?: readonly string[]) {
  // Colours are judged as they settle: an entrance or a transition still running (a button fading in as it is
  // enabled again) is taken to its end rather than measured halfway, and rather than waited for (the brand bar's
  // 1.45 s entrance on every not-found page). Infinite animations (a spinner) are left alone, and so are those
  // driven by a scroll (the fading edge of a tab strip), which end only when someone scrolls.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      const endless = animation.effect?.getComputedTiming().endTime === Infinity;
      if (animation.timeline !== document.timeline || endless) continue;
      try {
        animation.finish();
      } catch {
        // An animation that cannot be finished (paused at a zero rate) is left as it is.
      }
    }
  });
  const injected = await page.evaluate(() => "axe" in window);
  if (!injected) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe
        .run(document, options)
        .then((results) =>
          results.violations.map(({ id, help, nodes }) => ({ id, help, nodes: nodes.map((n) => n.target) })),
        ),
    rules
      ? ({ ...axeOptions, runOnly: { type: "rule", values: [...rules] } } satisfies RunOptions)
      : axeOptions,
  );
  const summary = violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((target) => target.join(" ")).join(", ")})`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** React Router's data requests and the JSON resource routes under /api answer refusals with a 4xx. */
function isDataRequest(url: string): boolean {
  try {
    const { pathname } = new URL(url);
    return pathname.endsWith(".data") || pathname.startsWith("/api/");
  } catch {
    return false;
  }
}

export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      // A page answered with 404 (the not-found page) logs its own status; that is the page working.
      const isDocumentStatus = message.location().url === page.url() && /status of 404/.test(message.text());
      // A form refused with a 4xx (a wrong password, an address in use, 429) through React Router's data
      // request is the form working too: the message shows next to the field.
      const isFormRefusal = /status of 4\d\d/.test(message.text()) && isDataRequest(message.location().url);
      if (!isDocumentStatus && !isFormRefusal) problems.push(`console.error: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await expectAccessible(page);
      return response;
    };
    await use(page);
    expect(problems, "the page logged errors").toEqual([]);
  },
});

export { expect };
