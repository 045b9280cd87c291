// The mini-Markdown of comments, as on Stack Overflow: `code`, **bold** / __bold__, *italic* / _italic_,
// [text](https://…) and bare http(s) addresses. Comments are stored as the text their author typed; this turns
// that text into HTML when it is shown (on the server, once per version of a page). Everything that is not one
// of those forms is escaped, so the output holds only <code>, <strong>, <em> and <a href>; the sanitiser still
// runs over it (sanitizeCommentHtml) in case this ever has a bug.
//
// Linear time by construction: no backtracking regular expressions; each character is scanned a bounded
// number of times (code spans find their closer through precomputed runs, link targets stop at the next
// bracket, emphasis keeps per-character floors as CommonMark's delimiter algorithm does).
//
// Emphasis markers inside a word are literal, for `*` as for `_` (Stack Overflow's rule for underscores,
// extended to asterisks because comments here are about code: snake_case_names, a*b*c and 2*3*4 stay as typed).

type Delimiter = {
  kind: "delim";
  char: "*" | "_";
  /** Markers still unused (matching consumes them from the inner side). */
  count: number;
  canOpen: boolean;
  canClose: boolean;
  /** Markup that opens (after the markers) and closes (before the markers) here, innermost last. */
  before: string[];
  after: string[];
};

type Token =
  | { kind: "html"; html: string }
  | Delimiter
  | { kind: "open-bracket"; active: boolean }
  | { kind: "link-end"; href: string; text: string };

function escapeHtml(text: string): string {
  let out = "";
  for (const char of text) {
    switch (char) {
      case "&":
        out += "&amp;";
        break;
      case "<":
        out += "&lt;";
        break;
      case ">":
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case "'":
        out += "&#39;";
        break;
      default:
        out += char;
    }
  }
  return out;
}

/** An address a comment may link to: absolute http(s) with a host and no credentials, normalised; else null. */
function commentLinkHref(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  if (!parsed.hostname || parsed.username || parsed.password) return null;
  return parsed.href;
}

const isWhitespace = (char: string | undefined) => char === undefined || /\s/u.test(char);
const isPunctuation = (char: string | undefined) => char !== undefined && /[\p{P}\p{S}]/u.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** Characters that end a bare address (and never belong to it). */
const URL_STOP = new Set([" ", "\t", "\n", "\r", "<", ">", '"', "'", "`", "[", "]"]);
/** Punctuation at the end of a bare address that usually belongs to the sentence (or is emphasis). */
const URL_TRAILING = new Set([".", ",", ";", ":", "!", "?", ")", "*", "_", "}"]);

function bareUrlEnd(text: string, start: number): number {
  let end = start;
  let opens = 0;
  let closes = 0;
  while (end < text.length && !URL_STOP.has(text[end]!)) {
    if (text[end] === "(") opens++;
    else if (text[end] === ")") closes++;
    end++;
  }
  // Trim sentence punctuation, but keep a ")" that closes a "(" of the address (a Wikipedia link).
  while (end > start && URL_TRAILING.has(text[end - 1]!)) {
    if (text[end - 1] === ")") {
      if (closes <= opens) break;
      closes--;
    }
    end--;
  }
  return end;
}

/**
 * For a link's "(url)" right after "]" at `open` (the index of "("): the index of its ")" and the address,
 * or null. Stops at whitespace and brackets, so a failed attempt never rescans past the next "]".
 */
function linkTarget(text: string, open: number): { close: number; url: string } | null {
  let depth = 0;
  for (let i = open + 1; i < text.length; i++) {
    const char = text[i]!;
    if (isWhitespace(char) || char === "[" || char === "]" || char === "<" || char === ">" || char === "`") {
      return null;
    }
    if (char === "(") depth++;
    else if (char === ")") {
      if (depth === 0) return { close: i, url: text.slice(open + 1, i) };
      depth--;
    }
  }
  return null;
}

