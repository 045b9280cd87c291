// "@handle" in an answer links to the member's profile and tells them, once; in a comment it tells them too.
import { signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { answerQuestion, askQuestion } from "./questions.ts";
import { editorIn } from "./rich-text.ts";

test("a member mentioned in a question and an answer finds both in the bell, and the mention leads to their profile", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const mentionedContext = await browser.newContext();
  const mentioned = await mentionedContext.newPage();
  await signUp(mentioned, { name: `Nina Citada ${stamp}` });
  await mentioned.goto("/");
  await mentioned.getByRole("button", { name: "Menu do usuário" }).click();
  const profile = (await mentioned.getByRole("menuitem", { name: "Ver Perfil" }).getAttribute("href"))!;
  const handle = profile.replace("/u/", "");

  await signUp(page, { name: "Otávio Cita" });
  const title = `Como pedir ajuda a alguém específico? ${stamp}`;
  const question = await askQuestion(page, {
    title,
    description: `Quero chamar @${handle}, que entende do assunto, para ver a pergunta.`,
    details: "Tentei mandar o link por fora e esperava um jeito dentro do site.",
    tags: "javascript",
  });
  await answerQuestion(page, question, `<p>Acho que @${handle} sabe responder isso melhor do que eu.</p>`);
  await page.goto(question);
  // The question's own text links the mention as well as the answer's.
  await expect(
    page.getByRole("region", { name: "Descrição" }).getByRole("link", { name: `@${handle}` }),
  ).toHaveAttribute("href", profile);
  await page
    .getByRole("article", { name: "Resposta de Otávio Cita" })
    .getByRole("link", { name: `@${handle}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`${profile}$`));

  await mentioned.goto("/notifications");
  await expect(
    mentioned.getByRole("link", { name: `Otávio Cita mencionou você na pergunta "${title}"` }),
  ).toBeVisible();
  await mentioned
    .getByRole("link", { name: `Otávio Cita mencionou você numa resposta em "${title}"` })
    .click();
  await expect(mentioned).toHaveURL(new RegExp(`${question}#resposta-\\d+$`));
  await mentionedContext.close();
});

test("typing @ in the answer editor suggests members; arrows choose and Enter inserts the handle", async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const others = await browser.newContext();
  const first = await others.newPage();
  // Two members whose handles start alike: the list offers both, the arrow picks the second.
  await signUp(first, { name: `Lia Sugerida ${stamp}` });
  await others.clearCookies();
  await signUp(first, { name: `Lia Sugerida ${stamp} Dois` });
  await others.close();

  await signUp(page, { name: "Caio Menciona" });
  const question = await askQuestion(page, {
    title: `Quem conhece bem este assunto de mencionar? ${stamp}`,
    description: "Quero chamar alguém que entende para olhar esta pergunta comigo.",
    details: "Procurei nos perfis e esperava achar alguém pelo nome.",
    tags: "javascript",
  });
  await page.goto(question);
  const editor = await editorIn(page, "Sua resposta");
  await editor.click();
  await page.keyboard.type(`Acho que @lia-sugerida-${stamp}`);
  const list = page.getByRole("listbox", { name: "Membros para mencionar" });
  await expect(list.getByRole("option")).toHaveCount(2);
  const listId = await list.getAttribute("id");
  await expect(editor).toHaveAttribute("aria-activedescendant", `${listId}-0`);
  await expect(page.getByRole("status").filter({ hasText: "2 membros sugeridos" })).toBeAttached();
  await expectAccessible(page);
  await page.keyboard.press("ArrowDown");
  const chosen = list.getByRole("option", { selected: true });
  await expect(chosen).toContainText(`Lia Sugerida ${stamp} Dois`);
  // The handle as the site made it from the name (it may be cut short, or numbered).
  const handle = (await chosen.locator("span").last().textContent())!.replace("@", "");
  await page.keyboard.press("Enter");
  await expect(list).toHaveCount(0);
  await page.keyboard.type("pode ajudar.");
  await expect(editor).toHaveText(`Acho que @${handle} pode ajudar.`);

  // Escape closes the list and leaves what was typed; the answer links the mention once published.
  await page.keyboard.type(" Ou @lia-sug");
  await expect(list.getByRole("option")).not.toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(list).toHaveCount(0);
  await expect(editor).toHaveText(`Acho que @${handle} pode ajudar. Ou @lia-sug`);
  for (const _ of " Ou @lia-sug") await page.keyboard.press("Backspace");
  await page.getByRole("button", { name: "Poste sua resposta" }).click();
  await expect(page.getByRole("article").getByRole("link", { name: `@${handle}` })).toBeVisible();
});
