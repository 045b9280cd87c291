// A member asks a question with tags; two others answer ('1 Resposta', then '2 Respostas'), vote and comment;
// the asker accepts an answer, edits the question and reads its history.
import type { Browser, Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { hydrated } from "./hydration.ts";
import { askQuestion } from "./questions.ts";
import { earnVotingRights } from "./reputation.ts";
import { expect, test } from "./fixtures.ts";
import { draftKept, editorIn } from "./rich-text.ts";

async function memberPage(
  browser: Browser,
  name: string,
  { votes = false } = {},
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const member = await signUp(page, { name });
  if (votes) await earnVotingRights(page, member, browser);
  return { page, close: () => context.close() };
}

async function answer(page: Page, text: string) {
  const editor = await editorIn(page, "Sua resposta");
  await editor.click();
  await page.keyboard.type(text);
  await page.getByRole("button", { name: "Poste sua resposta" }).click();
}

test("ask with tags, answer twice, vote, comment, accept, edit and read the history", async ({
  page,
  browser,
}) => {
  // The longest journey of the suite (two members, a dozen pages, two editors): more than the default 45 s.
  test.slow();
  const stamp = Date.now();
  const title = `Como evitar que o fetch rode duas vezes no React? ${stamp}`;
  await signUp(page, { name: "Ana Perguntadeira" });
  await page.goto("/questions");
  await page.getByRole("link", { name: "Perguntar" }).first().click();
  await expect(page).toHaveURL(/\/ask-a-question$/);
  await expect(page.getByRole("heading", { level: 1, name: "Fazer uma pergunta" })).toBeVisible();
  const details = await editorIn(page, "Quais são os detalhes do seu problema?");

  // Too little: every message shows by its field and nothing typed is lost.
  await page.getByRole("textbox", { name: "Título" }).fill("Curto demais");
  await details.click();
  await page.keyboard.type("Pouco texto.");
  await page.getByRole("button", { name: "Poste sua pergunta" }).click();
  await expect(page.getByText("O título precisa ter pelo menos 15 caracteres.")).toBeVisible();
  await expect(page.getByText("Descreva o problema com pelo menos 20 caracteres.")).toBeVisible();
  await expect(
    page.getByText("Conte o que você tentou e o que esperava com pelo menos 20 caracteres."),
  ).toBeVisible();
  await expect(page.getByText("Escolha pelo menos uma tag.")).toBeVisible();
  await expect(details).toContainText("Pouco texto.");

  await page.getByRole("textbox", { name: "Título" }).fill(title);
  await details.click();
  await page.keyboard.press("End");
  await page.keyboard.type(
    " O efeito busca a lista de tarefas e a requisição aparece duplicada na aba Network.",
  );
  const tried = await editorIn(page, "O que você tentou e o que estava esperando?");
  await tried.click();
  await page.keyboard.type("Tentei uma variável fora do componente; esperava uma única requisição.");
  const tags = page.getByRole("combobox", { name: "Tags (até 5)" });
  await tags.fill("react");
  await tags.press("Enter");
  await page.getByRole("button", { name: "+", exact: true }).click();
  await page.getByRole("listbox", { name: "Tags sugeridas" }).getByRole("option", { name: "Dicas" }).click();
  // The draft's saves after Publicar would only be refused (409): the published draft sends none.
  const lateDraftSaves: number[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/api/drafts" && response.status() === 409) {
      lateDraftSaves.push(response.status());
    }
  });
  // Keys typed just before Publicar: their save is still waiting when the question is published.
  await tried.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Obrigada!");
  await page.getByRole("button", { name: "Poste sua pergunta" }).click();

  // The new question opens at the top of its page.
  await expect(page).toHaveURL(/\/questions\/\d+$/);
  const questionUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole("list", { name: "Tags" }).first().getByRole("link")).toHaveText([
    "Dicas",
    "react",
  ]);
  expect(lateDraftSaves).toEqual([]);
  await expect(page.getByRole("heading", { name: "0 Respostas" })).toBeVisible();
  await expect(page.getByText("no answers were found")).toBeVisible();
  // Nobody votes on their own question.
  await page.getByRole("button", { name: "Votar positivamente" }).first().click();
  await expect(page.getByText("Você não pode votar na sua própria pergunta.")).toBeVisible();

  // Two other members answer: '1 Resposta', then '2 Respostas'.
  const bia = await memberPage(browser, "Bia Respondona", { votes: true });
  await bia.page.goto(questionUrl);
  await answer(bia.page, "Isso é o Strict Mode do React 18: em desenvolvimento o efeito roda duas vezes.");
  await expect(bia.page.getByRole("heading", { name: "1 Resposta", exact: true })).toBeVisible();
  // An upvote on the question, shown at once and kept.
  const questionVotes = bia.page.getByRole("article").first();
  await questionVotes.getByRole("button", { name: "Votar positivamente" }).first().click();
  await expect(questionVotes.getByRole("button", { name: "Votar positivamente" }).first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // A comment with a link.
  await bia.page.getByText("Adicionar um comentário").first().click();
  await bia.page
    .getByRole("textbox", { name: "Seu comentário" })
    .first()
    .fill("Veja a documentação em https://react.dev/reference/react/StrictMode para entender.");
  await bia.page.getByRole("button", { name: "Comentar" }).first().click();
  await expect(
    bia.page.getByRole("link", { name: "https://react.dev/reference/react/StrictMode" }),
  ).toBeVisible();

  const caio = await memberPage(browser, "Caio Ajudante");
  await caio.page.goto(questionUrl);
  await answer(caio.page, "Use um AbortController e cancele a requisição na função de limpeza do efeito.");
  await expect(caio.page.getByRole("heading", { name: "2 Respostas" })).toBeVisible();

  // The asker sees both, the question's score and the comment; accepts Caio's answer, which goes first.
  await page.goto(questionUrl);
  await expect(page.getByRole("heading", { name: "2 Respostas" })).toBeVisible();
  await expect(page.getByRole("article").first().getByLabel("Pontuação: 1")).toBeVisible();
  await expect(page.getByText("1 comentário", { exact: true })).toBeVisible();
  const caioAnswer = page.getByRole("article", { name: "Resposta de Caio Ajudante" });
  await caioAnswer.getByRole("button", { name: "Aceitar resposta" }).click();
  await expect(page.getByRole("article", { name: "Resposta de Caio Ajudante (aceita)" })).toBeVisible();
  const answers = page.getByRole("region", { name: "2 Respostas" }).getByRole("article");
  await expect(answers.first()).toHaveAccessibleName("Resposta de Caio Ajudante (aceita)");
  await expect(answers.first().getByText("Resposta aceita", { exact: true })).toBeVisible();
  // Search engines get the QAPage with the accepted and the other answer.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({
    "@type": "QAPage",
    mainEntity: {
      "@type": "Question",
      name: title,
      answerCount: 2,
      acceptedAnswer: { author: { name: "Caio Ajudante" } },
      suggestedAnswer: [{ author: { name: "Bia Respondona" } }],
    },
  });
  // The answers' order follows the dropdown and the address; the accepted one stays first. The dropdown
  // changes the address once the page is hydrated (a no-JavaScript acceptance may have loaded a new document).
  await hydrated(page);
  await page.getByRole("combobox", { name: "Ordenar por" }).selectOption("oldest");
  await expect(page).toHaveURL(/answers=oldest/);
  await expect(answers.first()).toHaveAccessibleName("Resposta de Caio Ajudante (aceita)");
  await expect(answers.nth(1)).toHaveAccessibleName("Resposta de Bia Respondona");

  // The asker edits the question from the three-dot menu, then reads the history.
  await page.getByRole("button", { name: "Mais ações" }).first().click();
  await page.getByRole("menuitem", { name: "Editar" }).click();
  await expect(page).toHaveURL(/\/editar$/);
  const edited = `${title} (editada)`;
  await page.getByRole("textbox", { name: "Título" }).fill(edited);
  await page.getByRole("button", { name: "Salvar edição" }).click();
  await expect(page.getByRole("heading", { level: 1, name: edited })).toBeVisible();
  await page.getByRole("link", { name: "Histórico de edições" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Histórico de revisões" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Revisão 2" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Versão original" })).toBeVisible();
  await expect(page.getByText("Alterações: título")).toBeVisible();

  await bia.close();
  await caio.close();
});

