// Pasting like a developer (ADR 032): a stack trace, a log or code becomes a code block that keeps every
// space; Markdown becomes rich text (headings, lists, links, fences with their language, inline code).
// The paste lands in two undo steps: first the text as plain paragraphs, then what it meant, so the Ctrl+Z
// right after a paste gives back the plain text. Typed `[text](url)` becomes a link (`MarkdownLink`).
import { Extension, InputRule, type Editor, type JSONContent } from "@tiptap/react";
import { closeHistory } from "@tiptap/pm/history";
import { Fragment, Slice } from "@tiptap/pm/model";
import type { EditorView } from "@tiptap/pm/view";
import { CODE_LANGUAGES, linkFromInput, safeLinkHref } from "#app/lib/sanitize-rules.ts";
import { classifyPastedText, codeFromPaste, htmlHasStructure, languageFromFence } from "./pasted-text.ts";

export type PasteResult = "code" | "markdown";

/**
 * Markdown's nodes fitted to the editor, so it shows what the page will: headings at the editor's levels (a
 * README's `#` title becomes h2, deeper ones h3), fence languages by the editor's names, and links only to
 * addresses the site keeps (a refused one stays text, as the server would leave it).
 */
function fitToEditor(node: JSONContent): JSONContent {
  const content = node.content?.map(fitToEditor);
  const marks = node.marks?.filter(
    (mark) => mark.type !== "link" || safeLinkHref(String(mark.attrs?.href ?? "")) !== null,
  );
  const fitted: JSONContent = { ...node, ...(content ? { content } : {}), ...(marks ? { marks } : {}) };
  if (node.type === "heading") {
    const level = Number(node.attrs?.level ?? 2);
    return { ...fitted, attrs: { ...node.attrs, level: Math.min(3, Math.max(2, level)) } };
  }
  if (node.type === "codeBlock") {
    const language = languageFromFence(String(node.attrs?.language ?? ""), CODE_LANGUAGES);
    return { ...fitted, attrs: { ...node.attrs, language } };
  }
  return fitted;
}

/** Markdown as the editor's nodes; a single paragraph stays inline (it goes into the current line). */
function markdownContent(editor: Editor, text: string): JSONContent[] {
  const blocks = (editor.markdown?.parse(text).content ?? []).map(fitToEditor);
  const only = blocks.length === 1 ? blocks[0] : undefined;
  return only?.type === "paragraph" ? (only.content ?? []) : blocks;
}

/**
 * Handles a paste of code or Markdown; returns what it made, or null to let the editor paste as usual
 * (ordinary text, HTML with structure from a web page, anything pasted inside a code block).
 */
export function pasteDeveloperText(
  editor: Editor,
  view: EditorView,
  event: ClipboardEvent,
  guessLanguage: (code: string) => string,
): PasteResult | null {
  const data = event.clipboardData;
  const text = data?.getData("text/plain") ?? "";
  if (!data || !text.trim() || view.state.selection.$from.parent.type.spec.code) return null;
  const html = data.getData("text/html");
  if (html && htmlHasStructure(html)) return null;
  const kind = classifyPastedText(text);
  if (kind === "text") return null;
  event.preventDefault();

  // First step: the text as plain paragraphs, one per line, as the editor would have pasted it.
  const { schema } = view.state;
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => schema.nodes.paragraph!.create(null, line ? schema.text(line) : null));
  const from = view.state.selection.from;
  view.dispatch(
    view.state.tr
      .replaceSelection(new Slice(Fragment.from(paragraphs), 1, 1))
      .setMeta("uiEvent", "paste")
      .scrollIntoView(),
  );
  const to = view.state.selection.to;

  // Second step, undone on its own: what the text meant.
  let content: JSONContent | JSONContent[];
  if (kind === "code") {
    const code = codeFromPaste(text);
    content = {
      type: "codeBlock",
      attrs: { language: guessLanguage(code) },
      content: [{ type: "text", text: code }],
    };
  } else {
    content = markdownContent(editor, text);
  }
  const done = editor
    .chain()
    .command(({ tr }) => {
      closeHistory(tr);
      return true;
    })
    .insertContentAt({ from, to }, content, { updateSelection: true })
    .scrollIntoView()
    .run();
  return done ? kind : null;
}

/** `[text](address)` typed becomes a link (when the address is one the site allows). */
export const MarkdownLink = Extension.create({
  name: "markdownLink",
  addInputRules() {
    return [
      new InputRule({
        find: /\[([^[\]\n]+)\]\(([^()\s]+)\)$/,
        handler: ({ state, range, match }) => {
          const result = linkFromInput(match[2] ?? "");
          const link = state.schema.marks.link;
          if ("error" in result || !link || !match[1]) return null;
          state.tr.replaceWith(
            range.from,
            range.to,
            state.schema.text(match[1], [link.create({ href: result.href })]),
          );
          state.tr.removeStoredMark(link);
        },
      }),
    ];
  },
});
