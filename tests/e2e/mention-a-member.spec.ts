// "@handle" in an answer links to the member's profile and tells them, once; in a comment it tells them too.
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { answerQuestion, askQuestion } from "./questions.ts";

test("a member mentioned in an answer finds it in the bell and the mention leads to their profile", async ({
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
    description: "Quero chamar uma pessoa que entende do assunto para ver a pergunta.",
    details: "Tentei mandar o link por fora e esperava um jeito dentro do site.",
    tags: "javascript",
  });
  await answerQuestion(page, question, `<p>Acho que @${handle} sabe responder isso melhor do que eu.</p>`);
  await page.goto(question);
  await page
    .getByRole("article")
    .getByRole("link", { name: `@${handle}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`${profile}$`));

  await mentioned.goto("/notifications");
  await mentioned
    .getByRole("link", { name: `Otávio Cita mencionou você numa resposta em "${title}"` })
    .click();
  await expect(mentioned).toHaveURL(new RegExp(`${question}#resposta-\\d+$`));
  await mentionedContext.close();
});
