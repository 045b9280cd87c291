// A member edits a question and an answer with a "resumo da edição", then opens each history: the summary shows
// beside who edited and when, and the words added and removed are marked (underlined / struck through, and
// announced to screen readers), worked out on the server.
import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { answerQuestion, askQuestion } from "./questions.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { editorIn } from "./rich-text.ts";

/** Adds `text` at the end of a rich-text editor. */
async function typeAtEnd(page: Page, editor: Locator, text: string) {
  await editor.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(text);
}

async function expectMarked(revision: Locator, added: string, removed: string | null) {
  const ins = revision.locator("ins", { hasText: added });
  await expect(ins).toBeVisible();
  await expect(ins).toHaveCSS("text-decoration-line", "underline");
  await expect(ins.locator(".sr-only").first()).toHaveText("[adicionado: ");
  if (removed === null) return;
  const del = revision.locator("del", { hasText: removed });
  await expect(del).toBeVisible();
  await expect(del).toHaveCSS("text-decoration-line", "line-through");
  await expect(del.locator(".sr-only").first()).toHaveText("[removido: ");
}

test("a member edits a question and an answer with a summary and sees what changed", async ({ page }) => {
  const stamp = randomBytes(4).toString("hex");
  await signUp(page, { name: "Ana Revisora" });
  const question = await askQuestion(page, {
    title: `Como ordenar eventos por data no navegador? ${stamp}`,
    description: "Minha lista de eventos aparece fora de ordem quando ordeno por data.",
    details: "Tentei usar sort sem função e esperava a ordem cronológica.",
    tags: "javascript",
  });

  // The question: a new title word, one gone, more details, and a summary.
  await page.goto(`${question}/editar`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page
    .getByRole("textbox", { name: "Título" })
    .fill(`Como ordenar eventos por data em JavaScript? ${stamp}`);
  await typeAtEnd(
    page,
    await editorIn(page, "Quais são os detalhes do seu problema?"),
    " As datas vêm em ISO.",
  );
  const summary = page.getByRole("textbox", { name: "Resumo da edição" });
  await expect(summary).toHaveAccessibleDescription(/Ex\.: corrigi a formatação do código\./);
  await summary.fill("Deixei o título mais preciso");
  await page.getByRole("button", { name: "Salvar edição" }).click();
  await expect(page).toHaveURL(new RegExp(`${question}$`));

  await page.getByRole("link", { name: "Histórico de edições" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Histórico de revisões" })).toBeVisible();
  await expectAccessible(page);
  const second = page.getByRole("article", { name: "Revisão 2" });
  await expect(second.getByText("Resumo da edição: Deixei o título mais preciso")).toBeVisible();
  await expect(second.getByRole("link", { name: "Ana Revisora" })).toBeVisible();
  await expectMarked(second, "em JavaScript", "no navegador");
  await expectMarked(second, "As datas vêm em ISO.", null);
  // The whole revision is one click away.
  await second.getByText("Ver a revisão 2 completa").click();
  await expect(
    second.getByText(`Como ordenar eventos por data em JavaScript? ${stamp}`, { exact: true }),
  ).toBeVisible();
  // The original has no summary, and reads as it was written: nothing in it is marked as added.
  const original = page.getByRole("article", { name: "Versão original" });
  await expect(original.getByText("Resumo da edição")).toHaveCount(0);
  await expect(original.getByRole("region", { name: "Texto original" })).toContainText(
    "Tentei usar sort sem função",
  );
  await expect(original.locator("ins")).toHaveCount(0);

  // An answer, edited by its author with a summary.
  await signUp(page, { name: "Bia Responde" });
  await answerQuestion(page, question, `<p>Use sort com uma função de comparação. ${stamp}</p>`);
  await page.goto(question);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const answer = page.getByRole("article", { name: "Resposta de Bia Responde" });
  await answer.getByRole("button", { name: "Mais ações" }).click();
  await page.getByRole("menuitem", { name: "Editar" }).click();
  await expect(page).toHaveURL(/\/respostas\/\d+\/editar$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await typeAtEnd(page, await editorIn(page, "Resposta"), " Compare com getTime().");
  await page.getByRole("textbox", { name: "Resumo da edição" }).fill("Mostrei como comparar");
  await page.getByRole("button", { name: "Salvar edição" }).click();
  await expect(page).toHaveURL(new RegExp(`${question}(#resposta-\\d+)?$`));
  // Back on the question, the focus is on the answer just saved, not lost at the top of the page.
  await expect(answer).toBeFocused();

  await page.getByRole("link", { name: "editada · ver histórico" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Histórico da resposta" })).toBeVisible();
  await expectAccessible(page);
  const edit = page.getByRole("article", { name: "Revisão 2" });
  await expect(edit.getByText("Resumo da edição: Mostrei como comparar")).toBeVisible();
  await expectMarked(edit, "Compare com getTime().", null);
});
