// A member pastes a .env into an answer: the editor warns at once and masks on request; a secret typed after the
// warning and published anyway reaches the page masked, because the server masks every write again.
import { signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { askQuestion } from "./questions.ts";
import { editorIn } from "./rich-text.ts";

// Made-up values in each format, built from pieces so no scanner flags this file.
const AWS = ["AKIA", "Q3EGRTJ7WXZ5K2MP"].join("");
const GITHUB = ["ghp", "_", "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"].join("");

test("the editor warns about a pasted key and masks it; the server masks what was published anyway", async ({
  page,
}) => {
  await signUp(page);
  const question = await askQuestion(page, {
    title: `Por que o deploy não acha as credenciais da AWS? ${Date.now()}`,
    description: "O deploy no CI falha dizendo que as credenciais da AWS não foram encontradas.",
    details: "Tentei exportar as variáveis no passo anterior e esperava que o deploy as lesse.",
    tags: "javascript",
  });
  await page.goto(question);
  const editor = await editorIn(page, "Sua resposta");
  await editor.click();
  await page.keyboard.insertText(`Confira o seu .env: AWS_ACCESS_KEY_ID=${AWS} e rode de novo.`);
  const warning = page.getByRole("alert").filter({ hasText: "Cuidado:" });
  await expect(warning).toContainText("uma chave de acesso da AWS");
  await expectAccessible(page);
  await warning.getByRole("button", { name: "Mascarar agora" }).click();
  await expect(editor).toContainText("AWS_ACCESS_KEY_ID=AKIA…MASCARADO");
  await expect(editor).not.toContainText(AWS);
  await expect(warning).toHaveCount(0);

  // Ignored this time: published as it is, masked by the server.
  await editor.press("End");
  await page.keyboard.insertText(` O token do GitHub ${GITHUB} também vazou.`);
  await expect(page.getByRole("alert").filter({ hasText: "um token do GitHub" })).toBeVisible();
  await page.getByRole("button", { name: "Poste sua resposta" }).click();
  const published = page.getByRole("article").filter({ hasText: "também vazou" });
  await expect(published).toContainText("ghp_…MASCARADO");
  const html = await (await page.request.get(question)).text();
  expect(html).not.toContain(AWS);
  expect(html).not.toContain(GITHUB);
});
