// A developer pastes the error they got today into the ask form and finds the question that already answers
// it before posting a duplicate; the search page takes the same pasted trace.
import type { Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { answerQuestion, askQuestion } from "./questions.ts";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The trace the first member got, on their machine. */
const THEIRS = `node:internal/modules/esm/resolve:873
  throw new ERR_MODULE_NOT_FOUND(packageName, fileURLToPath(base), null);
        ^

Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'express' imported from /home/ana/projetos/loja/src/server.js
    at packageResolve (node:internal/modules/esm/resolve:873:9)
    at moduleResolve (node:internal/modules/esm/resolve:946:18)
    at defaultResolve (node:internal/modules/esm/resolve:1188:11) {
  code: 'ERR_MODULE_NOT_FOUND'
}

Node.js v22.11.0`;

/** The same error today, on another machine: another package, other paths, other line numbers. */
const MINE = `Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'dotenv' imported from C:\\Users\\bruno\\api\\index.mjs
    at packageResolve (node:internal/modules/esm/resolve:854:9)
    at moduleResolve (node:internal/modules/esm/resolve:927:20)
    at defaultResolve (node:internal/modules/esm/resolve:1169:11) {
  code: 'ERR_MODULE_NOT_FOUND'
}`;

/** Pastes through the real clipboard, as Ctrl+V does. */
async function pasteText(page: Page, text: string) {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press("Control+V");
}

test("pasting an error into the details shows the question that already has it, and search takes the trace", async ({
  page,
}) => {
  const title = `Node não encontra o pacote ao importar com ESM ${Date.now()}`;
  await signUp(page);
  const question = await askQuestion(page, {
    title,
    description: `<p>Ao rodar <code>node src/server.js</code> aparece:</p><pre><code>${escape(THEIRS)}</code></pre>`,
    details: "<p>Já rodei npm install de novo e esperava que o servidor subisse.</p>",
    tags: "node.js",
  });
  await answerQuestion(
    page,
    question,
    "<p>O pacote não está nas dependências do projeto que roda: instale-o na pasta certa.</p>",
  );

  // Someone else, today, with the same error from their machine.
  await page.context().clearCookies();
  await signUp(page);
  await page.goto("/ask-a-question");
  const details = page.getByRole("textbox", { name: "Quais são os detalhes do seu problema?" });
  await expect(async () => {
    await details.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(details).toHaveAttribute("contenteditable", "true", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await details.click();
  await page.keyboard.type("Meu servidor não sobe:");
  await page.keyboard.press("Enter");
  await pasteText(page, MINE);
  await expect(details.locator("pre code")).toContainText("ERR_MODULE_NOT_FOUND");

  const section = page.getByRole("region", { name: "Já perguntaram sobre este erro" });
  await expect(section).toBeVisible({ timeout: 10_000 });
  const first = section.getByRole("listitem").first();
  await expect(first.getByRole("link")).toHaveText(new RegExp(title));
  await expect(first.getByRole("link")).toHaveAttribute("href", question);
  await expect(first).toContainText("Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'express'");
  await expect(first).toContainText("1 resposta");
  // The demo's question with the same code (another message) comes after it: same code, weaker match.
  await expect(section.getByRole("listitem").nth(1).getByRole("link")).toHaveText(
    /ERR_MODULE_NOT_FOUND ao importar arquivo TypeScript/,
  );
  // Nothing left the page: the details are still being written.
  expect(new URL(page.url()).pathname).toBe("/ask-a-question");
  await expect(details).toContainText("Meu servidor não sobe:");

  // The search page takes the pasted trace as the query and searches by its error.
  await page.goto("/search");
  const box = page.getByRole("searchbox", { name: "Pesquisar" }).last();
  await box.click();
  await pasteText(page, MINE);
  await box.press("Enter");
  await page.waitForURL(/\/search\?q=/);
  await expect(
    page
      .getByRole("main")
      .getByRole("link", { name: new RegExp(title) })
      .first(),
  ).toBeVisible();
});
