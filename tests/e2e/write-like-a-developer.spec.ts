// Writing like a developer. Nothing typed while the editor replaces the plain field is lost, code blocks
// indent with Tab, an inserted image is not overwritten by the next key, pasted code, traces and Markdown
// become what they are, and the toolbar says its shortcuts and that it scrolls on a phone.
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { signUp } from "./auth.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { askQuestion } from "./questions.ts";
import { button, openPlayground, submitEditors } from "./rich-text.ts";

async function newQuestion(page: Page) {
  await signUp(page);
  return askQuestion(page, {
    title: `Por que o meu fetch roda duas vezes? ${Date.now()}`,
    description: "O efeito busca a lista e a requisição aparece duplicada.",
    details: "Tentei uma variável fora do componente; esperava uma única requisição.",
    tags: "react",
  });
}

/** Opens `url` without waiting for anything but the first bytes of HTML (the fixture's goto runs axe first). */
async function openAndClick(page: Page, url: string, label: string) {
  await page.mainFrame().goto(url, { waitUntil: "commit" });
  // The plain field, or the editor if it already took over (the hidden editor is not a textbox yet).
  const field = page.getByRole("textbox", { name: label });
  await field.click();
  return field;
}

/** Forgets every draft once this page has kept its own (it keeps nothing more until the next key). */
async function forgetDrafts(page: Page) {
  await page.waitForTimeout(600);
  await page.evaluate(() => localStorage.clear());
}

async function postAnswerAndRead(page: Page) {
  await page.getByRole("button", { name: "Poste sua resposta" }).click();
  const answer = page.locator("article[id^=resposta-]").last();
  await expect(answer).toBeVisible();
  return answer;
}

for (const [speed, delay] of [
  ["human", 80],
  ["machine", 0],
] as const) {
  test(`no keystroke is lost while the answer box becomes the editor (${speed} speed)`, async ({ page }) => {
    const question = await newQuestion(page);
    const text = "Você não precisa do useEffect aqui: calcule durante o render.";
    for (let round = 0; round < 3; round += 1) {
      await openAndClick(page, question, "Sua resposta");
      await page.keyboard.type(text, { delay });
      const editor = page.getByRole("textbox", { name: "Sua resposta" });
      await expect(editor).toHaveAttribute("contenteditable", "true");
      await expect(editor, `round ${round}`).toHaveText(text);
      await expect(editor).toBeFocused();
      // Typing goes on in the editor where it stopped.
      await page.keyboard.type(" Fim.", { delay });
      await expect(editor).toHaveText(`${text} Fim.`);
      await forgetDrafts(page);
    }
    await openAndClick(page, question, "Sua resposta");
    await expectAccessible(page);
  });

  test(`no keystroke is lost on a page whose editor loads at once (${speed} speed)`, async ({ page }) => {
    const text = "Você não perde nada: nem a primeira letra, nem a última.";
    for (let round = 0; round < 3; round += 1) {
      await openAndClick(page, "/test/editor", "Texto (layout compacto)");
      await page.keyboard.type(text, { delay });
      const editor = page.getByRole("textbox", { name: "Texto (layout compacto)" });
      await expect(editor).toHaveAttribute("contenteditable", "true");
      await expect(editor, `round ${round}`).toHaveText(text);
      await forgetDrafts(page);
    }
  });
}

/** Whether the element has the document's focus (the caret may sit in a code block inside it). */
function hasFocus(element: Locator) {
  return element.evaluate((node) => node === document.activeElement);
}

