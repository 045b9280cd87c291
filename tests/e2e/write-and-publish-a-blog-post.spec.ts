// A member writes a post, is told what is missing, publishes it and finds it on the blog: first on
// Para Você, under its category, and for a follower under Seguindo.
import type { Locator, Page } from "@playwright/test";
import { signUp } from "./auth.ts";
import { expect, test } from "./fixtures.ts";
import { ensureTags } from "./moderators.ts";
import { draftKept } from "./rich-text.ts";

/** A 1×1 PNG, for the cover. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const BODY =
  "Depois de muito apanhar do cache do navegador, resolvi anotar aqui o que funcionou para mim em produção.";

async function openWriter(page: Page) {
  await page.goto("/blog");
  await page.getByRole("link", { name: "Escrever post" }).click();
  await expect(page).toHaveURL(/\/write-a-post$/);
  const editor = page.getByRole("textbox", { name: "Texto do post" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  return editor;
}

test("write, get the messages, publish, and find the post on the blog and under Seguindo", async ({
  page,
  browser,
}) => {
  // A long walk (two members, several pages): more time than the default.
  test.setTimeout(120_000);
  // The post's tags, which the demo community lacks and a newcomer may not create.
  await ensureTags(browser, "http", "cache", "navegador", "rede", "cdn");
  const author = await signUp(page, { name: "Autora Do Teste" });
  const editor = await openWriter(page);
  // The writer has the blue header.
  await expect(page.locator("header").first()).toHaveClass(/bg-primary/);

  const title = `Cache HTTP sem sustos ${Date.now()}`;
  // Too little: no title, a short body and six tags.
  await editor.click();
  await page.keyboard.type("Curto demais.");
  const tagInput = page.getByRole("combobox", { name: "Tags" });
  for (const tag of ["http", "cache", "navegador", "rede", "cdn", "headers"]) {
    await tagInput.fill(tag);
    await tagInput.press("Enter");
  }
  await page.getByRole("button", { name: "Postar" }).click();
  await expect(page.getByText("Dê um título ao seu post.")).toBeVisible();
  await expect(page.getByText("Escreva pelo menos 50 caracteres no texto do post.")).toBeVisible();
  // The sixth tag is refused on the spot.
  await expect(page.getByText("Escolha no máximo 5 tags.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Remover tag headers" })).toHaveCount(0);

  // The empty title's placeholder is large text that must still be read (WCAG 1.4.3: 3:1), in both themes.
  const titleBox = page.getByRole("textbox", { name: "Título", exact: true });
  expect(await placeholderContrast(titleBox)).toBeGreaterThanOrEqual(3);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await placeholderContrast(titleBox)).toBeGreaterThanOrEqual(3);
  await page.emulateMedia({ colorScheme: "light" });

  // Fix it: nothing typed was lost.
  await expect(editor).toContainText("Curto demais.");
  await titleBox.fill(title);
  await page.getByRole("textbox", { name: "Subtítulo" }).fill("O que aprendi configurando Cache-Control");
  await page.getByRole("combobox", { name: "Categoria" }).selectOption("ux");
  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.type(` ${BODY}`);
  // The cover uploads as soon as it is chosen.
  await page.locator("#cover-file").setInputFiles({ name: "capa.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByRole("img", { name: "Capa escolhida" })).toHaveAttribute("src", /^\/uploads\//);
  // The favourite toggle is named like every other one; the post goes to the author's favourites.
  await page.getByRole("button", { name: "Favoritar" }).click();
  await expect(page.getByRole("button", { name: "Remover dos favoritos" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("button", { name: "Postar" }).click();

  // The new post opens.
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/cache-http-sem-sustos-\d+$/);
  const postUrl = new URL(page.url()).pathname;
  await expect(page.getByText(BODY)).toBeVisible();
  await expect(page.locator('article img[src^="/uploads/"]')).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Tags" }).getByRole("link")).toHaveText([
    "#cdn",
    "#rede",
    "#navegador",
    "#cache",
    "#http",
  ]);
  await expect(page.getByRole("link", { name: "Editar post" })).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ "@type": "Article", headline: title, author: { name: author.name } });
  await page.goto("/favoritos");
  await expect(page.getByRole("link", { name: title })).toBeVisible();

  // First on Para Você, and under its category (UX), not under another one.
  await page.goto("/blog");
  await expect(page.getByRole("article").first().getByRole("heading")).toHaveText(title);
  await page.getByRole("navigation", { name: "Filtrar posts" }).getByRole("link", { name: "UX" }).click();
  await expect(page).toHaveURL(/\?tab=ux$/);
  await expect(page.getByRole("link", { name: "UX", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("article").first().getByRole("heading")).toHaveText(title);
  await page.goto("/blog?tab=design");
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);

  // Another member follows the author from the post and sees it under Seguindo.
  const context = await browser.newContext();
  const reader = await context.newPage();
  await signUp(reader);
  await reader.goto("/blog?tab=seguindo");
  await expect(reader.getByText("Você ainda não segue ninguém que tenha publicado.")).toBeVisible();
  await reader.goto(postUrl);
  const follow = reader.getByRole("button", { name: `Seguir ${author.name}` });
  // The button shows "Seguindo" at once; leaving the page before the server answered could cancel the request.
  const followed = reader.waitForResponse((r) => r.url().includes("/api/follows") && r.ok());
  await follow.click();
  await expect(reader.getByRole("button", { name: `Seguindo ${author.name}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await followed;
  await reader.goto("/blog?tab=seguindo");
  await expect(reader.getByRole("article")).toHaveCount(1);
  await expect(reader.getByRole("article").getByRole("heading")).toHaveText(title);
  await context.close();
});

test("a draft survives a reload", async ({ page }) => {
  await signUp(page);
  const editor = await openWriter(page);
  await page.getByRole("textbox", { name: "Título", exact: true }).fill("Rascunho que não some");
  await page.getByRole("combobox", { name: "Categoria" }).selectOption("design");
  await editor.click();
  await page.keyboard.type("Um texto que eu ainda vou terminar depois.");
  await draftKept(page, "Um texto que eu ainda vou terminar depois.", "Rascunho que não some");
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Título", exact: true })).toHaveValue(
    "Rascunho que não some",
  );
  await expect(page.getByRole("combobox", { name: "Categoria" })).toHaveValue("design");
  await expect(page.getByRole("textbox", { name: "Texto do post" })).toContainText(
    "Um texto que eu ainda vou terminar depois.",
  );
});

test("a published post's draft never comes back, even one another tab wrote after publishing", async ({
  page,
}) => {
  await signUp(page);
  const editor = await openWriter(page);
  const title = `Post publicado sem volta ${Date.now()}`;
  await page.getByRole("textbox", { name: "Título", exact: true }).fill(title);
  await editor.click();
  await page.keyboard.type(BODY);
  await draftKept(page, title, BODY.slice(0, 30));
  const kept = await page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((key) => key.startsWith("sdd:rascunho:post:novo"))
        .map((key) => [key, localStorage.getItem(key)!]),
    ),
  );
  await page.getByRole("button", { name: "Postar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // What a second tab on the writer leaves behind as it closes.
  await page.evaluate((copy) => {
    for (const [key, value] of Object.entries(copy)) localStorage.setItem(key, value);
  }, kept);
  const again = await openWriter(page);
  await expect(page.getByRole("textbox", { name: "Título", exact: true })).toHaveValue("");
  await expect(again).toHaveText("");
});

test("visitors are sent to sign in to write, and invited to sign in on Seguindo", async ({ page }) => {
  await page.goto("/blog?tab=seguindo");
  await expect(page.getByText("Entre na sua conta para ver os posts de quem você segue.")).toBeVisible();
  await page.getByRole("link", { name: "Escrever post" }).click();
  await expect(page).toHaveURL(/\/entrar\?redirectTo=%2Fwrite-a-post/);
});

test("the author edits and deletes a post; other members cannot", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signUp(page);
  const editor = await openWriter(page);
  const title = `Post para editar ${Date.now()}`;
  await page.getByRole("textbox", { name: "Título", exact: true }).fill(title);
  await editor.click();
  await page.keyboard.type(BODY);
  await page.getByRole("button", { name: "Postar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const postUrl = new URL(page.url()).pathname;

  // Someone else sees neither Editar nor Excluir, and cannot open the edit page.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signUp(other);
  await other.goto(postUrl);
  await expect(other.getByRole("link", { name: "Editar post" })).toHaveCount(0);
  await expect(other.getByRole("button", { name: "Excluir post" })).toHaveCount(0);
  expect((await other.request.get(`${postUrl}/editar`)).status()).toBe(403);
  await context.close();

  await page.getByRole("link", { name: "Editar post" }).click();
  await expect(page.getByRole("textbox", { name: "Título", exact: true })).toHaveValue(title);
  await page.getByRole("textbox", { name: "Título", exact: true }).fill(`${title} (revisado)`);
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${title} (revisado)` })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(postUrl);
  await expect(page.getByText(/Editado em/)).toBeVisible();

  await page.getByRole("button", { name: "Excluir post" }).click();
  await page
    .getByRole("alertdialog", { name: "Excluir este post?" })
    .getByRole("button", { name: "Excluir" })
    .click();
  // The blog says what happened, and the notice closes.
  await expect(page).toHaveURL(/\/blog\?feito=post-excluido$/);
  await expect(page.getByRole("status").filter({ hasText: "Post excluído." })).toBeVisible();
  await expect(page.getByRole("heading", { name: `${title} (revisado)` })).toHaveCount(0);
  await page.getByRole("link", { name: "Fechar aviso" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByText("Post excluído.")).toHaveCount(0);
  expect((await page.request.get(postUrl)).status()).toBe(404);
});

/** The contrast of a field's placeholder against the first opaque background behind it. */
function placeholderContrast(field: Locator): Promise<number> {
  return field.evaluate((element) => {
    // Colours come as oklch(); a canvas turns any CSS colour into sRGB bytes.
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const bytes = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      return Array.from(canvas.getImageData(0, 0, 1, 1).data);
    };
    let background = [255, 255, 255, 255];
    for (let behind: Element | null = element; behind; behind = behind.parentElement) {
      const color = bytes(getComputedStyle(behind).backgroundColor);
      if (color[3] === 255) {
        background = color;
        break;
      }
    }
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const linear = (v: number) =>
        v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4;
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const [a, b] = [
      luminance(bytes(getComputedStyle(element, "::placeholder").color)),
      luminance(background),
    ];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}
