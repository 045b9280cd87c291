// Steps shared by the editor's specs (write-rich-text, write-like-a-developer): both drive the playground at
// /test/editor, so opening it, its toolbar and its submission are written once here.
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