test("Tab and Shift+Tab indent code, lines selected too; Esc then Tab leaves the editor", async ({
  page,
}) => {
  const { field, editor, toolbar } = await openPlayground(page);
  await expect(editor).toHaveAccessibleDescription(/Esc e depois Tab saem do editor/);
  await editor.click();
  await toolbar.getByRole("button", { name: /^Adicionar código/ }).click();
  await page.keyboard.type("if (pronto) {");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.type("return 1;");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.type("}");
  const code = editor.locator("pre code");
  await expect(code).toHaveText("if (pronto) {\n  return 1;\n}");
  await expect.poll(() => hasFocus(editor)).toBe(true);

  // Three lines selected: each is indented, then dedented, and the selection stays on them.
  await page.keyboard.press("Shift+ArrowUp");
  await page.keyboard.press("Shift+ArrowUp");
  await page.keyboard.press("Tab");
  await expect(code).toHaveText("  if (pronto) {\n    return 1;\n  }");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(code).toHaveText("if (pronto) {\nreturn 1;\n}");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Home");
  await page.keyboard.press("Tab");
  await expect(code).toHaveText("if (pronto) {\n  return 1;\n}");

  // Escape, then Tab: the focus moves on, and screen readers hear that it will.
  await page.keyboard.press("End");
  await page.keyboard.press("Escape");
  await expect(field.getByRole("status")).toHaveText("Tab agora sai do editor.");
  await page.keyboard.press("Tab");
  await expect.poll(() => hasFocus(editor)).toBe(false);
  await expect(code).toHaveText("if (pronto) {\n  return 1;\n}");

  // Shift+Tab comes back to where the caret was, and Tab indents again.
  await page.keyboard.press("Shift+Tab");
  await expect.poll(() => hasFocus(editor)).toBe(true);
  await page.keyboard.press("Home");
  await page.keyboard.press("Tab");
  await expect(code).toHaveText("if (pronto) {\n  return 1;\n  }");

  // The page shows the indentation as typed.
  const stored = (await submitEditors(page)).locator("pre code");
  await expect(stored).toHaveText("if (pronto) {\n  return 1;\n  }");
  expect(await stored.evaluate((element) => getComputedStyle(element.parentElement!).whiteSpace)).toMatch(
    /pre/,
  );
});

test("an inserted image is not replaced by the next key: the caret goes on after it", async ({ page }) => {
  await signUp(page);
  const { field, editor, toolbar } = await openPlayground(page);
  await editor.click();
  await page.keyboard.type("Antes da imagem");
  const picture = await sharp({ create: { width: 24, height: 16, channels: 3, background: "#3348a4" } })
    .png()
    .toBuffer();
  await toolbar.getByRole("button", { name: /^Adicionar imagem/ }).click();
  await field.getByRole("textbox", { name: /Descrição da imagem/ }).fill("Um retângulo azul");
  await field
    .getByLabel("Escolher imagem")
    .setInputFiles({ name: "a.png", mimeType: "image/png", buffer: picture });
  await expect(editor.locator("img")).toHaveAttribute("alt", "Um retângulo azul");
  await expect(editor).toBeFocused();
  await expect(editor.locator(".ProseMirror-selectednode")).toHaveCount(0);
  await page.keyboard.type("Depois da imagem");
  await expect(editor.locator("img")).toHaveCount(1);
  await expect(editor.locator("p").last()).toHaveText("Depois da imagem");

  // The same at the very end of a text, after a Backspace too: the image stays.
  await page.keyboard.press("Backspace");
  await expect(editor.locator("img")).toHaveCount(1);

  const stored = await submitEditors(page);
  await expect(stored.locator("img")).toHaveAttribute("alt", "Um retângulo azul");
  await expect(stored).toContainText("Depois da image");
});

const TRACE = `TypeError: Cannot read properties of undefined (reading 'map')
    at TodoList (webpack-internal:///./src/TodoList.jsx:12:23)
    at renderWithHooks (node_modules/react-dom/cjs/react-dom.development.js:16305:18)
\tat mountIndeterminateComponent (react-dom.development.js:20074:13)`;

const README = `# Como rodar

Instale com \`npm ci\` e depois:

\`\`\`js
const app = criarApp();
  app.listen(3000);
\`\`\`

- rápido
- **simples**

Leia a [documentação](https://exemplo.com.br/docs). Não [isto](javascript:alert(1)).`;

/** Pastes through the real clipboard, as Ctrl+V does. */
async function pasteText(page: Page, text: string) {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press("Control+V");
}

