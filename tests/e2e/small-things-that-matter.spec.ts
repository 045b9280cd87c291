// Small things that matter: discarding a typed question asks first; a failed submit puts the focus on the
// first field in error; a visitor's vote, favourite, like or follow goes through the sign-in modal and is
// carried out after it; "Senha alterada" after a reset; the auth forms start in their first field; the edit
// page does not offer the question itself as similar; in-site 404s say what was not found.
import type { Browser, Page } from "@playwright/test";
import { signOut, signUp, useFreshIp, type Credentials } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { linkIn, waitForMail } from "./outbox.ts";
import { answerQuestion, askQuestion } from "./questions.ts";
import { earnVotingRights } from "./reputation.ts";
import { hydrated, writeLanded } from "./hydration.ts";

/** A member who exists (signed up in a browser of their own) and whose credentials a visitor can type. */
async function existingMember(browser: Browser, name: string, { votes = false } = {}): Promise<Credentials> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const credentials = await signUp(page, { name });
  if (votes) await earnVotingRights(page, credentials, browser);
  await context.close();
  return credentials;
}

/** A question by a fresh member, with an answer by another; returns its address and the author's name. */
async function questionWithAnswer(browser: Browser, title: string) {
  const context = await browser.newContext();
  const author = await context.newPage();
  const asker = await signUp(author, { name: "Rosa Perguntadeira" });
  const question = await askQuestion(author, {
    title,
    description: "Uma descrição com texto suficiente para passar na validação.",
    details: "Tentei várias coisas e esperava que funcionasse de primeira.",
    tags: "react",
  });
  await signOut(author);
  await signUp(author, { name: "Tito Respondedor" });
  await answerQuestion(author, question, "<p>Uma resposta com texto suficiente para ser aceita.</p>");
  await context.close();
  return { question, askerName: asker.name };
}

/** The browser forgets its session: a visitor again (the server's session stays). */
async function visitorAgain(page: Page) {
  // Leave the member's page first: its live notification stream would reconnect without the cookie (a 401).
  // Not through the suite's goto, which checks the accessibility of every page it opens (a blank one has none).
  await page.evaluate(() => window.location.replace("about:blank"));
  await page.waitForURL("about:blank");
  await page.context().clearCookies();
}

/** Signs in through the modal that a member-only control opened, from the keyboard where it starts. */
async function signInThroughTheModal(page: Page, member: Credentials) {
  const dialog = page.getByRole("dialog", { name: "Login" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(member.email);
  await dialog.getByLabel("Senha").fill(member.password);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/auth=/);
}

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    const describedBy = element?.getAttribute("aria-describedby") ?? "";
    return {
      label:
        element?.getAttribute("aria-label") ?? (element as HTMLInputElement | null)?.labels?.[0]?.textContent,
      invalid: element?.getAttribute("aria-invalid"),
      description: describedBy
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    };
  });

test.describe("a. discarding a question", () => {
  test("an empty form goes at once; something typed asks first, and Continuar escrevendo keeps it", async ({
    page,
  }) => {
    await signUp(page);
    await page.goto("/ask-a-question");
    await hydrated(page);
    await page.getByRole("link", { name: "Descartar pergunta" }).click();
    await expect(page).toHaveURL(/\/questions$/);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    await page.goto("/ask-a-question");
    await hydrated(page);
    const title = page.getByRole("textbox", { name: "Título" });
    await title.fill("Uma pergunta que quase foi descartada");
    // From the keyboard: the link, then the dialog, whose first button keeps what was written.
    await page.getByRole("link", { name: "Descartar pergunta" }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("alertdialog", { name: "Descartar pergunta?" });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Continuar escrevendo" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/ask-a-question$/);
    await expect(title).toHaveValue("Uma pergunta que quase foi descartada");
    await expect(page.getByRole("link", { name: "Descartar pergunta" })).toBeFocused();

    // Descartar goes to the list and forgets the draft.
    await page.getByRole("link", { name: "Descartar pergunta" }).click();
    await confirm.getByRole("button", { name: "Descartar" }).click();
    await expect(page).toHaveURL(/\/questions$/);
    await page.goto("/ask-a-question");
    await hydrated(page);
    await expect(page.getByRole("textbox", { name: "Título" })).toHaveValue("");
  });

  test("without JavaScript Descartar pergunta is a link to the list", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signUp(page);
    await page.goto("/ask-a-question");
    await page.getByRole("link", { name: "Descartar pergunta" }).click();
    await expect(page).toHaveURL(/\/questions$/);
    await context.close();
  });
});

