// @mentions: "@ana-souza" in an answer, a question, a post or a comment names a member. Pure text work here;
// which handles are members, the notifications and the linking are the writers' (notify.server.ts says who is
// told, once per item).

/** At most this many members are told of one item: a list of forty handles is spam, not a conversation. */
export const MENTIONS_NOTIFIED = 5;

// A handle as the site makes them ([a-z0-9-], handles.server.ts), after "@" that starts a word: not an e-mail
// (ana@exemplo.com), not a path, not a decorator in the middle of a word.
const MENTION = /(^|[^\p{L}\p{N}_@./\\-])@([a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?)(?![\p{L}\p{N}_@-])/giu;

/** The handles a text mentions, lowercased, each once, in order (at most 20 are looked at). */
export function mentionedHandles(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    found.add(match[2]!.toLowerCase());
    if (found.size === 20) break;
  }
  return [...found];
}

const SKIPPED_INSIDE = new Set(["a", "code", "pre"]);

/**
 * Links the @handles of members (`known`, lowercased) in sanitised HTML, in its text only, never inside a link
 * or code. The link is made here from a handle of [a-z0-9-]: nothing a member typed reaches an attribute.
 */
export function linkMentions(html: string, known: ReadonlySet<string>): string {
  if (known.size === 0 || !html.includes("@")) return html;
  let skipping = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith("<")) {
        const tag = /^<\s*(\/)?\s*([a-z0-9]+)/i.exec(part);
        if (tag && SKIPPED_INSIDE.has(tag[2]!.toLowerCase()) && !part.endsWith("/>")) {
          skipping = Math.max(0, skipping + (tag[1] ? -1 : 1));
        }
        return part;
      }
      if (skipping > 0 || !part.includes("@")) return part;
      return part.replace(MENTION, (whole, before: string, handle: string) =>
        known.has(handle.toLowerCase())
          ? `${before}<a href="/u/${handle.toLowerCase()}">@${handle}</a>`
          : whole,
      );
    })
    .join("");
}

/** The text of stored HTML where a mention counts: code blocks and inline code are code, not people. */
export function mentionableText(html: string): string {
  return html
    .replace(/<pre[\s\S]*?<\/pre>|<code[\s\S]*?<\/code>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&amp;/g, "&");
}
