// A member's drafts follow them from device to device (ADR 062): a question, an answer and a post started on one
// browser open on another, are listed in Rascunhos, and go for good once published or discarded — from both
// browsers, whatever either still keeps locally, and on a phone four times slower than this machine.
import type { Browser, Page } from "@playwright/test";
import { signIn, signUp, type Credentials } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { hydrated } from "./hydration.ts";
import { askQuestion } from "./questions.ts";
import { editorIn } from "./rich-text.ts";

/** A second browser (another device) signed in as the same member. */
async function secondDevice(browser: Browser, member: Credentials) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, member);
  return { page, close: () => context.close() };
}

/**
 * Resolves once the server kept a draft holding each of `texts` (the editor sends it a moment after typing
 * pauses): the condition the other device needs, never a fixed wait. Call it before typing.
 */
function keptOnServer(page: Page, ...texts: string[]) {
  return page.waitForResponse((response) => {
    const request = response.request();
    if (!response.url().endsWith("/api/drafts") || request.method() !== "POST" || response.status() !== 200) {
      return false;
    }
    const fields = (new URLSearchParams(request.postData() ?? "").get("fields") ?? "").toLowerCase();
    return texts.every((text) => fields.includes(text.toLowerCase()));
  });
}

async function expectEmptyAskForm(page: Page) {
  await expect(page.getByRole("textbox", { name: "Título" })).toHaveValue("");
  await expect(await editorIn(page, "Quais são os detalhes do seu problema?")).toHaveText("");
  await expect(page.getByRole("list", { name: "Tags escolhidas" })).toHaveCount(0);
  await expect(page.getByText("Recuperamos o rascunho")).toHaveCount(0);
}

test("a question started on one device opens on the other, and once published never comes back", async ({
  page,
  browser,
}) => {
  test.slow();
  const member = await signUp(page, { name: "Rita Dois Aparelhos" });
  const phone = await secondDevice(browser, member);

  const title = `Pergunta começada no notebook ${Date.now()}`;
  await page.goto("/ask-a-question");
  await hydrated(page);
  const kept = keptOnServer(page, title, "Um problema descrito com texto suficiente para passar.", "web");
  await page.getByRole("textbox", { name: "Título" }).fill(title);
  const description = await editorIn(page, "Quais são os detalhes do seu problema?");
  await description.click();
  await page.keyboard.type("Um problema descrito com texto suficiente para passar.");
  const tags = page.getByRole("combobox", { name: "Tags (até 5)" });
  await tags.fill("web");
  await tags.press("Enter");
  await kept;

  // The other device opens the ask page on it, and finds it in Rascunhos.
  await phone.page.goto("/ask-a-question");
  await expect(phone.page.getByRole("textbox", { name: "Título" })).toHaveValue(title);
  await expect(await editorIn(phone.page, "Quais são os detalhes do seu problema?")).toHaveText(
    "Um problema descrito com texto suficiente para passar.",
  );
  await expect(phone.page.getByRole("list", { name: "Tags escolhidas" }).getByRole("listitem")).toHaveText([
    /^web$/i,
  ]);
  await expect(phone.page.getByText("Recuperamos o rascunho").first()).toBeVisible();
  await phone.page.goto("/rascunhos");
  const listed = phone.page
    .getByRole("list", { name: "Seus rascunhos" })
    .getByRole("article", { name: title });
  await expect(listed).toContainText("Pergunta");
  await expect(listed).toContainText("Salvo em");
  await expectAccessible(phone.page);
  await listed.getByRole("link", { name: title }).click();
  await expect(phone.page).toHaveURL(/\/ask-a-question$/);

  // Published on the first device, now a phone four times slower than this machine (nothing may depend on
  // timing): asked twice in a row, the next form starts empty each time, and the second question takes the
  // tag the first had (no stale draft chose it already).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  for (const round of [1, 2]) {
    const text = round === 1 ? title : `Segunda pergunta em seguida ${Date.now()}`;
    if (round === 2) {
      await page.getByRole("textbox", { name: "Título" }).fill(text);
      await (await editorIn(page, "Quais são os detalhes do seu problema?")).click();
      await page.keyboard.type("Outro problema descrito com texto suficiente.");
      await tags.fill("web");
      await tags.press("Enter");
      // (The site may hold the tag as "Web": the suggestion's spelling wins.)
      await expect(page.getByRole("list", { name: "Tags escolhidas" }).getByRole("listitem")).toHaveText([
        /^web$/i,
      ]);
    }
    await (await editorIn(page, "O que você tentou e o que estava esperando?")).click();
    await page.keyboard.type("Tentei de tudo e esperava que funcionasse logo.");
    await page.getByRole("button", { name: "Poste sua pergunta" }).click();
    await expect(page.getByRole("heading", { level: 1, name: text })).toBeVisible();
    await page.getByRole("link", { name: "Perguntar" }).first().click();
    await expect(page).toHaveURL(/\/ask-a-question$/);
    await expectEmptyAskForm(page);
  }

  // The other device still keeps the first question's fields in its own storage (it restored them): they go.
  await phone.page.goto("/ask-a-question");
  await expectEmptyAskForm(phone.page);
  await phone.page.goto("/rascunhos");
  await expect(phone.page.getByText("Nenhum rascunho guardado.")).toBeVisible();
  await phone.close();
});

