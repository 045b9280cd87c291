import { test as plainTest, type Page } from "@playwright/test";
import sharp from "sharp";
import { signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";

async function png(width = 24, height = 16) {
  return sharp({ create: { width, height, channels: 3, background: { r: 51, g: 72, b: 164 } } })
    .png()
    .toBuffer();
}

async function openPlayground(page: Page) {
  await page.goto("/test/editor");
  await expect(page.locator('[data-rich-text-field="editor"]')).toHaveCount(2);
  const field = page.locator('[data-rich-text-field="editor"]').first();
  return {
    field,
    editor: field.getByRole("textbox", { name: "Texto (layout compacto)" }),
    toolbar: field.getByRole("toolbar", { name: "Formatação do texto" }),
  };
}

test("a member uploads an image into the text and it is stored, cached and kept by the server", async ({
  page,
}) => {
  await signUp(page);
  const { field, editor, toolbar } = await openPlayground(page);
  await editor.click();
  await page.keyboard.type("Veja o diagrama:");

  // Hold the upload a moment so its progress can be seen.
  await page.route("**/api/uploads", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await toolbar.getByRole("button", { name: "Adicionar imagem", exact: true }).click();
  await field.getByRole("textbox", { name: /Descrição da imagem/ }).fill("Um retângulo azul");
  await field.getByLabel("Escolher imagem").setInputFiles({
    name: "diagrama.png",
    mimeType: "image/png",
    buffer: await png(),
  });
  await expect(field.getByText(/Enviando imagem… \d+%/)).toBeVisible();
  await expect(field.getByRole("progressbar")).toBeVisible();

  const image = editor.locator("img");
  await expect(image).toHaveAttribute("src", /^\/uploads\/[a-f0-9]{64}\.png$/);
  await expect(image).toHaveAttribute("alt", "Um retângulo azul");
  const src = (await image.getAttribute("src")) ?? "";
  expect(await field.locator('input[type="hidden"][name="compact"]').inputValue()).not.toContain("data:");

  const file = await page.request.get(src);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/png");
  expect(file.headers()["cache-control"]).toContain("immutable");

  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  const stored = page.getByTestId("result").first();
  await expect(stored.locator("img")).toHaveAttribute("src", src);
  await expect(stored.locator("img")).toHaveAttribute("alt", "Um retângulo azul");
  await expect(stored.locator("img")).toHaveJSProperty("naturalWidth", 24);
});

// The browser itself reports the server's 415 in the console ("Failed to load resource"), which the shared
// fixture counts as a failure; this test checks the console by hand instead, allowing exactly that report.
plainTest("a refused upload shows why, and nothing is inserted", async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  await signUp(page);
  await page.goto("/test/editor");
  await expectAccessible(page);
  await expect(page.locator('[data-rich-text-field="editor"]')).toHaveCount(2);
  const field = page.locator('[data-rich-text-field="editor"]').first();
  const editor = field.getByRole("textbox", { name: "Texto (layout compacto)" });
  await field.getByRole("button", { name: "Adicionar imagem", exact: true }).click();
  // Named and typed as a PNG, but the bytes are text: the server sniffs them.
  await field.getByLabel("Escolher imagem").setInputFiles({
    name: "foto.png",
    mimeType: "image/png",
    buffer: Buffer.from("isto não é uma imagem"),
  });
  await expect(field.getByRole("alert")).toHaveText("Envie uma imagem PNG ou JPEG.");
  await field.getByRole("button", { name: "Fechar aviso" }).click();

  // Too large: refused in the browser before sending anything.
  await field.getByLabel("Escolher imagem").setInputFiles({
    name: "enorme.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(field.getByRole("alert")).toHaveText("A imagem deve ter no máximo 5 MB.");
  await expect(editor.locator("img")).toHaveCount(0);
  await expectAccessible(page);
  expect(consoleErrors).toEqual([
    "Failed to load resource: the server responded with a status of 415 (Unsupported Media Type)",
  ]);
});

test("visitors cannot upload; the API answers JSON with the right status", async ({ page }) => {
  const body = await png(8, 8);
  const asVisitor = await page.request.post("/api/uploads", {
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: body } },
  });
  expect(asVisitor.status()).toBe(401);
  expect(await asVisitor.json()).toEqual({ error: "Entre na sua conta para enviar imagens." });

  await signUp(page);
  const ok = await page.request.post("/api/uploads", {
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: body } },
  });
  expect(ok.status()).toBe(201);
  expect(await ok.json()).toEqual({
    url: expect.stringMatching(/^\/uploads\/[a-f0-9]{64}\.png$/),
    width: 8,
    height: 8,
  });

  const garbage = await page.request.post("/api/uploads", {
    multipart: {
      file: { name: "a.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>") },
    },
  });
  expect(garbage.status()).toBe(415);
  expect(await garbage.json()).toEqual({ error: "Envie uma imagem PNG ou JPEG." });

  const huge = await page.request.post("/api/uploads", {
    multipart: {
      file: { name: "a.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 10) },
    },
  });
  expect(huge.status()).toBe(413);
  expect(await huge.json()).toEqual({ error: "A imagem deve ter no máximo 5 MB." });

  const missing = await page.request.post("/api/uploads", { multipart: { other: "x" } });
  expect(missing.status()).toBe(400);
});
