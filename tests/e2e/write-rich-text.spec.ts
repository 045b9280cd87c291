import { expect, test } from "./fixtures.ts";
import { button, draftKept, openPlayground, submitEditors } from "./rich-text.ts";

const TOOLBAR_NAMES = [
  "Negrito",
  "Itálico",
  "Sublinhado",
  "Traçado",
  "Adicionar código",
  "Adicionar lista",
  "Adicionar lista numérica",
  "Adicionar imagem",
  "Adicionar vídeo",
  "Adicionar link",
];

/** The tooltips name the shortcut, as `aria-keyshortcuts` does for screen readers. */
const TOOLTIPS: Record<string, string> = {
  Negrito: "Negrito (Ctrl+B)",
  Itálico: "Itálico (Ctrl+I)",
  Sublinhado: "Sublinhado (Ctrl+U)",
  Traçado: "Traçado (Ctrl+Shift+S)",
  "Adicionar código": "Adicionar código (Ctrl+Alt+C)",
  "Adicionar lista": "Adicionar lista (Ctrl+Shift+8)",
  "Adicionar lista numérica": "Adicionar lista numérica (Ctrl+Shift+7)",
  "Adicionar link": "Adicionar link (Ctrl+K)",
};

test("every toolbar button makes its markup, and the server keeps it", async ({ page }) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const { field, editor, toolbar } = await openPlayground(page);
  await editor.click();

  for (const [name, word] of [
    ["Negrito", "forte"],
    ["Itálico", "inclinado"],
    ["Sublinhado", "sublinhado"],
    ["Traçado", "riscado"],
  ] as const) {
    await button(toolbar, name).click();
    await expect(button(toolbar, name)).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type(word);
    await button(toolbar, name).click();
    await expect(button(toolbar, name)).toHaveAttribute("aria-pressed", "false");
    await page.keyboard.type(" ");
  }
  await page.keyboard.press("Enter");

  await button(toolbar, "Adicionar lista").click();
  await expect(button(toolbar, "Adicionar lista")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("primeiro item");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");

  await button(toolbar, "Adicionar lista numérica").click();
  await page.keyboard.type("passo um");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");

  await page.keyboard.type("veja o site");
  for (let i = 0; i < 4; i += 1) await page.keyboard.press("Shift+ArrowLeft");
  await button(toolbar, "Adicionar link").click();
  await field.getByRole("textbox", { name: "Endereço do link" }).fill("exemplo.com.br/docs");
  await field.getByRole("button", { name: "Aplicar" }).click();
  await expect(editor.locator('a[href="https://exemplo.com.br/docs"]')).toHaveText("site");
  await expect(editor).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");

  await button(toolbar, "Adicionar vídeo").click();
  await field
    .getByRole("textbox", { name: "Endereço do vídeo do YouTube" })
    .fill("https://youtu.be/dQw4w9WgXcQ");
  await field.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(editor.locator("iframe")).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  );

  await editor.press("Control+End");
  await button(toolbar, "Adicionar código").click();
  await expect(button(toolbar, "Adicionar código")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("const resposta = 42;");
  await field.getByLabel("Linguagem").selectOption("javascript");

  const stored = await submitEditors(page);
  await expect(stored.locator("strong")).toHaveText("forte");
  await expect(stored.locator("em")).toHaveText("inclinado");
  await expect(stored.locator("u")).toHaveText("sublinhado");
  await expect(stored.locator("s")).toHaveText("riscado");
  await expect(stored.locator("ul > li")).toHaveText("primeiro item");
  await expect(stored.locator("ol > li")).toHaveText("passo um");
  const link = stored.locator(".rich-text a");
  await expect(link).toHaveAttribute("href", "https://exemplo.com.br/docs");
  await expect(link).toHaveAttribute("rel", "nofollow ugc noopener");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(stored.locator("iframe")).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  );
  await expect(stored.locator("iframe")).toHaveAttribute("title", "Vídeo do YouTube");
  const code = stored.locator("pre code.language-javascript");
  await expect(code).toHaveText("const resposta = 42;");
  // Highlighted on the server when saved.
  await expect(code.locator("span.hljs-keyword")).toHaveText("const");
  const copy = stored.getByRole("button", { name: "Copiar código" });
  await copy.focus();
  await page.keyboard.press("Enter");
  await expect(stored.getByRole("button", { name: "Copiado!" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Copiado!" })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("const resposta = 42;");
});

test("on any screen the toolbar keeps its names, shows no tooltip unasked and formats text @phone", async ({
  page,
}) => {
  const { editor, toolbar } = await openPlayground(page);
  for (const name of TOOLBAR_NAMES) {
    await expect(button(toolbar, name)).toHaveCount(1);
    await expect(button(toolbar, name).locator("span[aria-hidden]")).toBeHidden();
  }
  await editor.click();
  await button(toolbar, "Negrito").click();
  await page.keyboard.type("forte");
  await expect(editor.locator("strong")).toHaveText("forte");
  await button(toolbar, "Adicionar link").scrollIntoViewIfNeeded();
  await expect(button(toolbar, "Adicionar link")).toBeInViewport();
});

test("Markdown shortcuts and keyboard shortcuts format as you type", async ({ page }) => {
  const { editor, toolbar } = await openPlayground(page);
  await editor.click();
  await page.keyboard.type("**forte** e ");
  await page.keyboard.press("Control+i");
  await page.keyboard.type("itálico");
  await page.keyboard.press("Control+i");
  await page.keyboard.press("Enter");
  await page.keyboard.type("- item");
  await expect(button(toolbar, "Adicionar lista")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("1. primeiro");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("```");
  await page.keyboard.press("Enter");
  await page.keyboard.type("x = 1");
  await expect(editor.locator("strong")).toHaveText("forte");
  await expect(editor.locator("em")).toHaveText("itálico");
  await expect(editor.locator("ul li")).toHaveText("item");
  await expect(editor.locator("ol li")).toHaveText("primeiro");
  await expect(editor.locator("pre code")).toHaveText("x = 1");
});

test("the placeholder shows while the editor is empty", async ({ page }) => {
  const { editor } = await openPlayground(page);
  await expect(editor).toHaveAttribute("aria-placeholder", "Escreva seu texto...");
  await expect(editor.locator("p.is-editor-empty")).toHaveAttribute(
    "data-placeholder",
    "Escreva seu texto...",
  );
  await editor.click();
  await page.keyboard.type("a");
  await expect(editor.locator("p.is-editor-empty")).toHaveCount(0);
});

test("tooltips appear above 1200 px, not at 1000 px, and the names stay at every width", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { toolbar } = await openPlayground(page);
  for (const name of TOOLBAR_NAMES) {
    const control = button(toolbar, name);
    await control.hover();
    await expect(control.locator("span[aria-hidden]")).toBeVisible();
    await expect(control.locator("span[aria-hidden]")).toHaveText(TOOLTIPS[name] ?? name);
  }

  await page.setViewportSize({ width: 1000, height: 900 });
  for (const name of TOOLBAR_NAMES) {
    const control = button(toolbar, name);
    await expect(control).toBeVisible();
    await control.hover();
    await page.waitForTimeout(150);
    await expect(control.locator("span[aria-hidden]")).toBeHidden();
  }
});

test("the toolbar is one tab stop, arrows move between buttons", async ({ page }) => {
  const { toolbar } = await openPlayground(page);
  await button(toolbar, "Negrito").focus();
  await page.keyboard.press("ArrowRight");
  await expect(button(toolbar, "Itálico")).toBeFocused();
  await page.keyboard.press("End");
  await expect(button(toolbar, "Adicionar link")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(button(toolbar, "Negrito")).toBeFocused();
  await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);
});

test("links accept only http, https, mailto, tel and sms; a selected e-mail becomes mailto:", async ({
  page,
}) => {
  const { field, editor, toolbar } = await openPlayground(page);
  await editor.click();
  await page.keyboard.type("clique aqui");
  await page.keyboard.press("Shift+Home");
  await button(toolbar, "Adicionar link").click();
  const address = field.getByRole("textbox", { name: "Endereço do link" });
  for (const refused of ["javascript:alert(1)", "ftp://exemplo.com/arquivo", "data:text/html,oi"]) {
    await address.fill(refused);
    await address.press("Enter");
    await expect(field.getByRole("alert")).toHaveText(
      "Use um link que comece com http://, https://, mailto:, tel: ou sms:.",
    );
  }
  await expect(editor.locator("a")).toHaveCount(0);
  await address.fill("tel:+5511999990000");
  await address.press("Enter");
  await expect(editor.locator('a[href="tel:+5511999990000"]')).toHaveText("clique aqui");
  await expect(editor).toBeFocused();

  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("ana@exemplo.com.br");
  await page.keyboard.press("Shift+Home");
  await button(toolbar, "Adicionar link").click();
  await expect(editor.locator('a[href="mailto:ana@exemplo.com.br"]')).toHaveText("ana@exemplo.com.br");

  const stored = await submitEditors(page);
  await expect(stored.locator('a[href="mailto:ana@exemplo.com.br"]')).not.toHaveAttribute("target", /.*/);
  await expect(stored.locator('a[href="tel:+5511999990000"]')).toHaveAttribute(
    "rel",
    "nofollow ugc noopener",
  );
});

test("YouTube watch, shorts and youtu.be addresses become privacy-enhanced embeds; others are refused", async ({
  page,
}) => {
  const { field, editor, toolbar } = await openPlayground(page);
  await editor.click();
  await button(toolbar, "Adicionar vídeo").click();
  const address = field.getByRole("textbox", { name: "Endereço do vídeo do YouTube" });
  await address.fill("https://vimeo.com/76979871");
  await address.press("Enter");
  await expect(field.getByRole("alert")).toContainText("Use o endereço de um vídeo do YouTube");

  await address.fill("https://www.youtube.com/shorts/aqz-KE-bpKQ");
  await address.press("Enter");
  await button(toolbar, "Adicionar vídeo").click();
  await field
    .getByRole("textbox", { name: "Endereço do vídeo do YouTube" })
    .fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s");
  await page.keyboard.press("Enter");
  const frames = editor.locator("div[data-youtube-video] iframe");
  await expect(frames).toHaveCount(2);
  await expect(frames.nth(0)).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ");
  await expect(frames.nth(1)).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=65",
  );
});

test("what you type survives a reload until you discard it", async ({ page }) => {
  const { editor } = await openPlayground(page);
  await editor.click();
  await page.keyboard.type("Rascunho que não pode se perder");
  await draftKept(page, "Rascunho que não pode se perder");
  await page.reload();
  await expect(page.locator('[data-rich-text-field="editor"]')).toHaveCount(2);
  const restored = page.getByRole("textbox", { name: "Texto (layout compacto)" });
  await expect(restored).toHaveText("Rascunho que não pode se perder");
  await page.getByRole("button", { name: "Descartar rascunho" }).click();
  await expect(restored).toHaveText("");
  await page.reload();
  await expect(page.locator('[data-rich-text-field="editor"]')).toHaveCount(2);
  await expect(page.getByRole("textbox", { name: "Texto (layout compacto)" })).toHaveText("");
});

test("a post the server refuses keeps the draft", async ({ page }) => {
  const { editor } = await openPlayground(page);
  await editor.click();
  await page.keyboard.type("Texto que volta depois do erro");
  // Six tags typed into the field: the server refuses them (at most five).
  await page.getByRole("combobox", { name: "Tags" }).fill("a, b, c, d, e, f");
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Escolha no máximo 5 tags." })).toBeVisible();
  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.locator('[data-rich-text-field="editor"]')).toHaveCount(2);
  await expect(page.getByRole("textbox", { name: "Texto (layout compacto)" })).toHaveText(
    "Texto que volta depois do erro",
  );
});

