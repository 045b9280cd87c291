// A member's question page comes from the render kept for every member who stands where they stand on it (ADR
// 074): the same page, but for who they are. Whatever copy answers, it must be the page the whole pipeline renders
// for that member, which a hard reload asks for (`Cache-Control: no-cache`): the same HTML and the same hydration
// data, for members of every standing, with names that need escaping; and the browser must take it as its own.
import type { APIResponse, Browser, Page } from "@playwright/test";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import { signUp, type Credentials } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { hydrated } from "./hydration.ts";
import { ensureTags, signInAsAdmin } from "./moderators.ts";
import { answerQuestion, askQuestion } from "./questions.ts";
const DATA_START = "window.__reactRouterContext.streamController.enqueue(";

async function member(browser: Browser, name: string): Promise<{ page: Page; credentials: Credentials }> {
  const page = await (await browser.newContext()).newPage();
  return { page, credentials: await signUp(page, { name }) };
}

/** A question no other test reads: its version moves only with what this test does. */
async function freshQuestion(browser: Browser): Promise<string> {
  const { page } = await member(browser, "Rita Pergunta Sozinha");
  return askQuestion(page, {
    title: `Uma pergunta lida só por este teste ${Date.now()}`,
    description: "Um problema descrito com texto suficiente para passar pela validação.",
    details: "Tentei de tudo e esperava que funcionasse logo na primeira vez.",
    tags: "javascript",
  });
}

/**
 * Reads the page until it comes from a kept render: a member's first view is counted a moment later (views are
 * written together, once a second), which makes a new version of the question and so a new standing.
 */
async function settled(page: Page, question: string) {
  await expect
    .poll(async () => (await page.request.get(question)).headers()["x-member-page"], { timeout: 10_000 })
    .toBe("hit");
}

/** The page's HTML (its nonce set aside) and its hydration data, decoded as the browser decodes it. */
async function partsOf(response: APIResponse) {
  expect(response.status()).toBe(200);
  const text = await response.text();
  const nonce = /nonce="([^"]+)"/.exec(text)?.[1];
  expect(nonce).toBeTruthy();
  const page = text.replaceAll(nonce!, "NONCE");
  const at = page.indexOf(DATA_START);
  expect(at).toBeGreaterThan(0);
  const lines = [...page.slice(at).matchAll(/streamController\.enqueue\((".*?")\);<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as string,
  );
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(lines.join("")));
      controller.close();
    },
  });
  const decoded = await decodeViaTurboStream(body, globalThis);
  await decoded.done;
  // The answer form's draft says when the page was made: the only value two requests may differ in.
  const data = JSON.parse(
    JSON.stringify(decoded.value, (key, value: unknown) => (key === "now" ? "agora" : value)),
  ) as unknown;
  return { html: page.slice(0, at), data, kept: response.headers()["x-member-page"] ?? null };
}

/**
 * The member's page as it comes (kept or not) and as the whole pipeline renders it: they must be equal. Checked
 * again if they differ only because the page changed in between: a member's first view is counted a second
 * later (the view count, and a new version of the question), and other tests' writes move the lists' sidebars.
 * A page wrongly put together differs every time.
 */
async function expectTheirOwnPage(page: Page, question: string, kept?: "hit" | null): Promise<void> {
  await expect(async () => {
    const answered = await comparedPage(page, question);
    if (kept !== undefined) expect(answered).toBe(kept);
  }).toPass({ timeout: 20_000 });
}

async function comparedPage(page: Page, question: string): Promise<string | null> {
  const served = await partsOf(await page.request.get(question));
  const rendered = await partsOf(
    await page.request.get(question, { headers: { "Cache-Control": "no-cache" } }),
  );
  expect(rendered.kept).toBeNull();
  expect(served.html).toBe(rendered.html);
  expect(served.data).toEqual(rendered.data);
  return served.kept;
}

test.describe("a member's question page from a shared render", () => {
  test("members of the same standing share one render, each with their own name", async ({ browser }) => {
    const question = await freshQuestion(browser);
    const first = await member(browser, "Lia Recém Chegada Souza");
    const second = await member(browser, `Bob <b> & 'Aspas" Teste ${Date.now()}`);
    await first.page.request.get(question);
    await second.page.request.get(question);
    // The second member is answered from the render kept for the first: the same standing.
    await expect(async () => {
      await first.page.request.get(question);
      expect(await comparedPage(second.page, question)).toBe("hit");
      expect(await comparedPage(first.page, question)).toBe("hit");
    }).toPass({ timeout: 20_000 });

    // The browser takes the kept page as the member's own: their name in the menu, the app running on it.
    const errors: string[] = [];
    second.page.on("pageerror", (error) => errors.push(error.message));
    second.page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const document = second.page.waitForResponse((response) => response.url().endsWith(question));
    await second.page.goto(question);
    expect((await document).headers()["x-member-page"]).toBe("hit");
    await hydrated(second.page);
    await second.page.getByRole("button", { name: "Menu do usuário" }).click();
    await expect(second.page.getByRole("menu")).toContainText(second.credentials.name);
    expect(errors).toEqual([]);
  });

  test("members of the same standing share the question lists and the blog, each with their own name", async ({
    browser,
  }) => {
    const first = await member(browser, "Nina Lê Listas");
    const second = await member(browser, `Otto & <Listas> "Aspas" ${Date.now()}`);
    // Lists other tests do not change: a tag nobody uses, the posts of those a new member follows (none); the
    // sidebars (tags, people to follow) may move with other tests' writes, hence the retries.
    const tag = `listada${Date.now()}`;
    await ensureTags(browser, tag);
    for (const list of [
      `/questions?tags=ninguem${Date.now()}`,
      `/questions/tagged/${tag}`,
      "/blog?tab=seguindo",
    ]) {
      await expect(async () => {
        await first.page.request.get(list);
        expect(await comparedPage(second.page, list)).toBe("hit");
        expect(await comparedPage(first.page, list)).toBe("hit");
      }).toPass({ timeout: 20_000 });
    }
  });

  test("a member's marks make a standing of their own, fresh after each write", async ({ browser }) => {
    const question = await freshQuestion(browser);
    const { page } = await member(browser, "Caio Favorita Tudo");
    await page.request.get(question);
    await settled(page, question);
    const favourited = await page.request.post(question, {
      form: { intent: "favorite" },
      headers: { "Sec-Fetch-Site": "same-origin" },
      maxRedirects: 0,
    });
    expect(favourited.status()).toBeLessThan(400);
    await expectTheirOwnPage(page, question);
    await settled(page, question);
    await expectTheirOwnPage(page, question, "hit");
    expect(await (await page.request.get(question)).text()).toContain('aria-label="Remover dos favoritos"');
  });

  test("the question's own people and those with powers read per member get the whole pipeline", async ({
    browser,
  }) => {
    const question = await freshQuestion(browser);
    const { page } = await member(browser, "Duda Responde Aqui");
    await answerQuestion(
      page,
      question,
      "<p>Uma resposta com texto suficiente para ser aceita pela validação do site.</p>",
    );
    await expectTheirOwnPage(page, question, null);

    const admin = await (await browser.newContext()).newPage();
    await signInAsAdmin(admin);
    await expectTheirOwnPage(admin, question, null);
  });
});