/** Start index → end index (exclusive) of every code span, CommonMark style (a run of n backticks closes n). */
function codeSpans(text: string): Map<number, { contentStart: number; contentEnd: number; end: number }> {
  const runs: { start: number; length: number }[] = [];
  for (let i = 0; i < text.length;) {
    if (text[i] !== "`") {
      i++;
      continue;
    }
    const start = i;
    while (text[i] === "`") i++;
    runs.push({ start, length: i - start });
  }
  // Runs of each length, in order; each pointer only moves forward.
  const byLength = new Map<number, number[]>();
  runs.forEach((run, index) => {
    const list = byLength.get(run.length) ?? [];
    list.push(index);
    byLength.set(run.length, list);
  });
  const pointer = new Map<number, number>();
  const spans = new Map<number, { contentStart: number; contentEnd: number; end: number }>();
  for (let r = 0; r < runs.length;) {
    const run = runs[r]!;
    const list = byLength.get(run.length)!;
    let p = pointer.get(run.length) ?? 0;
    while (p < list.length && list[p]! <= r) p++;
    pointer.set(run.length, p);
    const closer = p < list.length ? runs[list[p]!] : undefined;
    if (!closer) {
      r++;
      continue;
    }
    spans.set(run.start, {
      contentStart: run.start + run.length,
      contentEnd: closer.start,
      end: closer.start + closer.length,
    });
    r = list[p]! + 1;
  }
  return spans;
}

function codeHtml(content: string): string {
  // CommonMark: one space on each side is dropped when both are there (so `` `x` `` can show backticks).
  const stripped =
    content.length > 2 && content.startsWith(" ") && content.endsWith(" ") && content.trim()
      ? content.slice(1, -1)
      : content;
  return `<code>${escapeHtml(stripped)}</code>`;
}

function tokenize(text: string): Token[] {
  const spans = codeSpans(text);
  const tokens: Token[] = [];
  let plain = "";
  const flush = () => {
    if (plain) tokens.push({ kind: "html", html: escapeHtml(plain) });
    plain = "";
  };
  for (let i = 0; i < text.length;) {
    const char = text[i]!;
    const span = spans.get(i);
    if (span) {
      flush();
      tokens.push({ kind: "html", html: codeHtml(text.slice(span.contentStart, span.contentEnd)) });
      i = span.end;
      continue;
    }
    if (char === "`") {
      // An unmatched run of backticks is literal, all of it.
      let end = i;
      while (text[end] === "`") end++;
      plain += text.slice(i, end);
      i = end;
      continue;
    }
    if (char === "*" || char === "_") {
      let end = i;
      while (text[end] === char) end++;
      const before = text[i - 1];
      const after = text[end];
      const leftFlanking =
        !isWhitespace(after) && (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before));
      const rightFlanking =
        !isWhitespace(before) && (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after));
      // Inside a word (letters or digits on both sides) markers are literal.
      const intraword = isWordChar(before) && isWordChar(after);
      flush();
      tokens.push({
        kind: "delim",
        char,
        count: end - i,
        canOpen: leftFlanking && !intraword && !(rightFlanking && !isPunctuation(before)),
        canClose: rightFlanking && !intraword && !(leftFlanking && !isPunctuation(after)),
        before: [],
        after: [],
      });
      i = end;
      continue;
    }
    if (char === "[") {
      flush();
      tokens.push({ kind: "open-bracket", active: true });
      i++;
      continue;
    }
    if (char === "]" && text[i + 1] === "(") {
      const target = linkTarget(text, i + 1);
      const href = target ? commentLinkHref(target.url) : null;
      if (target && href) {
        flush();
        tokens.push({ kind: "link-end", href, text: `](${target.url})` });
        i = target.close + 1;
        continue;
      }
    }
    if (
      (char === "h" || char === "H") &&
      !isWordChar(text[i - 1]) &&
      /^https?:\/\//i.test(text.slice(i, i + 8))
    ) {
      const end = bareUrlEnd(text, i);
      const url = text.slice(i, end);
      const href = commentLinkHref(url);
      if (href) {
        flush();
        tokens.push({ kind: "html", html: `<a href="${escapeHtml(href)}">${escapeHtml(url)}</a>` });
        i = end;
        continue;
      }
    }
    plain += char;
    i++;
  }
  flush();
  return tokens;
}