test("a question refused by the form or by the server keeps every field's draft, also those not touched since", async ({
  page,
}) => {
  await signUp(page, { name: "Rui Tag Nova" });
  await page.goto("/ask-a-question");
  await hydrated(page);
  await (await editorIn(page, "Quais são os detalhes do seu problema?")).click();
  await page.keyboard.type("Um problema descrito com texto suficiente para passar.");
  await (await editorIn(page, "O que você tentou e o que estava esperando?")).click();
  await page.keyboard.type("Tentei de tudo e esperava que funcionasse logo.");
  // Without a title the form's own checks stop the post: nothing was sent, so nothing of the draft goes.
  await page.getByRole("button", { name: "Poste sua pergunta" }).click();
  await expect(page.getByText("Informe o título da pergunta.")).toBeVisible();
  const title = `Pergunta recusada por uma tag nova ${Date.now()}`;
  const keptWithTitle = keptOnServer(page, title, "Tentei de tudo e esperava que funcionasse logo.");
  await page.getByRole("textbox", { name: "Título" }).fill(title);
  await keptWithTitle;
  const tags = page.getByRole("combobox", { name: "Tags (até 5)" });
  await tags.fill("tag-que-ninguem-criou");
  await tags.press("Enter");
  // A new member may not create a tag (the demo's members passed 150 points): the server refuses the post.
  await page.getByRole("button", { name: "Poste sua pergunta" }).click();
  await expect(page.getByText(/A tag “tag-que-ninguem-criou” ainda não existe/).first()).toBeVisible();

  // One more word in the first field: the draft sent then still holds the second, untouched since the post.
  const kept = keptOnServer(page, "para passar. Mais", "Tentei de tudo e esperava que funcionasse logo.");
  await (await editorIn(page, "Quais são os detalhes do seu problema?")).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Mais");
  await kept;
  await page.reload();
  await hydrated(page);
  await expect(await editorIn(page, "O que você tentou e o que estava esperando?")).toHaveText(
    "Tentei de tudo e esperava que funcionasse logo.",
  );
  await expect(await editorIn(page, "Quais são os detalhes do seu problema?")).toHaveText(
    "Um problema descrito com texto suficiente para passar. Mais",
  );
});