test("hostile HTML posted straight to the server renders inert", async ({ page }) => {
  let dialogs = 0;
  page.on("dialog", async (dialog) => {
    dialogs += 1;
    await dialog.dismiss();
  });
  await page.goto("/test/editor");
  const hostile = [
    "<p>início</p>",
    "<script>window.__xss = 'script'</script>",
    "<img src=x onerror=\"window.__xss='img';alert(1)\">",
    "<svg onload=\"window.__xss='svg'\"><circle r=5 /></svg>",
    '<a id="js-link" href="javascript:window.__xss=\'href\'">clique</a>',
    '<a href="jav&#x09;ascript:alert(1)">tab</a>',
    '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
    '<iframe src="https://evil.example/"></iframe>',
    "<details open ontoggle=\"window.__xss='details'\">x</details>",
    '<form action="javascript:alert(1)"><button id="evil-button">enviar</button></form>',
    "<math><mtext><table><mglyph><style><img src=x onerror=\"window.__xss='mxss'\"></style></mglyph></table></mtext></math>",
    '<div style="position:fixed;inset:0;background:red" class="fixed inset-0">cobre</div>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    "<p>fim</p>",
  ].join("\n");
  await page.getByLabel("HTML bruto (enviado sem passar pelo editor)").fill(hostile);
  await page.getByRole("button", { name: "Enviar HTML bruto" }).click();
  const result = page.getByTestId("result");
  await expect(result.locator(".rich-text")).toContainText("início");
  await expect(result.locator(".rich-text")).toContainText("fim");

  const rendered = result.locator(".rich-text");
  await expect(
    rendered.locator("script, svg, math, style, form, button, meta, details, [style]"),
  ).toHaveCount(0);
  await expect(rendered.locator("iframe")).toHaveCount(0);
  await expect(rendered.locator("[onerror], [onload], [ontoggle]")).toHaveCount(0);
  await expect(rendered.locator('a[href^="javascript" i]')).toHaveCount(0);
  await expect(rendered.locator(".fixed")).toHaveCount(0);
  // The text of a refused link stays, without a link; clicking it does nothing.
  await rendered.getByText("clique").click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toBe(0);
  await expect(page).toHaveURL(/\/test\/editor$/);
});