test.describe("b. the focus goes to the first field in error", () => {
  test("refused in the browser: the first invalid field, a rich-text editor, takes the focus", async ({
    page,
  }) => {
    await signUp(page);
    await page.goto("/ask-a-question");
    await hydrated(page);
    const title = page.getByRole("textbox", { name: "Título" });
    const details = page.getByRole("textbox", { name: "Quais são os detalhes do seu problema?" });
    await expect(details).toHaveAttribute("contenteditable", "true");
    // Leaving a field validates it, and the focus stays where the person moved it.
    await title.fill("Curto demais");
    await details.click();
    await page.keyboard.type("Pouco.");
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(details).toBeFocused();
    await expect(title).toHaveValue("Curto demais");
    // A submit refused in the browser: the first field in error (the title), then, once it is right, the editor.
    await page.getByRole("button", { name: "Poste sua pergunta" }).click();
    await expect(title).toBeFocused();
    await title.fill("Um título bom o bastante para passar");
    await page.getByRole("button", { name: "Poste sua pergunta" }).click();
    await expect(details).toBeFocused();
    const focused = await activeElement(page);
    expect(focused.invalid).toBe("true");
    expect(focused.description).toMatch(/pelo menos \d+ caracteres/);
  });

  test("refused by the server: the field it names takes the focus, its message tied to it", async ({
    page,
    browser,
  }) => {
    const taken = await existingMember(browser, "Quem Já Tem Conta");
    await useFreshIp(page);
    await page.goto("/?auth=signUp");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Cadastro" });
    await dialog.getByLabel("Nome Social").fill("Outra Pessoa");
    await dialog.getByLabel("Email").fill(taken.email);
    await dialog.getByLabel("Senha").fill("uma-senha-bem-longa");
    await dialog.getByRole("button", { name: "Cadastrar" }).click();
    await expect(dialog.getByText("Já existe uma conta com este e-mail")).toBeVisible();
    await expect(dialog.getByLabel("Email")).toBeFocused();
    const focused = await activeElement(page);
    expect(focused.invalid).toBe("true");
    expect(focused.description).toContain("Já existe uma conta com este e-mail");

    // And refused in the browser, from the keyboard: the first field in error.
    await dialog.getByLabel("Email").fill("isto-nao-e-email");
    await dialog.getByLabel("Senha").fill("curta");
    await dialog.getByLabel("Nome Social").focus();
    await page.keyboard.press("Enter");
    await expect(dialog.getByLabel("Email")).toBeFocused();
    expect((await activeElement(page)).description).toContain("Email inválido");
  });
});