test("an answer and a post follow the member; a post discarded from Rascunhos never returns", async ({
  page,
  browser,
}) => {
  test.slow();
  const member = await signUp(page, { name: "Caio Dois Aparelhos" });
  const phone = await secondDevice(browser, member);
  const question = await askQuestion(page, {
    title: `Pergunta para responder de dois aparelhos ${Date.now()}`,
    description: "Um problema descrito com texto suficiente para passar.",
    details: "Tentei de tudo e esperava que funcionasse logo.",
    tags: "javascript",
  });

  // An answer begun on the phone opens on the notebook; posted there, it is gone from the phone too.
  await phone.page.goto(question);
  const answerText = "Comecei a resposta no celular: use um AbortController no efeito.";
  const answerKept = keptOnServer(phone.page, answerText);
  await (await editorIn(phone.page, "Sua resposta")).click();
  await phone.page.keyboard.type(answerText);
  await answerKept;
  await page.goto(question);
  const answer = await editorIn(page, "Sua resposta");
  await expect(answer).toHaveText(answerText);
  await page.getByRole("button", { name: "Poste sua resposta" }).click();
  await expect(page.getByRole("heading", { name: "1 Resposta", exact: true })).toBeVisible();
  await expect(await editorIn(page, "Sua resposta")).toHaveText("");
  await phone.page.reload();
  await expect(await editorIn(phone.page, "Sua resposta")).toHaveText("");
  await expect(phone.page.getByText("Recuperamos o rascunho")).toHaveCount(0);

  // A post begun on the notebook opens on the phone, which discards it from Rascunhos.
  const postTitle = `Post começado no notebook ${Date.now()}`;
  await page.goto("/write-a-post");
  await hydrated(page);
  const postKept = keptOnServer(page, postTitle, "O corpo do post, escrito no notebook.");
  await page.getByRole("textbox", { name: "Título", exact: true }).fill(postTitle);
  await (await editorIn(page, "Texto do post")).click();
  await page.keyboard.type("O corpo do post, escrito no notebook.");
  await postKept;
  await phone.page.goto("/write-a-post");
  await expect(phone.page.getByRole("textbox", { name: "Título", exact: true })).toHaveValue(postTitle);
  await expect(await editorIn(phone.page, "Texto do post")).toHaveText(
    "O corpo do post, escrito no notebook.",
  );

  await phone.page.goto("/rascunhos");
  const drafts = phone.page.getByRole("list", { name: "Seus rascunhos" });
  await expect(drafts.getByRole("article")).toHaveCount(1);
  const post = drafts.getByRole("article", { name: postTitle });
  await expect(post).toContainText("Post");
  await post.getByRole("button", { name: "Descartar" }).click();
  const confirm = phone.page.getByRole("dialog", { name: "Descartar este rascunho?" });
  await expect(confirm).toBeVisible();
  // The dialog opens on the button that keeps the draft.
  await expect(confirm.getByRole("button", { name: "Manter rascunho" })).toBeFocused();
  await expectAccessible(phone.page);
  await confirm.getByRole("button", { name: "Descartar" }).click();
  // The draft's item is gone with the button that had the focus: the focus is on what happened.
  await expect(phone.page.getByText("Rascunho descartado.")).toBeFocused();
  await expect(phone.page.getByText("Nenhum rascunho guardado.")).toBeVisible();

  // The notebook still has it in its own storage: reopened, the writer starts empty.
  await page.goto("/write-a-post");
  await hydrated(page);
  await expect(page.getByRole("textbox", { name: "Título", exact: true })).toHaveValue("");
  await expect(await editorIn(page, "Texto do post")).toHaveText("");
  await phone.close();
});

test("@phone Rascunhos fits a phone, and 'Descartar' works as a plain form without JavaScript", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
  });
  const page = await context.newPage();
  await signUp(page);
  // A draft the server keeps (saved as the editor would).
  const saved = await page.request.post("/api/drafts", {
    form: {
      intent: "save",
      key: "post:novo",
      id: "rascunho-sem-js-1",
      fields: JSON.stringify({ texto: "<p>Oi</p>" }),
    },
    headers: { "Sec-Fetch-Site": "same-origin" },
  });
  expect(saved.status()).toBe(200);
  await page.goto("/rascunhos");
  const post = page.getByRole("article", { name: "Post sem título" });
  await expect(post).toContainText("Oi");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The browser opens the dialog by itself (invoker commands), and its form posts.
  await post.getByRole("button", { name: "Descartar" }).click();
  await page
    .getByRole("dialog", { name: "Descartar este rascunho?" })
    .getByRole("button", { name: "Descartar" })
    .click();
  await expect(page.getByText("Rascunho descartado.")).toBeVisible();
  await expect(page.getByText("Nenhum rascunho guardado.")).toBeVisible();
  await context.close();
});
