// Steps shared by the editor's specs: the playground at /test/editor (write-rich-text, write-like-a-developer),
// its toolbar and its submission, and reaching an editor of a real form.
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Opens the playground and waits until both editors replaced their plain textareas. */
export async function openPlayground(page: Page) {
  await page.goto("/test/editor");
  await expect(page.locator('[data-rich-text-field="editor"]')).toHaveCount(2);
  const field = page.locator('[data-rich-text-field="editor"]').first();
  const editor = field.getByRole("textbox", { name: "Texto (layout compacto)" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  return { field, editor, toolbar: field.getByRole("toolbar", { name: "Formatação do texto" }) };
}

/** Sends the playground's form and returns what the server stored from the first editor. */
export async function submitEditors(page: Page) {
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  return page.getByTestId("result").first();
}

/** A toolbar button by its exact name (several names start alike: "Adicionar lista", "… numérica"). */
export function button(toolbar: Locator, name: string) {
  return toolbar.getByRole("button", { name, exact: true });
}

/**
 * Waits until this browser keeps a draft holding each of `texts` (the editor keeps one a moment after the last
 * key, DRAFT_DELAY_MS): the condition a reload needs, never a fixed wait.
 */
export async function draftKept(page: Page, ...texts: string[]) {
  await expect
    .poll(async () => {
      const kept = await page.evaluate(() => Object.values(window.localStorage).join("\n"));
      return texts.filter((text) => !kept.includes(text));
    })
    .toEqual([]);
}

/** The rich-text editor labelled `label`, once it replaced its textarea (editors further down load on approach). */
export async function editorIn(page: Page, label: string) {
  const editor = page.getByRole("textbox", { name: label });
  await expect(async () => {
    await editor.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(editor).toHaveAttribute("contenteditable", "true", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  return editor;
}
