import { describe, expect, it } from "vitest";
import {
  classifyPastedText,
  codeFromPaste,
  htmlHasStructure,
  languageFromFence,
  traceLanguage,
} from "./pasted-text.ts";

const NODE_TRACE = `TypeError: Cannot read properties of undefined (reading 'map')
    at TodoList (webpack-internal:///./src/TodoList.jsx:12:23)
    at renderWithHooks (node_modules/react-dom/cjs/react-dom.development.js:16305:18)
    at mountIndeterminateComponent (node_modules/react-dom/cjs/react-dom.development.js:20074:13)`;

const PYTHON_TRACE = `Traceback (most recent call last):
  File "app.py", line 8, in <module>
    main()
  File "app.py", line 5, in main
    print(1 / 0)
ZeroDivisionError: division by zero`;

const JAVA_TRACE = `Exception in thread "main" java.lang.NullPointerException
\tat com.exemplo.Pedido.total(Pedido.java:42)
\tat com.exemplo.Main.main(Main.java:10)`;

const LOG = `2026-11-25 10:01:02 INFO  Servidor iniciado na porta 3000
2026-11-25 10:01:05 WARN  Pool de conexões quase cheio
2026-11-25 10:01:09 ERROR Conexão recusada: ECONNREFUSED 127.0.0.1:5432`;

const CODE = `function soma(a, b) {
  return a + b;
}`;

const PYTHON = `def media(valores):
    if not valores:
        return 0
    return sum(valores) / len(valores)`;

const README = `# Projeto

Instale com \`npm install\` e rode:

\`\`\`bash
npm start
\`\`\`

- rápido
- simples

Veja a [documentação](https://exemplo.com/docs).`;

describe("classifyPastedText", () => {
  it.each([
    ["a Node stack trace", NODE_TRACE],
    ["a Python traceback", PYTHON_TRACE],
    ["a Java stack trace", JAVA_TRACE],
    ["a log", LOG],
    ["JavaScript", CODE],
    ["Python", PYTHON],
  ])("finds code in %s", (_name, text) => {
    expect(classifyPastedText(text)).toBe("code");
  });

  it.each([
    ["a README with a fence, a list and a link", README],
    ["headings", "## Instalação\nRode o instalador."],
    ["a list of two items", "- primeiro\n- segundo"],
    ["inline code", "Use `git rebase -i` para juntar os commits."],
    ["a link", "Leia [o guia](https://exemplo.com/guia) antes."],
    ["bold", "Isso é **muito** importante."],
    ["a fence around a trace", "```\n    at f (a.js:1:1)\n    at g (a.js:2:2)\n```"],
  ])("finds Markdown in %s", (_name, text) => {
    expect(classifyPastedText(text)).toBe("markdown");
  });

  it.each([
    ["a sentence", "Meu fetch roda duas vezes no React."],
    ["two paragraphs of prose", "Tentei de tudo.\n\nNada funcionou, e agora?"],
    ["lines of prose", "Oi, pessoal.\nAlguém sabe por que isso acontece?\nObrigado!"],
    ["one line that looks like code", "const x = 1;"],
    ["one numbered line", "1. Abri o projeto"],
    ["prose with a colon", "O erro é este:\nnão encontra o módulo."],
  ])("leaves %s as text", (_name, text) => {
    expect(classifyPastedText(text)).toBe("text");
  });
});

describe("traceLanguage", () => {
  it("names the runtime a trace comes from, so a traceback is never highlighted as SQL", () => {
    expect(traceLanguage(PYTHON_TRACE)).toBe("python");
    expect(traceLanguage(NODE_TRACE)).toBe("javascript");
    expect(traceLanguage(JAVA_TRACE)).toBe("java");
    expect(
      traceLanguage(`goroutine 1 [running]:
main.main()
\t/app/main.go:9 +0x1d
exit status 2`),
    ).toBe("go");
    expect(
      traceLanguage(`thread 'main' panicked at src/main.rs:4:5:
index out of bounds: the len is 3 but the index is 7`),
    ).toBe("rust");
    expect(
      traceLanguage(`System.NullReferenceException: Object reference not set to an instance of an object.
   at Loja.Pedido.Total() in C:\\src\\Pedido.cs:line 42`),
    ).toBe("csharp");
    expect(
      traceLanguage(`PHP Fatal error:  Uncaught Error: Call to undefined function conecta()
Stack trace:
#0 /var/www/index.php(12): main()`),
    ).toBe("php");
  });

  it("calls a log plain text, and leaves code to the highlighter", () => {
    expect(traceLanguage(LOG)).toBe("plaintext");
    expect(traceLanguage(CODE)).toBeNull();
    expect(traceLanguage(PYTHON)).toBeNull();
    expect(traceLanguage("Uma frase qualquer, sem nada de código.")).toBeNull();
  });
});

describe("htmlHasStructure", () => {
  it("keeps the HTML of web pages and drops the styled spans of code editors", () => {
    expect(htmlHasStructure("<h2>Título</h2><p>texto</p>")).toBe(true);
    expect(htmlHasStructure('<pre><code class="language-js">x</code></pre>')).toBe(true);
    expect(
      htmlHasStructure('<div style="color: #d4d4d4"><span style="color: #569cd6">const</span></div>'),
    ).toBe(false);
    expect(htmlHasStructure("<meta charset='utf-8'><span>só texto</span>")).toBe(false);
  });
});

describe("codeFromPaste", () => {
  it("keeps indentation and tabs, unifies line ends and drops trailing blank lines", () => {
    expect(codeFromPaste("a\r\n\tb\r\n    c\r\n\r\n")).toBe("a\n\tb\n    c");
  });
});

describe("languageFromFence", () => {
  const known = [{ value: "javascript" }, { value: "bash" }, { value: "plaintext" }, { value: "python" }];
  it("names a fence's language as the editor does", () => {
    expect(languageFromFence("js", known)).toBe("javascript");
    expect(languageFromFence("JavaScript title=app.js", known)).toBe("javascript");
    expect(languageFromFence("sh", known)).toBe("bash");
    expect(languageFromFence("py", known)).toBe("python");
  });
  it("makes unknown or empty languages plain text", () => {
    expect(languageFromFence("", known)).toBe("plaintext");
    expect(languageFromFence("brainfuck", known)).toBe("plaintext");
    expect(languageFromFence('x" onload="', known)).toBe("plaintext");
  });
});
