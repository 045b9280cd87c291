// What pasted plain text is: code (a stack trace, a log, a piece of a program), Markdown (a README, an answer
// from GitHub or a chatbot), or ordinary text. Pure and unit-tested; the editor acts on the answer
// (`paste.client.ts`). The rules lean towards "text": a wrong guess costs one Ctrl+Z, but prose should never
// turn into code on its own.

export type PastedKind = "code" | "markdown" | "text";

/** A line of a stack trace in the languages people ask about (JavaScript, Java, C#, Python, PHP, Go, Rust). */
const TRACE_LINE =
  /^\s+at\s+\S|^\s*File\s+"[^"]+",\s+line\s+\d+|^Traceback \(most recent call last\)|^\s*#\d+\s+\S+\(|^goroutine \d+ \[|^panic: |^thread '.+' panicked at|^\s+\.\.\.\s*\d+\s+more|^Caused by: |^\s*(?:[\w.$]+(?:Error|Exception)): /;

/** A log line: a timestamp or a level first. */
const LOG_LINE =
  /^\s*\[?(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\d{2}:\d{2}:\d{2}|(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL|CRITICAL)\b)/;

/** A line that reads like a program rather than a sentence. */
const CODE_LINE =
  /^\s*(?:import\s|export\s|from\s+\S+\s+import|const\s|let\s|var\s|function\b|def\s|class\s|return\b|if\s*\(|for\s*\(|while\s*\(|public\s|private\s|#include|package\s|fn\s|func\s|SELECT\s|INSERT\s|UPDATE\s|CREATE\s|\$\s|>>>\s|<\/?[a-zA-Z][\w-]*[\s>]|[{}()[\]];?$|\/\/|#!)|[;{]\s*$|^\s*}|=>|\)\s*\{|\w+\(.*\)\s*;?\s*$|^\s*[\w.]+\s*[:=]\s*\S/;

/** Markdown that plain prose rarely has: fences, headings, quotes, lists with more, links, inline code, bold. */
const MARKDOWN_FENCE = /^\s{0,3}(?:```|~~~)/m;
const MARKDOWN_BLOCK = /^\s{0,3}(?:#{1,6}\s+\S|>\s|[-*+]\s+\S|\d{1,3}[.)]\s+\S)/m;
const MARKDOWN_INLINE =
  /\[[^\]\n]+\]\((?:https?:\/\/|mailto:|\/)[^)\s]+\)|`[^`\n]+`|\*\*[^*\n]+\*\*|__[^_\n]+__/;

function nonEmptyLines(text: string): string[] {
  return text.split(/\r\n?|\n/).filter((line) => line.trim() !== "");
}

/** Text whose lines look like a trace, a log or code. One line is never code (it may be a sentence). */
function looksLikeCode(text: string): boolean {
  const lines = nonEmptyLines(text);
  if (lines.length < 2) return false;
  const share = (pattern: RegExp) => lines.filter((line) => pattern.test(line)).length / lines.length;
  if (lines.some((line) => TRACE_LINE.test(line)) && share(TRACE_LINE) >= 0.3) return true;
  if (share(LOG_LINE) >= 0.6) return true;
  const indented = lines.some((line) => /^(?: {2,}|\t)\S/.test(line));
  const punctuated = lines.some((line) => /[;{}]\s*$|=>|\)\s*:\s*$/.test(line));
  return share(CODE_LINE) >= 0.5 && (indented || punctuated);
}

function looksLikeMarkdown(text: string): boolean {
  if (MARKDOWN_FENCE.test(text)) return true;
  const blocks = text.split(/\r\n?|\n/).filter((line) => MARKDOWN_BLOCK.test(line)).length;
  // One list line or one "1." is ordinary text; a heading, a quote or two list items read as Markdown.
  if (/^\s{0,3}(?:#{1,6}\s+\S|>\s)/m.test(text) || blocks >= 2) return true;
  return MARKDOWN_INLINE.test(text);
}

/** The language a stack trace comes from, by the marks each runtime leaves; a log is plain text. */
const TRACE_LANGUAGES: { language: string; pattern: RegExp }[] = [
  { language: "python", pattern: /^Traceback \(most recent call last\)|^\s*File "[^"]+", line \d+/m },
  { language: "go", pattern: /^goroutine \d+ \[|^panic: .*\n(?:.*\n)*?goroutine /m },
  { language: "rust", pattern: /^thread '.+' panicked at/m },
  { language: "kotlin", pattern: /^\s+at [\w.$]+\([\w$]+\.kt:\d+\)/m },
  { language: "java", pattern: /^\s+at [\w.$]+\([\w$]+\.java:\d+\)|^Exception in thread "/m },
  // After Java and Kotlin, whose frames name their file: a .NET frame names none, or a .cs line.
  { language: "csharp", pattern: /\.cs:line \d+|^\s+at [\w.<>`]+\([^)]*\)$/m },
  { language: "php", pattern: /^#\d+ .+\.php\(\d+\)|^PHP (?:Fatal|Warning|Notice)|\.php on line \d+/m },
  { language: "ruby", pattern: /^\s*(?:from )?[^\s:]+\.rb:\d+:in /m },
  {
    language: "javascript",
    pattern:
      /^\s+at (?:.+ \()?(?:[^()\s]+\.(?:[cm]?js|jsx|tsx?|vue|svelte)|webpack-internal:\/\/|node:[\w/]+):\d+:\d+\)?$/m,
  },
];

/**
 * The language of a pasted trace ("python" for a traceback), "plaintext" for a log, or null for anything else
 * (then the highlighter guesses). Asked first: a traceback's words ("in", "line", "File") read as SQL to it.
 */
export function traceLanguage(text: string): string | null {
  const lines = nonEmptyLines(text);
  if (!lines.some((line) => TRACE_LINE.test(line))) {
    return lines.length > 0 && lines.filter((line) => LOG_LINE.test(line)).length / lines.length >= 0.6
      ? "plaintext"
      : null;
  }
  return TRACE_LANGUAGES.find(({ pattern }) => pattern.test(text))?.language ?? "plaintext";
}

/** Fenced Markdown wins (the fences say where the code is), then code, then other Markdown, then text. */
export function classifyPastedText(text: string): PastedKind {
  if (MARKDOWN_FENCE.test(text)) return "markdown";
  if (looksLikeCode(text)) return "code";
  if (looksLikeMarkdown(text)) return "markdown";
  return "text";
}

/**
 * Whether HTML on the clipboard carries structure worth keeping (a web page: GitHub, MDN, a blog), in which
 * case the editor pastes the HTML as it does already. Code editors and terminals put styled spans or nothing,
 * and their plain text is what was meant.
 */
export function htmlHasStructure(html: string): boolean {
  return /<(?:h[1-6]|ul|ol|li|pre|blockquote|table|a\s|strong|em|b|i|img)\b/i.test(html);
}

/** The code as pasted: line ends made \n, trailing blank lines dropped; indentation and tabs kept. */
export function codeFromPaste(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/\n+\s*$/, "");
}

/** The names a fence's info string uses for the languages of `CODE_LANGUAGES` (GitHub's usual aliases). */
const LANGUAGE_ALIASES: Record<string, string> = {
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  node: "javascript",
  ts: "typescript",
  tsx: "typescript",
  py: "python",
  python3: "python",
  cs: "csharp",
  "c#": "csharp",
  rb: "ruby",
  golang: "go",
  rs: "rust",
  kt: "kotlin",
  "c++": "cpp",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  console: "bash",
  shellsession: "bash",
  yml: "yaml",
  html: "xml",
  xhtml: "xml",
  svg: "xml",
  md: "markdown",
  patch: "diff",
  text: "plaintext",
  txt: "plaintext",
  "": "plaintext",
};

/** A fence's language as the editor names it; anything unknown or odd-looking is plain text. */
export function languageFromFence(info: string, known: ReadonlyArray<{ value: string }>): string {
  const name = (info.trim().split(/\s+/)[0] ?? "").toLowerCase();
  const value = LANGUAGE_ALIASES[name] ?? name;
  return known.some((language) => language.value === value) ? value : "plaintext";
}
