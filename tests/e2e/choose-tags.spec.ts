import type { Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { editorIn } from "./rich-text.ts";

async function openSelector(page: Page) {
  await page.goto("/test/editor");
  // Hydrated once the editors have loaded (the selector hydrates with the same page).
  await expect(page.locator('[data-rich-text-field="editor"]')).toHaveCount(2);
  return {
    input: page.getByRole("combobox", { name: "Tags" }),
    chosen: page.getByRole("list", { name: "Tags escolhidas" }),
  };
}

test("the button opens the suggestions; a choice goes to the front and closes the list", async ({ page }) => {
  const { input, chosen } = await openSelector(page);
  await expect(input).toHaveAttribute("placeholder", "Ex: javascript, array, front-end, etc");
  // The button is named by what it reads: 'Adicione tags +' while none is chosen, '+' afterwards.
  const first = page.getByRole("button", { name: "Adicione tags +", exact: true });
  const add = page.getByRole("button", { name: "+", exact: true });
  await expect(first).toBeVisible();

  await first.click();
  const suggestions = page.getByRole("listbox", { name: "Tags sugeridas" });
  await expect(suggestions).toBeVisible();
  await expect(suggestions.getByRole("option")).toHaveCount(10);
  await expect(suggestions.locator("xpath=..")).toHaveCSS("z-index", "1000");
  await suggestions.getByRole("option", { name: "Web" }).click();
  await expect(suggestions).toBeHidden();
  await expect(add).toBeVisible();
  await expect(first).toHaveCount(0);

  await add.click();
  await expect(suggestions.getByRole("option", { name: "Web" })).toHaveCount(0);
  await expect(suggestions.getByRole("option")).toHaveCount(9);
  await suggestions.getByRole("option", { name: "Figma" }).click();
  await expect(chosen.getByRole("listitem")).toHaveText(["Figma", "Web"]);

  // Clicking outside closes the list; Escape too.
  await add.click();
  await expect(suggestions).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(suggestions).toBeHidden();
  await add.click();
  await page.keyboard.press("Escape");
  await expect(suggestions).toBeHidden();

  await chosen.getByRole("button", { name: "Remover tag Figma" }).click();
  await expect(chosen.getByRole("listitem")).toHaveText(["Web"]);

  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page.getByTestId("result-tags")).toHaveText("Tags: Web");
});

test("typing searches existing tags or offers to create one, by keyboard", async ({ page }) => {
  const { input, chosen } = await openSelector(page);
  await input.fill("dic");
  const found = page.getByRole("listbox", { name: "Tags encontradas" });
  // The best match comes highlighted: Enter picks it, never the half-typed "dic".
  await expect(found.getByRole("option", { name: "Dicas" })).toHaveAttribute("aria-selected", "true");
  await input.press("Enter");
  await expect(chosen.getByRole("listitem")).toHaveText(["Dicas"]);
  await expect(input).toHaveValue("");

  // The arrows still reach creating what was typed, at the end of the list.
  await input.fill("reac");
  await expect(found.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await expect(found.getByRole("option").first()).toHaveText(/^react/i);
  await input.press("ArrowUp");
  await expect(found.getByRole("option", { name: "Criar a tag “reac”" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await input.press("Escape");
  await input.fill("");

  await input.fill("minha-tag-nova");
  await expect(found.getByRole("option", { name: "Criar a tag “minha-tag-nova”" })).toBeVisible();
  await input.press("Enter");
  await expect(chosen.getByRole("listitem")).toHaveText(["minha-tag-nova", "Dicas"]);

  // The same tag cannot be chosen twice, whatever its case.
  await input.fill("DICAS");
  await input.press("Enter");
  await expect(chosen.getByRole("listitem")).toHaveText(["minha-tag-nova", "Dicas"]);

  // A comma adds what was typed, too.
  await input.fill("react");
  await input.press(",");
  await expect(chosen.getByRole("listitem")).toHaveText(["react", "minha-tag-nova", "Dicas"]);
});

test("at most five tags", async ({ page }) => {
  const { input, chosen } = await openSelector(page);
  for (const tag of ["um", "dois", "tres", "quatro", "cinco"]) {
    await input.fill(tag);
    await input.press("Enter");
  }
  await expect(chosen.getByRole("listitem")).toHaveCount(5);
  await input.fill("seis");
  await input.press("Enter");
  await expect(page.getByText("Escolha no máximo 5 tags.")).toBeVisible();
  await expect(chosen.getByRole("listitem")).toHaveCount(5);
});

test("a new member picks existing tags and is told what creating one takes", async ({ page }) => {
  // The demo community has members past the privilege, so it is no young site: a newcomer may not create tags.
  await signUp(page);
  await page.goto("/ask-a-question");
  const input = page.getByRole("combobox", { name: "Tags (até 5)" });
  const chosen = page.getByRole("list", { name: "Tags escolhidas" });
  await input.fill("tag-que-ninguem-criou");
  await expect(
    page.getByText("Nenhuma tag com esse nome. Criar tags requer 150 pontos de reputação."),
  ).toBeVisible();
  await expect(page.getByRole("option", { name: /Criar a tag/ })).toHaveCount(0);
  await input.fill("pyth");
  await expect(page.getByRole("option", { name: "python" })).toHaveAttribute("aria-selected", "true");
  await input.press("Enter");
  await expect(chosen.getByRole("listitem")).toHaveText(["python"]);

  // Sent anyway (a direct post, or typed and added with a comma), the server refuses it next to the field.
  const title = "Como escolher a tag certa para uma pergunta nova?";
  const description = "Quero saber como as tags funcionam quando a que eu quero ainda não existe no site.";
  const tried = "Tentei escrever o nome da tag e esperava poder criá-la na hora, como faço no GitHub.";
  const response = await page.request.post("/ask-a-question", {
    form: { title, description, details: tried, tags: "tag-que-ninguem-criou" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  await input.fill("tag-que-ninguem-criou");
  await input.press(",");
  await page.getByRole("textbox", { name: "Título" }).fill(title);
  await (await editorIn(page, "Quais são os detalhes do seu problema?")).click();
  await page.keyboard.type(description);
  await (await editorIn(page, "O que você tentou e o que estava esperando?")).click();
  await page.keyboard.type(tried);
  await page.getByRole("button", { name: "Poste sua pergunta" }).click();
  await expect(
    page.getByText(
      /^A tag “tag-que-ninguem-criou” ainda não existe\. Criar tags exige 150 pontos de reputação\. Faltam 149 pontos\./,
    ),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Título" })).toHaveValue(title);
  await expect(chosen.getByRole("listitem")).toHaveText(["tag-que-ninguem-criou", "python"]);
});
