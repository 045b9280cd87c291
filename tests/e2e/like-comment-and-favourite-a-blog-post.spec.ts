// A member likes a post (once), comments and replies, deletes their comment, favourites the post and
// finds it in /favoritos.
import type { Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";

const POST = "/blog/entendendo-o-event-loop-do-javascript-sem-misterio";

/**
 * The server's answer to a toggle's post: the buttons answer at once (optimistic), and a page opened right after
 * reads what the server stored, so it waits for that answer as a person's next page does in practice.
 */
function savedBy(page: Page, path: string) {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.replace(/\.data$/, "") === path &&
      response.request().method() === "POST",
  );
}

test("like, comment, reply, delete a comment and favourite, then find it in Favoritos", async ({ page }) => {
  const member = await signUp(page, { name: "Leitora Atenta" });
  await page.goto(POST);
  const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";

  // Like: one per member, toggles.
  const count = page.getByText(/^\d+ curtidas?$/);
  const before = Number((await count.textContent())?.match(/\d+/)?.[0]);
  const saved = savedBy(page, "/api/post-like");
  await page.getByRole("button", { name: "Curtir", exact: true }).click();
  await expect(page.getByRole("button", { name: "Descurtir", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(count).toHaveText(`${before + 1} curtidas`);
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole("button", { name: "Descurtir", exact: true })).toBeVisible();
  await expect(count).toHaveText(`${before + 1} curtidas`);
  await page.getByRole("button", { name: "Descurtir", exact: true }).click();
  await expect(page.getByRole("button", { name: "Curtir", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(count).toHaveText(`${before} curtidas`);
  await page.getByRole("button", { name: "Curtir", exact: true }).click();
  await expect(count).toHaveText(`${before + 1} curtidas`);

  // Comment, with the message for an empty one first.
  const comments = page.getByRole("heading", { name: /^Comentários \(\d+\)/ });
  const commentsBefore = Number((await comments.textContent())?.match(/\((\d+)\)/)?.[1]);
  await page.getByRole("button", { name: "Comentar" }).click();
  await expect(page.getByText("Escreva um comentário.")).toBeVisible();
  await page.getByRole("textbox", { name: "Escreva um comentário" }).fill("Que explicação boa! Salvei aqui.");
  await page.getByRole("button", { name: "Comentar" }).click();
  const mine = page
    .getByRole("article", { name: "Comentário de Leitora Atenta" })
    .filter({ hasText: "Que explicação boa! Salvei aqui." });
  await expect(mine).toContainText("Que explicação boa! Salvei aqui.");
  await expect(comments).toHaveText(new RegExp(`^Comentários \\(${commentsBefore + 1}\\)`));
  await expect(page.getByRole("textbox", { name: "Escreva um comentário" })).toHaveValue("");

  // Reply to the first thread (one level).
  await page.locator("details > summary", { hasText: "Responder" }).first().click();
  await page.getByRole("textbox", { name: "Sua resposta" }).first().fill("Concordo com você!");
  await page.getByRole("button", { name: "Responder", exact: true }).first().click();
  await expect(page.getByText("Concordo com você!")).toBeVisible();
  await expect(comments).toHaveText(new RegExp(`^Comentários \\(${commentsBefore + 2}\\)`));

  // Delete my first comment (after confirming).
  await mine.getByRole("button", { name: `Apagar comentário de ${member.name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Apagar" }).click();
  await expect(page.getByText("Que explicação boa! Salvei aqui.")).toHaveCount(0);
  await expect(comments).toHaveText(new RegExp(`^Comentários \\(${commentsBefore + 1}\\)`));
  // The keyboard's place stays in the comments, not at the top of the page.
  await expect(comments).toBeFocused();
  // Other people's comments have no delete button for me.
  await expect(page.getByRole("button", { name: /^Apagar comentário de (?!Leitora)/ })).toHaveCount(0);

  // Favourite, and find it in /favoritos.
  const favourited = savedBy(page, "/api/post-favorite");
  await page.getByRole("button", { name: "Favoritar" }).click();
  await expect(page.getByRole("button", { name: "Remover dos favoritos" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect((await favourited).ok()).toBe(true);
  await page.goto("/favoritos");
  await expect(page.getByRole("heading", { level: 1, name: "Favoritos" })).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card).toHaveCount(1);
  // Removing it from the list.
  await card.getByRole("button", { name: "Remover dos favoritos" }).click();
  await expect(page.getByRole("article").filter({ hasText: title })).toHaveCount(0);
});

test("favourite from a card on the blog list", async ({ page }) => {
  await signUp(page);
  await page.goto("/blog");
  const card = page.getByRole("article").nth(1);
  const title = (await card.getByRole("heading").textContent()) ?? "";
  const favourited = savedBy(page, "/api/post-favorite");
  await card.getByRole("button", { name: "Favoritar" }).click();
  await expect(card.getByRole("button", { name: "Remover dos favoritos" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  expect((await favourited).ok()).toBe(true);
  await page.goto("/favoritos");
  await expect(page.getByRole("article").filter({ hasText: title })).toHaveCount(1);
});

test("Quem Seguir follows for real, and the feeds are valid RSS", async ({ page }) => {
  await signUp(page);
  await page.goto("/blog");
  const column = page.getByRole("region", { name: "Quem Seguir" });
  const firstSuggestion = column.getByRole("listitem").first();
  const first = firstSuggestion.getByRole("button", { name: /^Seguir / });
  const name = ((await first.textContent()) ?? "").replace(/^Seguir\s*/, "").trim();
  const profile = await firstSuggestion.getByRole("link").first().getAttribute("href");
  await first.click();
  await expect(column.getByRole("button", { name: `Seguindo ${name}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // The follow is real: the member's own page says so (the members page lists followed members last, so
  // with many members they can be pages away).
  await page.goto(profile!);
  await expect(page.getByRole("button", { name: `Seguindo ${name}` })).toBeVisible();
  await page.getByRole("button", { name: `Seguindo ${name}` }).click();
  await expect(page.getByRole("button", { name: `Seguir ${name}` })).toHaveAttribute("aria-pressed", "false");

  for (const path of ["/blog/feed.xml", "/blog/tag/javascript/feed.xml"]) {
    const response = await page.request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await response.text();
    const problem = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return (
        doc.querySelector("parsererror")?.textContent ??
        (doc.documentElement.nodeName === "rss" ? "" : "not rss")
      );
    }, xml);
    expect(problem).toBe("");
    expect(xml).toContain("<item>");
  }
  expect((await page.request.get("/blog/tag/nao-existe/feed.xml")).status()).toBe(404);
});

test("read the blog and like a post on a phone @phone", async ({ page }) => {
  await signUp(page);
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Todos os Posts" })).toBeVisible();
  // No sideways scrolling on a phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole("navigation", { name: "Filtrar posts" }).getByRole("link", { name: "Design" }).click();
  await expect(page).toHaveURL(/\?tab=design$/);
  const card = page.getByRole("article").first();
  await card.getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Curtir", exact: true }).click();
  await expect(page.getByRole("button", { name: "Descurtir", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("link", { name: /^2$|Próxima/ }).count();
});

test("without JavaScript a comment is checked by the server and then published", async ({
  page,
  browser,
}) => {
  await signUp(page, { name: "Leitor Semscript" });
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto(POST);
  await plain.getByRole("button", { name: "Comentar" }).click();
  const field = plain.getByRole("textbox", { name: "Escreva um comentário" });
  // The syntax hint, then the server's message.
  await expect(field).toHaveAccessibleDescription(
    "Use `código`, **negrito**, *itálico* e [texto](https://…); links viram clicáveis. Escreva um comentário.",
  );
  await field.fill("Sem JavaScript também dá para comentar.");
  await plain.getByRole("button", { name: "Comentar" }).click();
  await expect(
    plain.getByRole("article", { name: "Comentário de Leitor Semscript" }).filter({
      hasText: "Sem JavaScript também dá para comentar.",
    }),
  ).toBeVisible();
  await context.close();
});