test("without JavaScript the field is a labelled textarea whose text becomes paragraphs", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/test/editor");
  const textarea = page.getByRole("textbox", { name: "Texto (layout compacto)" });
  await expect(textarea).toHaveJSProperty("tagName", "TEXTAREA");
  await textarea.fill("Primeira linha\nsegunda linha\n\n<b>não é negrito</b>");
  await page.getByRole("combobox", { name: "Tags" }).fill("javascript, Web, javascript");
  await page.getByRole("button", { name: "Enviar", exact: true }).click();
  const stored = page.getByTestId("stored-html").first();
  await expect(stored).toHaveText(
    "<p>Primeira linha<br />segunda linha</p><p>&lt;b&gt;não é negrito&lt;/b&gt;</p>",
  );
  await expect(page.getByTestId("result-tags")).toHaveText("Tags: javascript, Web");
  await context.close();
});

test("read pages never download the editor's code", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script" || response.url().endsWith(".js")) {
      scripts.push(response.url());
    }
  });
  const hasEditorCode = async (urls: string[]) => {
    for (const url of urls) {
      const body = await (await page.request.get(url)).text();
      if (/prosemirror/i.test(body)) return true;
    }
    return false;
  };

  for (const path of ["/", "/blog", "/questions"]) {
    scripts.length = 0;
    await page.goto(path, { waitUntil: "networkidle" });
    // A visitor's page loads the app on the first interaction (ADR 014): reach for the search box.
    await page.getByRole("banner").getByRole("combobox", { name: "Pesquisar" }).focus();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    expect(scripts.length, `scripts of ${path}`).toBeGreaterThan(0);
    expect(await hasEditorCode(scripts), `editor code on ${path}`).toBe(false);
  }

  // The check itself works: the page that writes does download it.
  scripts.length = 0;
  await page.goto("/test/editor", { waitUntil: "networkidle" });
  await expect(page.locator('[data-rich-text-field="editor"]')).toHaveCount(2);
  expect(await hasEditorCode(scripts)).toBe(true);
});