/** Resolves emphasis among `tokens` (CommonMark's delimiter stack, with a floor per character). */
function resolveEmphasis(tokens: Token[]): void {
  const stack: number[] = [];
  const floor = { "*": 0, _: 0 };
  for (let t = 0; t < tokens.length; t++) {
    const closer = tokens[t]!;
    if (closer.kind !== "delim") continue;
    if (closer.canClose) {
      while (closer.count > 0) {
        let found = -1;
        for (let s = stack.length - 1; s >= floor[closer.char]; s--) {
          const opener = tokens[stack[s]!] as Delimiter;
          if (opener.char === closer.char && opener.count > 0) {
            found = s;
            break;
          }
        }
        if (found < 0) {
          floor[closer.char] = stack.length;
          break;
        }
        const opener = tokens[stack[found]!] as Delimiter;
        const used = opener.count >= 2 && closer.count >= 2 ? 2 : 1;
        const tag = used === 2 ? "strong" : "em";
        opener.count -= used;
        closer.count -= used;
        opener.after.unshift(`<${tag}>`);
        closer.before.push(`</${tag}>`);
        // Markers between the two can no longer match anything (they would cross).
        stack.length = opener.count > 0 ? found + 1 : found;
        floor["*"] = Math.min(floor["*"], stack.length);
        floor._ = Math.min(floor._, stack.length);
      }
    }
    if (closer.count > 0 && closer.canOpen) stack.push(t);
  }
}

function tokensToHtml(tokens: Token[]): string {
  let out = "";
  for (const token of tokens) {
    switch (token.kind) {
      case "html":
        out += token.html;
        break;
      case "delim":
        out += token.before.join("") + token.char.repeat(token.count) + token.after.join("");
        break;
      case "open-bracket":
        out += "[";
        break;
      case "link-end":
        out += escapeHtml(token.text);
        break;
    }
  }
  return out;
}

/** Strips anchors from HTML this renderer made (a link inside a link's text shows as its text). */
function unlink(html: string): string {
  return html.replace(/<a href="[^"]*">|<\/a>/g, "");
}

/**
 * A comment's text as HTML: code spans, emphasis, links. Links' `rel` and `target` are the sanitiser's
 * (sanitizeCommentHtml adds them, as for every link members write).
 */
export function renderCommentMarkdown(text: string): string {
  const tokens = tokenize(text);
  // Links first (brackets pair innermost-first; a link's text may hold code and emphasis, never a link).
  const brackets: number[] = [];
  const parts: Token[] = [];
  for (const token of tokens) {
    if (token.kind === "open-bracket") {
      brackets.push(parts.length);
      parts.push(token);
      continue;
    }
    if (token.kind !== "link-end") {
      parts.push(token);
      continue;
    }
    let opener = brackets.pop();
    while (opener !== undefined && !(parts[opener] as { active: boolean }).active) opener = brackets.pop();
    if (opener === undefined || opener === parts.length - 1) {
      // No "[" (or empty text): literal.
      if (opener !== undefined) brackets.push(opener);
      parts.push({ kind: "html", html: escapeHtml(token.text) });
      continue;
    }
    const inner = parts.splice(opener + 1);
    parts.pop();
    resolveEmphasis(inner);
    parts.push({
      kind: "html",
      html: `<a href="${escapeHtml(token.href)}">${unlink(tokensToHtml(inner))}</a>`,
    });
    // No links inside links: earlier brackets cannot make a link around this one.
    for (const index of brackets) (parts[index] as { active: boolean }).active = false;
    brackets.length = 0;
  }
  resolveEmphasis(parts);
  return tokensToHtml(parts);
}
