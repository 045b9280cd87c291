// "Acompanhar": a member watches someone else's question and hears of its new answers and comments in the bell;
// the asker watches their own from the start; "Acompanhando" pressed again stops it.
import type { Browser, Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { hydrated } from "./hydration.ts";
import { answerQuestion, askQuestion } from "./questions.ts";

async function member(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUp(page, { name });
  return page;
}

async function notificationTitles(page: Page): Promise<string> {
  await page.goto("/notifications");
  return (await page.getByRole("main").innerText()).replace(/\s+/g, " ");
}

test("watching a question brings its answers and comments to the bell, until the member stops", async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now();
  await signUp(page, { name: "Ana Pergunta" });
  const title = `Por que meu contêiner reinicia sozinho? ${stamp}`;
  const question = await askQuestion(page, {
    title,
    description: "O contêiner do banco reinicia a cada poucos minutos sem erro no log.",
    details: "Tentei aumentar a memória e esperava que parasse de reiniciar.",
    tags: "docker",
  });

  const watcher = await member(browser, `Bia Acompanha ${stamp}`);
  await watcher.goto(question);
  await hydrated(watcher);
  await watcher.getByRole("button", { name: "Acompanhar", exact: true }).click();
  await expect(watcher.getByRole("button", { name: "Acompanhando" })).toHaveAttribute("aria-pressed", "true");

  const answerer = await member(browser, `Caio Responde ${stamp}`);
  await answerQuestion(
    answerer,
    question,
    "<p>Veja o OOM killer: docker inspect mostra OOMKilled=true quando é memória.</p>",
  );

  // The watcher is told, naming the question; the asker (who watches their own) gets their usual notice once.
  await expect(async () => {
    expect(await notificationTitles(watcher)).toContain(`Caio Responde ${stamp} respondeu "${title}"`);
  }).toPass({ timeout: 10_000 });
  const asker = await notificationTitles(page);
  expect(asker).toContain(`respondeu sua pergunta "${title}"`);
  expect(asker).not.toContain(`Caio Responde ${stamp} respondeu "${title}"`);

  // Stopped: the next news does not reach the watcher.
  await watcher.goto(question);
  await hydrated(watcher);
  await watcher.getByRole("button", { name: "Acompanhando" }).click();
  await expect(watcher.getByRole("button", { name: "Acompanhar", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  const comment = await answerer.request.post(question, {
    form: {
      intent: "comment",
      kind: "question",
      id: question.split("/").at(-1)!,
      body: "Qual versão do Docker você usa?",
    },
    headers: { "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(comment.status()).toBeLessThan(400);
  // The asker, who still watches, hears of the comment on their own question; the watcher does not.
  await expect(async () => {
    expect(await notificationTitles(page)).toContain(`comentou na sua pergunta em "${title}"`);
  }).toPass({ timeout: 10_000 });
  expect(await notificationTitles(watcher)).not.toContain("comentou");

  // The asker stops watching from the notifications page's "Acompanhando" list.
  await page.goto("/notifications");
  const watched = page.getByRole("region", { name: "Acompanhando" });
  await watched.getByRole("button", { name: `Parar de acompanhar ${title}` }).click();
  await expect(watched.getByRole("link", { name: title })).toHaveCount(0);
});

test("watching a post brings its new comments to the bell", async ({ page, browser }) => {
  const stamp = Date.now();
  const post = "/blog/entendendo-o-event-loop-do-javascript-sem-misterio";
  await signUp(page, { name: `Duda Acompanha ${stamp}` });
  await page.goto(post);
  await hydrated(page);
  await page.getByRole("button", { name: "Acompanhar", exact: true }).click();
  await expect(page.getByRole("button", { name: "Acompanhando" })).toHaveAttribute("aria-pressed", "true");

  const commenter = await member(browser, `Edu Comenta ${stamp}`);
  const sent = await commenter.request.post(post, {
    form: { intent: "comment", formId: "comentario-novo", body: `Ótima explicação do event loop! ${stamp}` },
    headers: { "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(sent.status()).toBeLessThan(400);
  await expect(async () => {
    expect(await notificationTitles(page)).toContain(
      `Edu Comenta ${stamp} comentou em "Entendendo o event loop`,
    );
  }).toPass({ timeout: 10_000 });
  await page.goto("/notifications");
  await expect(
    page.getByRole("region", { name: "Acompanhando" }).getByRole("link", { name: /Entendendo o event loop/ }),
  ).toBeVisible();
});
