// Comments take the mini-Markdown of Stack Overflow's comments: `code`, **bold**, *italic*, [text](https://…)
// and bare addresses, rendered on the server and sanitised; anything else (markup included) shows as typed.
// On a question (its page keeps rendered answers, ADR 031: the comment shows on the first page and on the
// ones served from what was kept) and under a blog post.
import { randomBytes } from "node:crypto";
import type { Locator } from "@playwright/test";
import { signUp } from "./auth.ts";
import { answerQuestion, askQuestion } from "./questions.ts";
import { expect, test } from "./fixtures.ts";

const COMMENT =
  "Rode `npm run dev` antes, é **essencial**; veja [a documentação](https://react.dev/learn) " +
  "e _não_ mude snake_case_name. <img src=x onerror=alert(1)> [isto](javascript:alert(1))";

async function expectRendered(comment: Locator) {
  await expect(comment.locator("code")).toHaveText("npm run dev");
  await expect(comment.locator("strong")).toHaveText("essencial");
  await expect(comment.locator("em")).toHaveText("não");
  const link = comment.getByRole("link", { name: "a documentação" });
  await expect(link).toHaveAttribute("href", "https://react.dev/learn");
  await expect(link).toHaveAttribute("rel", "nofollow ugc noopener");
  await expect(link).toHaveAttribute("target", "_blank");
  // Typed markup is text; the javascript: link is not a link; the identifier keeps its underscores.
  await expect(comment).toContainText("snake_case_name");
  await expect(comment).toContainText("<img src=x onerror=alert(1)>");
  await expect(comment).toContainText("[isto](javascript:alert(1))");
  await expect(comment.locator('img[src="x"]')).toHaveCount(0);
  await expect(comment.getByRole("link", { name: "isto" })).toHaveCount(0);
  await expect(comment.locator('a[href^="javascript" i]')).toHaveCount(0);
}

test("a comment on an answer shows code, bold, italic and a link, on every page that shows it", async ({
  page,
  browser,
}) => {
  const stamp = randomBytes(4).toString("hex");
  await signUp(page, { name: "Ana Pergunta" });
  const question = await askQuestion(page, {
    title: `Como rodar o servidor de desenvolvimento? ${stamp}`,
    description: "O projeto tem um script de desenvolvimento, mas não sei qual comando usar para subir.",
    details: "Já instalei as dependências com npm install.",
    tags: "node.js",
  });
  await answerQuestion(page, question, `<p>Use o script dev do package.json, ${stamp}.</p>`);

  const bia = await (await browser.newContext()).newPage();
  await signUp(bia, { name: "Bia Comenta" });
  await bia.goto(question);
  await bia.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const answer = bia.getByRole("article", { name: "Resposta de Ana Pergunta" });
  await answer.getByText("Adicionar um comentário").click();
  // The form says briefly what the syntax is.
  await expect(answer.getByText("Use `código`, **negrito**, *itálico* e [texto](https://…)")).toBeVisible();
  await answer.getByLabel("Seu comentário").fill(COMMENT);
  await answer.getByRole("button", { name: "Comentar" }).click();
  const comment = answer.locator("li[id^=comentario-]").filter({ hasText: "npm run dev" });
  await expectRendered(comment);

  // Another reader's first page renders the answer's card and keeps it; the second is served from it.
  for (let visit = 0; visit < 2; visit++) {
    await page.goto(question);
    await expectRendered(
      page
        .getByRole("article", { name: "Resposta de Ana Pergunta" })
        .locator("li[id^=comentario-]")
        .filter({ hasText: "npm run dev" }),
    );
  }
  await bia.context().close();
});

test("a comment under a blog post takes the same syntax", async ({ page }) => {
  await signUp(page, { name: "Leitora Markdown" });
  await page.goto("/blog/entendendo-o-event-loop-do-javascript-sem-misterio");
  await expect(
    page.getByText("Use `código`, **negrito**, *itálico* e [texto](https://…)").first(),
  ).toBeVisible();
  await page.getByRole("textbox", { name: "Escreva um comentário" }).fill(COMMENT);
  await page.getByRole("button", { name: "Comentar" }).click();
  const mine = page.getByRole("article", { name: "Comentário de Leitora Markdown" });
  await expectRendered(mine);
  await page.reload();
  await expectRendered(mine);
});