/** Pastes what a program put on the clipboard in several formats (a code editor puts text and styled HTML). */
async function pasteData(page: Page, data: Record<string, string>) {
  await page.evaluate((formats) => {
    const transfer = new DataTransfer();
    for (const [type, value] of Object.entries(formats)) transfer.setData(type, value);
    const event = new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true });
    document.activeElement?.dispatchEvent(event);
  }, data);
}

async function answerEditor(page: Page, question: string) {
  await page.goto(question);
  const editor = page.getByRole("textbox", { name: "Sua resposta" });
  await expect(async () => {
    await editor.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(editor).toHaveAttribute("contenteditable", "true", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await editor.click();
  return editor;
}

test("a pasted stack trace becomes a code block, Ctrl+Z gives the lines back, and the page keeps every space", async ({
  page,
}) => {
  const question = await newQuestion(page);
  const editor = await answerEditor(page, question);
  await page.keyboard.type("Meu erro:");
  await page.keyboard.press("Enter");
  await pasteText(page, TRACE);
  const code = editor.locator("pre code");
  await expect(code).toHaveText(TRACE);
  const status = page.getByRole("status").filter({ hasText: "Colado como bloco de código" });
  await expect(status).toHaveCount(1);

  // Ctrl+Z right after the paste: the same text as plain paragraphs, one per line.
  await page.keyboard.press("Control+z");
  await expect(editor.locator("pre")).toHaveCount(0);
  await expect(editor.locator("p")).toHaveCount(5);
  await expect(editor.locator("p").nth(2)).toHaveText(
    "    at TodoList (webpack-internal:///./src/TodoList.jsx:12:23)",
  );
  await expect(page.getByRole("status").filter({ hasText: "Colado como texto simples." })).toHaveCount(1);
  // And back again.
  await page.keyboard.press("Control+Shift+z");
  await expect(code).toHaveText(TRACE);

  const answer = await postAnswerAndRead(page);
  await expect(answer.locator("p").first()).toHaveText("Meu erro:");
  const published = answer.locator("pre code");
  await expect(published).toHaveText(TRACE);
  expect(await published.evaluate((element) => getComputedStyle(element.parentElement!).whiteSpace)).toMatch(
    /^pre/,
  );
});

test("a pasted Python traceback is a Python code block, never SQL", async ({ page }) => {
  const question = await newQuestion(page);
  const editor = await answerEditor(page, question);
  await page.keyboard.type("O erro que aparece quando rodo o script:");
  await page.keyboard.press("Enter");
  const traceback = `Traceback (most recent call last):
  File "app.py", line 8, in <module>
    print(sum(x for x in valores))
  File "app.py", line 8, in <genexpr>
TypeError: unsupported operand type(s) for +: 'int' and 'str'`;
  await pasteText(page, traceback);
  await expect(editor.locator("pre code")).toHaveText(traceback);
  const answer = await postAnswerAndRead(page);
  await expect(answer.locator("pre code.language-python")).toHaveText(traceback);
  await expect(answer.locator("pre code.language-sql")).toHaveCount(0);
});

test("pasted Markdown becomes headings, lists, links, fenced code with its language and inline code", async ({
  page,
}) => {
  const question = await newQuestion(page);
  const editor = await answerEditor(page, question);
  await pasteText(page, README);
  await expect(editor.getByRole("heading", { level: 2, name: "Como rodar" })).toBeVisible();
  await expect(editor.locator("p code")).toHaveText("npm ci");
  await expect(editor.locator("pre code")).toHaveText("const app = criarApp();\n  app.listen(3000);");
  await expect(editor.locator("ul > li")).toHaveText(["rápido", "simples"]);
  await expect(editor.locator("li strong")).toHaveText("simples");
  await expect(editor.locator('a[href="https://exemplo.com.br/docs"]')).toHaveText("documentação");
  await expect(editor).not.toContainText("```");
  // A link the site would refuse stays text, in the editor as on the page.
  await expect(editor.locator("a")).toHaveCount(1);
  await expect(editor).toContainText("Não isto.");
  await expect(page.getByRole("status").filter({ hasText: "Markdown convertido" })).toHaveCount(1);

  const answer = await postAnswerAndRead(page);
  await expect(answer.getByRole("heading", { level: 2, name: "Como rodar" })).toBeVisible();
  await expect(answer.locator("pre code.language-javascript")).toHaveText(
    "const app = criarApp();\n  app.listen(3000);",
  );
  await expect(answer.locator("ul > li")).toHaveText(["rápido", "simples"]);
  await expect(answer.locator('a[href="https://exemplo.com.br/docs"]')).toHaveText("documentação");
  await expect(answer.locator("p code")).toHaveText("npm ci");
});

test("code from a code editor becomes a code block; a web page's HTML and plain prose paste as they are", async ({
  page,
}) => {
  const { editor } = await openPlayground(page);
  await editor.click();
  const code =
    "def media(valores):\n    if not valores:\n        return 0\n    return sum(valores) / len(valores)";
  await pasteData(page, {
    "text/plain": code,
    "text/html": `<div style="color: #d4d4d4;"><div><span style="color: #569cd6;">def</span> media(valores):</div></div>`,
  });
  await expect(editor.locator("pre code")).toHaveText(code);
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");

  await pasteData(page, { "text/plain": "Título\nTexto", "text/html": "<h2>Título</h2><p>Texto</p>" });
  await expect(editor.getByRole("heading", { level: 2, name: "Título" })).toBeVisible();
  await page.keyboard.press("Enter");
  await pasteText(page, "Oi, pessoal.\nAlguém sabe por que isso acontece?");
  await expect(editor.locator("pre")).toHaveCount(1);
  await expect(editor).toContainText("Alguém sabe por que isso acontece?");
});

test("[text](address) typed becomes a link; an address the site refuses stays text", async ({ page }) => {
  const { editor } = await openPlayground(page);
  await editor.click();
  await page.keyboard.type("Veja [a documentação](https://exemplo.com.br/docs) e ");
  await expect(editor.locator('a[href="https://exemplo.com.br/docs"]')).toHaveText("a documentação");
  await page.keyboard.type("siga.");
  await expect(editor.locator("a")).toHaveText("a documentação");
  await page.keyboard.type(" Não [isto](javascript:alert(1))");
  await expect(editor.locator("a")).toHaveCount(1);
  await expect(editor).toContainText("[isto](javascript:alert(1))");
  const stored = await submitEditors(page);
  await expect(stored.locator('a[href="https://exemplo.com.br/docs"]')).toHaveText("a documentação");
});

test("tooltips name the shortcut; on a phone the toolbar fades where more buttons hide, and the keyboard reaches them", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { toolbar } = await openPlayground(page);
  const bold = button(toolbar, "Negrito");
  await bold.hover();
  await expect(bold.locator("span[aria-hidden]")).toHaveText("Negrito (Ctrl+B)");
  await expect(bold).toHaveAttribute("aria-keyshortcuts", "Control+B");
  const image = button(toolbar, "Adicionar imagem");
  await image.hover();
  await expect(image.locator("span[aria-hidden]")).toHaveText("Adicionar imagem");

  await page.setViewportSize({ width: 360, height: 800 });
  const row = toolbar.locator("..");
  await expect(row).toHaveAttribute("data-more", "end");
  expect(await row.evaluate((element) => getComputedStyle(element).maskImage)).toContain("linear-gradient");
  const link = button(toolbar, "Adicionar link");
  await expect(link).not.toBeInViewport({ ratio: 1 });
  await bold.focus();
  await page.keyboard.press("End");
  await expect(link).toBeFocused();
  await expect(link).toBeInViewport({ ratio: 1 });
  await expect(row).toHaveAttribute("data-more", "start");
  await page.keyboard.press("Home");
  await expect(bold).toBeFocused();
  await expect(row).toHaveAttribute("data-more", "end");
  await expectAccessible(page);
});
