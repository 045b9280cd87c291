// Comments are plain text; links in them become anchors when they are shown. Only http(s) addresses turn into
// links, and React escapes every piece, so a comment can never inject markup.

export type TextPart = { type: "text"; value: string } | { type: "link"; value: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that usually ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}]+$/;

export function linkifyText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    let url = match[0];
    const trailing = url.match(TRAILING)?.[0] ?? "";
    // Keep a closing parenthesis that belongs to the address, e.g. a Wikipedia link.
    const keepParen = trailing.startsWith(")") && url.includes("(");
    if (trailing && !keepParen) url = url.slice(0, url.length - trailing.length);
    let href: string | null = null;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === "http:" || parsed.protocol === "https:") href = parsed.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) parts.push({ type: "text", value: text.slice(last, start) });
    parts.push({ type: "link", value: url, href });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ type: "text", value: text.slice(last) });
  return parts;
}