test("an empty or five-character answer is refused with a message, and visitors are invited to sign in", async ({
  page,
}) => {
  await page.goto("/questions/1");
  await expect(page.getByRole("heading", { name: "Responder" })).toBeVisible();
  await page.getByRole("link", { name: "Entrar para responder" }).click();
  await expect(page).toHaveURL(/\/entrar\?redirectTo=%2Fquestions%2F1/);

  await signUp(page);
  await page.goto("/questions/1");
  await editorIn(page, "Sua resposta");
  await page.getByRole("button", { name: "Poste sua resposta" }).click();
  await expect(page.getByText("A resposta não pode ficar vazia.")).toBeVisible();
  // Five characters are a comment, not an answer (as on Stack Overflow, 30 at least).
  const editor = await editorIn(page, "Sua resposta");
  await editor.click();
  await page.keyboard.type("Valeu");
  await page.getByRole("button", { name: "Poste sua resposta" }).click();
  await expect(page.getByText("A resposta precisa ter pelo menos 30 caracteres de texto.")).toBeVisible();
  await expect(editor).toHaveText("Valeu");
  // The field says it too: its frame turns red (rgb(220 38 38) is red-600), focused as it is.
  await expect(editor).toHaveAttribute("aria-invalid", "true");
  const frame = page.locator('div:has(> input[type="hidden"][name="body"])');
  await expect(frame).toHaveCSS("border-top-color", /^(rgb\(220, 38, 38\)|oklch\(0\.577 0\.245 27\.325\))$/);
  // The server says the same to a plain form post (no JavaScript check in the way).
  const refused = await page.request.post("/questions/1", {
    form: { intent: "answer", "body-format": "html", body: "<p>Valeu</p>" },
    headers: { "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("A resposta precisa ter pelo menos 30 caracteres de texto.");
});

test("a member answers twice from the same page, and the editor starts empty each time", async ({ page }) => {
  await signUp(page);
  const question = await askQuestion(page, {
    title: `Duas respostas seguidas ${Date.now()}`,
    description: "Um problema descrito com texto suficiente para passar.",
    details: "Tentei de tudo e esperava que funcionasse logo.",
    tags: "react",
  });
  await page.goto(question);
  await answer(page, "Primeira resposta, com texto suficiente.");
  await expect(page.getByRole("heading", { name: "1 Resposta", exact: true })).toBeVisible();
  // The posted text does not come back as a recovered draft.
  const editor = await editorIn(page, "Sua resposta");
  await expect(editor).toHaveText("");
  await expect(page.getByText("Recuperamos o rascunho")).toHaveCount(0);

  await answer(page, "Segunda resposta, sem a primeira dentro.");
  await expect(page.getByRole("heading", { name: "2 Respostas" })).toBeVisible();
  const answers = page.getByRole("region", { name: "2 Respostas" }).getByRole("article");
  await expect(answers.nth(1)).toContainText("Segunda resposta, sem a primeira dentro.");
  // The focus follows the answer just posted, so the keyboard and the screen reader go on from it.
  await expect(answers.nth(1)).toBeFocused();
  await expect(answers.nth(1)).not.toContainText("Primeira resposta");
  await expect(await editorIn(page, "Sua resposta")).toHaveText("");
  await page.reload();
  await expect(await editorIn(page, "Sua resposta")).toHaveText("");
});

test("what a member types while the editor arrives is all kept", async ({ page }) => {
  await signUp(page);
  // The editor's code is held back until the member is already typing.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/rich-text-editor\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/questions/2");
  // The plain field first: the editor replaces it once its code is there.
  await page.getByRole("textbox", { name: "Sua resposta" }).click();
  const start = "Cada tecla digitada enquanto o editor chega ";
  const rest =
    "precisa ficar no texto, do começo ao fim, mesmo quando o campo simples dá lugar ao editor no meio da frase.";
  await page.keyboard.type(start);
  release();
  await page.keyboard.type(rest);
  const editor = page.getByRole("textbox", { name: "Sua resposta" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await expect(editor).toHaveText(start + rest);
});

test("a missing or non-numeric id goes back to the list", async ({ page }) => {
  await page.goto("/questions/abc");
  await expect(page).toHaveURL(/\/questions$/);
  await page.goto("/questions/999999");
  await expect(page).toHaveURL(/\/questions$/);
});

test("@phone a member answers a question on a phone", async ({ page }) => {
  await signUp(page, { name: "Duda Do Celular" });
  const title = `Pergunta para responder pelo celular ${Date.now()}`;
  await askQuestion(page, {
    title,
    description: "Um problema descrito com texto suficiente para passar.",
    details: "Tentei de tudo e esperava que funcionasse logo.",
    tags: "flutter",
  });

  // Another member finds it on the list and answers it.
  await signUp(page, { name: "Edu Responde" });
  await page.goto("/questions");
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await answer(page, "Pelo celular também dá para ajudar: reinicie o servidor de desenvolvimento.");
  await expect(page.getByRole("heading", { name: "1 Resposta", exact: true })).toBeVisible();
  await expect(page.getByRole("article", { name: "Resposta de Edu Responde" })).toBeVisible();
});

test("a question in progress survives a reload, and 'Descartar pergunta' clears it", async ({ page }) => {
  await signUp(page);
  await page.goto("/ask-a-question");
  const details = await editorIn(page, "Quais são os detalhes do seu problema?");
  await page.getByRole("textbox", { name: "Título" }).fill("Um título que eu ainda vou terminar depois");
  await details.click();
  await page.keyboard.type("Detalhes que não podem se perder.");
  const tags = page.getByRole("combobox", { name: "Tags (até 5)" });
  await tags.fill("rascunho");
  await tags.press("Enter");
  await draftKept(
    page,
    "Um título que eu ainda vou terminar depois",
    "Detalhes que não podem se perder.",
    "rascunho",
  );
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Título" })).toHaveValue(
    "Um título que eu ainda vou terminar depois",
  );
  await expect(await editorIn(page, "Quais são os detalhes do seu problema?")).toContainText(
    "Detalhes que não podem se perder.",
  );
  await expect(page.getByRole("list", { name: "Tags escolhidas" }).getByRole("listitem")).toHaveText([
    "rascunho",
  ]);

  // Something typed: it asks first.
  await page.getByRole("link", { name: "Descartar pergunta" }).click();
  await page
    .getByRole("alertdialog", { name: "Descartar pergunta?" })
    .getByRole("button", { name: "Descartar" })
    .click();
  await expect(page).toHaveURL(/\/questions$/);
  await page.goto("/ask-a-question");
  await editorIn(page, "Quais são os detalhes do seu problema?");
  await expect(page.getByRole("textbox", { name: "Título" })).toHaveValue("");
  await expect(
    page.getByRole("textbox", { name: "Quais são os detalhes do seu problema?" }),
  ).not.toContainText("Detalhes");
  await expect(page.getByRole("list", { name: "Tags escolhidas" })).toHaveCount(0);
});

test("a published question's draft never comes back: asking twice in a row on a slow phone starts empty", async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  // A phone four times slower than this machine: the draft's clearing must not depend on timing.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto("/questions");
  for (const round of [1, 2]) {
    // From the list the first time, then straight from the question just published.
    await page.getByRole("link", { name: "Perguntar" }).first().click();
    await expect(page).toHaveURL(/\/ask-a-question$/);
    const title = page.getByRole("textbox", { name: "Título" });
    const description = await editorIn(page, "Quais são os detalhes do seu problema?");
    const details = await editorIn(page, "O que você tentou e o que estava esperando?");
    // The form starts empty every time: no title, no tag chosen, no recovered draft.
    await expect(title).toHaveValue("");
    await expect(description).toHaveText("");
    await expect(page.getByRole("list", { name: "Tags escolhidas" })).toHaveCount(0);
    await expect(page.getByText("Recuperamos o rascunho")).toHaveCount(0);

    const text = `Pergunta número ${round} feita em seguida ${Date.now()}`;
    await title.fill(text);
    await description.click();
    await page.keyboard.type("Um problema descrito com texto suficiente para passar.");
    await details.click();
    await page.keyboard.type("Tentei de tudo e esperava que funcionasse logo.");
    const tags = page.getByRole("combobox", { name: "Tags (até 5)" });
    await tags.fill("web");
    await tags.press("Enter");
    // Another spec may have made the tag "Web" first: when its suggestion arrives before Enter, its spelling wins.
    await expect(page.getByRole("list", { name: "Tags escolhidas" }).getByRole("listitem")).toHaveText([
      /^web$/i,
    ]);
    await draftKept(page, text, "Tentei de tudo");
    // A second tab on the same form keeps the draft of the question this one is about to publish (its
    // editors write it back as that tab goes away): publishing must leave it dead all the same.
    const kept = await page.evaluate(() => {
      const copy: Record<string, string> = {};
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i)!;
        if (key.startsWith("sdd:rascunho:pergunta:nova")) copy[key] = localStorage.getItem(key)!;
      }
      return copy;
    });
    await page.getByRole("button", { name: "Poste sua pergunta" }).click();
    await expect(page.getByRole("heading", { level: 1, name: text })).toBeVisible();
    await page.evaluate((copy) => {
      for (const [key, value] of Object.entries(copy)) localStorage.setItem(key, value);
    }, kept);
  }
});
