// A member opens an answer's "Mais ações" menu with the keyboard and with the mouse: the menu is a plain
// button until first used (the real menu mounts then), yet it opens, takes focus, copies the link, opens the
// flag dialog and gives focus back exactly like a menu that was always there. Its author is offered no
// Sinalizar.
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { answerQuestion, askQuestion } from "./questions.ts";
import { earnVotingRights } from "./reputation.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

/** A fresh question with one answer by Bia; returns the question's address. */
async function questionWithAnAnswer(page: Page): Promise<string> {
  const stamp = randomBytes(4).toString("hex");
  await signUp(page, { name: "Ana Pergunta" });
  const question = await askQuestion(page, {
    title: `Como copiar o link de uma resposta? ${stamp}`,
    description: "Uma descrição com texto suficiente para passar na regra.",
    details: "O que tentei e o que esperava, com texto suficiente.",
    tags: "dicas",
  });
  await signUp(page, { name: "Bia Responde" });
  await answerQuestion(page, question, `<p>Use o menu de três pontos da resposta. ${stamp}</p>`);
  return question;
}

async function openQuestion(page: Page, question: string) {
  await page.goto(question);
  // Members' pages hydrate on load: wait for React, so the first key or click reaches it.
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const answer = page.getByRole("article", { name: "Resposta de Bia Responde" });
  return answer.getByRole("button", { name: "Mais ações" });
}

test("a member uses an answer's menu with the keyboard and with the mouse", async ({ page, browser }) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const question = await questionWithAnAnswer(page);
  // Bia, on her own answer: everything but Sinalizar (the server refuses a flag of one's own post too).
  const own = await openQuestion(page, question);
  await own.click();
  const ownMenu = page.getByRole("menu");
  await expect(ownMenu.getByRole("menuitem", { name: "Copiar link" })).toBeVisible();
  await expect(ownMenu.getByRole("menuitem", { name: "Excluir" })).toBeVisible();
  await expect(ownMenu.getByRole("menuitem", { name: "Sinalizar" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  // Caio may flag: a confirmed e-mail and his first points.
  const caio = await signUp(page, { name: "Caio Leitor" });
  await earnVotingRights(page, caio, browser);

  // Keyboard: the first item takes focus; Escape closes and focus is back on the button.
  let trigger = await openQuestion(page, question);
  await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  // Someone else's answer: a new member, who may not edit it directly yet, suggests an edit or flags it.
  await expect(menu.getByRole("menuitem")).toHaveText(["Sugerir edição", "Copiar link", "Sinalizar"]);
  await expect(menu.getByRole("menuitem", { name: "Sugerir edição" })).toBeFocused();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute("aria-expanded", "false");

  // Tab closes the menu too, as a menu button's does, and the focus is back on the button.
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("menuitem", { name: "Sugerir edição" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  // Again from the keyboard, now on the mounted menu: Sinalizar opens the dialog, Escape gives focus back.
  await page.keyboard.press(" ");
  await expect(menu.getByRole("menuitem", { name: "Sugerir edição" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Copiar link" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Sinalizar" })).toBeFocused();
  await page.keyboard.press("Enter");
  const report = page.getByRole("dialog", { name: "Sinalizar resposta" });
  await expect(report).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(report).toBeHidden();
  await expect(trigger).toBeFocused();

  // Mouse, on a fresh page: the menu opens under the pointer and Copiar link announces itself.
  trigger = await openQuestion(page, question);
  await trigger.click();
  await expect(menu).toBeVisible();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  await menu.getByRole("menuitem", { name: "Copiar link" }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Link copiado!" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(copied).pathname + new URL(copied).hash).toMatch(new RegExp(`^${question}#resposta-\\d+$`));

  // Sinalizar with the mouse: a flag is sent, and closing the dialog gives focus back to the button.
  await trigger.click();
  await menu.getByRole("menuitem", { name: "Sinalizar" }).click();
  await expect(report).toBeVisible();
  await report.getByRole("radio", { name: /Outro motivo/ }).check();
  await report.getByRole("textbox", { name: "Detalhes" }).fill("Parece propaganda de um curso.");
  await report.getByRole("button", { name: "Enviar sinalização" }).click();
  await expect(report.getByText("Obrigado! A moderação vai analisar sua sinalização.")).toBeVisible();
  await report.getByRole("button", { name: "Fechar" }).last().click();
  await expect(report).toBeHidden();
  await expect(trigger).toBeFocused();

  // Opened again, the dialog starts afresh.
  await trigger.click();
  await menu.getByRole("menuitem", { name: "Sinalizar" }).click();
  await expect(report.getByRole("textbox", { name: "Detalhes" })).toHaveValue("");
  await expect(report.getByRole("radio", { name: /Outro motivo/ })).not.toBeChecked();
  await report.getByRole("button", { name: "Cancelar" }).click();
  await expect(report).toBeHidden();
  await expect(trigger).toBeFocused();
});
