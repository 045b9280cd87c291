// What changed between two revisions, word by word, worked out on the server (the diff library never reaches
// the browser). Rich text is compared as the text a reader sees: paragraphs and list items on their own lines,
// code blocks with their line breaks, images and videos as a short marker. The work is bounded: each side is
// cut at DIFF_TEXT_MAX characters and a diff needing more than DIFF_EDITS_MAX edits is shown as "all of the old
// text removed, all of the new text added", so one huge edit cannot make the history page expensive.
import { diffArrays, diffWordsWithSpace } from "diff";
import { decodeHtmlEntities as decodeEntities } from "./html-entities.ts";
import type { DiffSegment, TextDiff } from "#app/components/diff-text.tsx";

export const DIFF_TEXT_MAX = 10_000;
export const DIFF_EDITS_MAX = 1_000;

function attribute(tag: string, name: string): string {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1] ? decodeEntities(match[1]).trim() : "";
}

/** Numbers the items of ordered lists (`data-n`), from their `start`, nested lists apart. */
function numberOrderedItems(html: string): string {
  const lists: { ordered: boolean; next: number }[] = [];
  return html.replace(
    /<(\/?)(ol|ul|li)\b([^>]*)>/g,
    (tag, close: string, name: string, attributes: string) => {
      if (name === "li") {
        const list = lists.at(-1);
        if (close || !list?.ordered) return tag;
        return `<li data-n="${list.next++}">`;
      }
      if (close) lists.pop();
      else
        lists.push({ ordered: name === "ol", next: Number(/start="(\d{1,6})"/.exec(attributes)?.[1] ?? 1) });
      return tag;
    },
  );
}

/** Inline markup (and the blocks around it) of sanitised HTML outside code blocks → readable text. */
function flowText(html: string): string {
  return decodeEntities(
    numberOrderedItems(html)
      .replace(/\s+/g, " ")
      .replace(/<img\b[^>]*>/g, (tag) => {
        const alt = attribute(tag, "alt");
        return alt ? ` [imagem: ${alt}] ` : " [imagem] ";
      })
      .replace(/<iframe\b[^>]*>[\s\S]*?<\/iframe>/g, "\n[vídeo]\n")
      .replace(/<br\s*\/?>/g, "\n")
      // A list item's first paragraph is the item's line: "• text" ("2. text" in a numbered list), one per line.
      .replace(/<li\b([^>]*)>\s*(<p\b[^>]*>)?/g, (_item, attributes: string) => {
        const number = /data-n="(\d+)"/.exec(attributes)?.[1];
        return number ? `\n${number}. ` : "\n• ";
      })
      .replace(/(<\/p>\s*)?<\/li>/g, "")
      .replace(/<\/?(p|h2|h3|blockquote|ul|ol|div)\b[^>]*>/g, "\n\n")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/[ \t]*\n[ \t]*/g, "\n")
    .replace(/ {2,}/g, " ");
}

/**
 * The text a reader sees in sanitised rich text, as the history compares it: one block per paragraph (blank
 * line between), list items as "• " (numbered ones "1. "), code blocks verbatim with their line breaks.
 */
export function richTextToDiffText(html: string): string {
  let out = "";
  let last = 0;
  for (const match of html.matchAll(/<pre\b[^>]*>([\s\S]*?)<\/pre>/g)) {
    out += flowText(html.slice(last, match.index));
    const code = decodeEntities(match[1]!.replace(/<[^>]*>/g, "")).replace(/\n+$/, "");
    out += `\n\n${code}\n\n`;
    last = match.index + match[0].length;
  }
  out += flowText(html.slice(last));
  return out.replace(/\n{3,}/g, "\n\n").replace(/^\n+|\n+$/g, "");
}

function cut(text: string): { text: string; truncated: boolean } {
  if (text.length <= DIFF_TEXT_MAX) return { text, truncated: false };
  return { text: text.slice(0, DIFF_TEXT_MAX), truncated: true };
}

/** A word-level diff of two texts; `before` null means there was nothing before (the first version). */
export function diffText(before: string | null, after: string): TextDiff {
  const old = cut(before ?? "");
  const now = cut(after);
  const truncated = old.truncated || now.truncated;
  const changes = diffWordsWithSpace(old.text, now.text, { maxEditLength: DIFF_EDITS_MAX }) as
    ReturnType<typeof diffWordsWithSpace> | undefined;
  if (!changes) {
    // Too many changes to follow word by word: the whole text was rewritten.
    const segments: DiffSegment[] = [];
    if (old.text) segments.push({ kind: "removed", text: old.text });
    if (now.text) segments.push({ kind: "added", text: now.text });
    return { segments, truncated };
  }
  return { segments: readable(changes), truncated };
}

/**
 * Diff changes → segments, easier to read: changes separated only by spaces read as one phrase replaced by
 * another ("fora de ordem" → "embaralhada") rather than alternating single words.
 */
function readable(changes: { value: string; added: boolean; removed: boolean }[]): DiffSegment[] {
  const segments: DiffSegment[] = [];
  let removed = "";
  let added = "";
  let space = "";
  const flush = () => {
    if (removed) segments.push({ kind: "removed", text: removed });
    if (added) segments.push({ kind: "added", text: added });
    if (space) segments.push({ kind: "same", text: space });
    removed = added = space = "";
  };
  for (const change of changes) {
    if (change.added || change.removed) {
      if (space) {
        if (removed) removed += space;
        if (added) added += space;
        space = "";
      }
      if (change.added) added += change.value;
      else removed += change.value;
    } else if ((removed || added) && /^[ \t\u00a0]+$/.test(change.value)) {
      space += change.value;
    } else {
      flush();
      const previous = segments.at(-1);
      if (previous?.kind === "same") previous.text += change.value;
      else segments.push({ kind: "same", text: change.value });
    }
  }
  flush();
  return segments;
}
/** Tags are compared as whole names (a word diff would split "node.js"), in the order the author gave them. */
export function diffTags(before: string[] | null, after: string[]): DiffSegment[] {
  return diffArrays(before ?? [], after).flatMap((change) =>
    change.value.map((tag): DiffSegment => ({
      kind: change.added ? "added" : change.removed ? "removed" : "same",
      text: tag,
    })),
  );
}