test.describe("c. a visitor's action waits for the sign-in modal, then happens", () => {
  // Each test signs in several times, through the UI.
  test.beforeEach(() => test.setTimeout(120_000));

  test("votes on a question and an answer, favourites the question, follows its author", async ({
    page,
    browser,
  }) => {
    const { question, askerName } = await questionWithAnswer(browser, `Pergunta para votar ${Date.now()}`);
    const member = await existingMember(browser, "Vera Votante", { votes: true });
    await useFreshIp(page);

    // Upvote the question.
    await page.goto(question);
    await hydrated(page);
    const questionArticle = page.getByRole("article").first();
    await questionArticle.getByRole("button", { name: "Votar positivamente" }).click();
    await signInThroughTheModal(page, member);
    await expect(page).toHaveURL(new RegExp(`${question}$`));
    await expect(questionArticle.getByRole("button", { name: "Votar positivamente" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(questionArticle.getByLabel("Pontuação: 1")).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole("article").first().getByRole("button", { name: "Votar positivamente" }),
    ).toHaveAttribute("aria-pressed", "true");

    // Upvote the answer (voting down is a privilege earned with reputation).
    await visitorAgain(page);
    await page.goto(question);
    await hydrated(page);
    const answer = page.getByRole("article").nth(1);
    await answer.getByRole("button", { name: "Votar positivamente" }).click();
    await signInThroughTheModal(page, member);
    await expect(answer.getByRole("button", { name: "Votar positivamente" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.reload();
    await expect(
      page.getByRole("article").nth(1).getByRole("button", { name: "Votar positivamente" }),
    ).toHaveAttribute("aria-pressed", "true");

    // Favourite the question.
    await visitorAgain(page);
    await page.goto(question);
    await hydrated(page);
    await page.getByRole("button", { name: "Favoritar" }).first().click();
    await signInThroughTheModal(page, member);
    await expect(page.getByRole("button", { name: "Remover dos favoritos" }).first()).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // Follow the asker.
    await visitorAgain(page);
    await page.goto(question);
    await hydrated(page);
    // The button shows the new state while the follow travels: the reload waits for the server's answer, as a
    // reload a moment too early would cancel the request in any browser.
    const followed = page.waitForResponse(
      (response) => response.url().includes("/api/follows") && response.request().method() === "POST",
    );
    await page
      .getByRole("button", { name: `Seguir ${askerName}` })
      .first()
      .click();
    await signInThroughTheModal(page, member);
    await expect(page.getByRole("button", { name: `Seguindo ${askerName}` }).first()).toBeVisible();
    expect((await followed).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole("button", { name: `Seguindo ${askerName}` }).first()).toBeVisible();

    // A second click as a visitor on what the member had already done does not undo it.
    await visitorAgain(page);
    await page.goto(question);
    await hydrated(page);
    await page.getByRole("article").first().getByRole("button", { name: "Votar positivamente" }).click();
    await signInThroughTheModal(page, member);
    await page.reload();
    await expect(
      page.getByRole("article").first().getByRole("button", { name: "Votar positivamente" }),
    ).toHaveAttribute("aria-pressed", "true");
  });

  test("likes and favourites a blog post, follows a tag; closing the modal forgets the click", async ({
    page,
    browser,
  }) => {
    const member = await existingMember(browser, "Lia Leitora");
    await useFreshIp(page);
    await page.goto("/blog");
    const postHref = await page.locator('main article a[href^="/blog/"]').first().getAttribute("href");
    expect(postHref).toMatch(/^\/blog\//);
    await page.goto(postHref!);
    await hydrated(page);

    // Closing the modal forgets the like.
    await page.getByRole("button", { name: "Curtir", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page).not.toHaveURL(/auth=/);
    await page.getByRole("banner").getByRole("button", { name: "Login", exact: true }).click();
    await signInThroughTheModal(page, member);
    await expect(page.getByRole("button", { name: "Curtir", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );

    // Like, then favourite.
    await visitorAgain(page);
    await page.goto(postHref!);
    await hydrated(page);
    const liked = writeLanded(page, "/api/post-like");
    await page.getByRole("button", { name: "Curtir", exact: true }).click();
    await signInThroughTheModal(page, member);
    await expect(page.getByRole("button", { name: "Descurtir" })).toHaveAttribute("aria-pressed", "true");
    await liked;
    await page.reload();
    await expect(page.getByRole("button", { name: "Descurtir" })).toBeVisible();

    await visitorAgain(page);
    await page.goto(postHref!);
    await hydrated(page);
    const favourited = writeLanded(page, "/api/post-favorite");
    await page.getByRole("button", { name: "Favoritar" }).first().click();
    await signInThroughTheModal(page, member);
    await expect(page.getByRole("button", { name: "Remover dos favoritos" }).first()).toBeVisible();
    await favourited;
    await page.reload();
    await expect(page.getByRole("button", { name: "Remover dos favoritos" }).first()).toBeVisible();

    // Follow a tag.
    await visitorAgain(page);
    await page.goto("/questions/tagged/react");
    await hydrated(page);
    const tagFollowed = writeLanded(page, "/api/tag-follows");
    await page.getByRole("button", { name: "Seguir a tag react" }).click();
    await signInThroughTheModal(page, member);
    await expect(page.getByRole("button", { name: "Seguindo a tag react" })).toBeVisible();
    await tagFollowed;
    await page.reload();
    await expect(page.getByRole("button", { name: "Seguindo a tag react" })).toBeVisible();
  });

  test("without JavaScript the vote sends the visitor to sign in and back to the question", async ({
    browser,
  }) => {
    const { question } = await questionWithAnswer(browser, `Pergunta sem JavaScript ${Date.now()}`);
    const member = await existingMember(browser, "Noé Sem Script");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await useFreshIp(page);
    await page.goto(question);
    await page.getByRole("article").first().getByRole("button", { name: "Votar positivamente" }).click();
    await expect(page).toHaveURL(new RegExp(`/entrar\\?redirectTo=${encodeURIComponent(question)}$`));
    const form = page.getByRole("main");
    await form.getByLabel("Email").fill(member.email);
    await form.getByLabel("Senha").fill(member.password);
    await form.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(new RegExp(`${question}$`));
    await context.close();
  });
});

test("d. after a reset through the e-mailed link, the page says Senha alterada", async ({
  page,
  browser,
}) => {
  const member = await existingMember(browser, "Sara Sem Senha");
  await useFreshIp(page);
  const asked = await page.request.post("/esqueci-a-senha", { form: { email: member.email } });
  expect(asked.status()).toBe(200);
  const mail = await waitForMail(member.email, /Recupere sua senha/);
  await page.goto(linkIn(mail));
  const dialog = page.getByRole("dialog", { name: "Recuperar senha" });
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await dialog.getByLabel("Email").fill(member.email);
  await dialog.getByLabel("Nova senha").fill("uma-nova-senha-boa");
  await dialog.getByLabel("Confirmar senha").fill("uma-nova-senha-boa");
  await dialog.getByRole("button", { name: "Cadastrar" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Senha alterada." })).toBeVisible();
  await page.getByRole("link", { name: "Fechar aviso" }).click();
  await expect(page.getByText("Senha alterada.")).toHaveCount(0);
});

test.describe("e. the auth forms start in their first field", () => {
  test("the modal, opened from the header or by its address, and the full pages", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("banner").getByRole("button", { name: "Cadastro", exact: true }).click();
    const signUpDialog = page.getByRole("dialog", { name: "Cadastro" });
    await expect(signUpDialog.getByLabel("Nome Social")).toBeFocused();
    // Switching to Login puts the focus in its first field.
    await signUpDialog.getByRole("link", { name: "Entrar" }).click();
    await expect(page.getByRole("dialog", { name: "Login" }).getByLabel("Email")).toBeFocused();
    // One dialog at a time: the one left behind closed.
    await expect(signUpDialog).toBeHidden();

    await page.goto("/questions?auth=signUp");
    await hydrated(page);
    await expect(page.getByRole("dialog", { name: "Cadastro" }).getByLabel("Nome Social")).toBeFocused();

    await page.goto("/cadastro");
    await hydrated(page);
    await expect(page.getByRole("main").getByLabel("Nome Social")).toBeFocused();
    await page.goto("/entrar");
    await hydrated(page);
    await expect(page.getByRole("main").getByLabel("Email")).toBeFocused();
  });
});

test("f. the edit page does not offer the question being edited as similar", async ({ page }) => {
  await signUp(page);
  const stamp = Date.now();
  const fields = {
    description: "Uma descrição com texto suficiente para passar na validação.",
    details: "Tentei várias coisas e esperava que funcionasse de primeira.",
    tags: "react",
  };
  const mine = `Zumbido estranho no alto-falante do notebook ${stamp}`;
  const other = `Zumbido estranho no alto-falante do notebook ao carregar ${stamp}`;
  await askQuestion(page, { ...fields, title: other });
  const question = await askQuestion(page, { ...fields, title: mine });
  await page.goto(`${question}/editar`);
  const similar = page.getByRole("region", { name: "Perguntas parecidas que talvez já tenham a resposta" });
  await expect(similar.getByRole("link", { name: new RegExp(other) })).toBeVisible();
  await expect(similar.getByRole("link", { name: `${mine} (abre em nova aba)`, exact: true })).toHaveCount(0);
});

test.describe("g. in-site 404s say what was not found", () => {
  for (const [path, title] of [
    ["/u/ninguem-com-este-nome", "Membro não encontrado | Suporte de Domingo"],
    ["/blog/um-post-que-nao-existe", "Post não encontrado | Suporte de Domingo"],
    ["/questions/tagged/tag-que-nao-existe", "Tag não encontrada | Suporte de Domingo"],
  ] as const) {
    test(`${path} answers 404 titled "${title}"`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1, name: "404 - Page not Found" })).toBeVisible();
      // Still so once the app runs.
      await hydrated(page);
      await expect(page).toHaveTitle(title);
    });
  }

  test("an unknown address keeps the brand's title", async ({ page }) => {
    const response = await page.goto("/um/endereco/que/nao/existe");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("404 - Page not Found | Suporte de Domingo");
  });
});

test("a Login refused from the keyboard keeps the focus in its dialog", async ({ page }) => {
  await page.goto("/questions");
  await hydrated(page);
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email").fill(`ninguem-${Date.now()}@exemplo.com.br`);
  await dialog.getByLabel("Senha").fill("senha-errada-123");
  await dialog.getByRole("button", { name: "Entrar" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("alert").filter({ hasText: "E-mail ou senha incorretos." })).toBeVisible();
  // Not on the page's start behind the dialog: the next Tab stays in the form.
  await expect(dialog.locator(":focus")).toHaveCount(1);
});
