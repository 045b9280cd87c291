// Tab and Shift+Tab inside a code block, as plain text edits (unit-tested apart from the editor): which spaces
// to insert or remove where, given the block's text and the selection in it. The editor applies them as one
// transaction (`extensions.client.ts`), so Ctrl+Z undoes an indent at once.

/** One indent level: two spaces, as most code pasted here (JavaScript, YAML, JSON) is written. */
const INDENT = "  ";

export type TextEdit = { at: number; insert: string } | { at: number; remove: number };

/** The offsets at which the lines touched by [from, to] start (a selection ending at a line's start spares it). */
function touchedLineStarts(text: string, from: number, to: number): number[] {
  const end = to > from && text[to - 1] === "\n" ? to - 1 : to;
  const starts: number[] = [];
  let start = text.lastIndexOf("\n", from - 1) + 1;
  while (start <= end) {
    starts.push(start);
    const next = text.indexOf("\n", start);
    if (next === -1 || next >= end) break;
    start = next + 1;
  }
  return starts;
}

/**
 * The edits for Tab (`dedent` false) or Shift+Tab (`dedent` true) with the selection [from, to] in `text`.
 * Tab with a caret inserts an indent at the caret; Tab with a selection indents every line it touches;
 * Shift+Tab removes up to one indent (or one tab character) from the start of every line touched.
 * Edits come in ascending order of `at`, all against the original text.
 */
export function codeIndentEdits(text: string, from: number, to: number, dedent: boolean): TextEdit[] {
  if (!dedent && from === to) return [{ at: from, insert: INDENT }];
  const starts = touchedLineStarts(text, from, to);
  if (!dedent) return starts.map((at) => ({ at, insert: INDENT }));
  const edits: TextEdit[] = [];
  for (const at of starts) {
    let remove = 0;
    if (text[at] === "\t") remove = 1;
    else while (remove < INDENT.length && text[at + remove] === " ") remove += 1;
    if (remove > 0) edits.push({ at, remove });
  }
  return edits;
}

/** Applies edits to a string (for tests, and to check what the editor will hold). */
export function applyEdits(text: string, edits: TextEdit[]): string {
  let result = text;
  for (const edit of [...edits].reverse()) {
    result =
      "insert" in edit
        ? result.slice(0, edit.at) + edit.insert + result.slice(edit.at)
        : result.slice(0, edit.at) + result.slice(edit.at + edit.remove);
  }
  return result;
}
