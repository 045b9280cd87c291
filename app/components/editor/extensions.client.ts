// The editor's extensions: exactly the markup the server's sanitiser allows (app/lib/sanitize.server.ts).
import { CodeBlockLowlight } from "@tiptap/extension-code-block-lowlight";
import { Image } from "@tiptap/extension-image";
import { Youtube } from "@tiptap/extension-youtube";
import { Extension } from "@tiptap/react";
import { Placeholder } from "@tiptap/extensions";
import { Markdown } from "@tiptap/markdown";
import { Plugin, PluginKey, TextSelection } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { StarterKit } from "@tiptap/starter-kit";
import { createLowlight } from "lowlight";
import bash from "highlight.js/lib/languages/bash";
import c from "highlight.js/lib/languages/c";
import cpp from "highlight.js/lib/languages/cpp";
import csharp from "highlight.js/lib/languages/csharp";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import kotlin from "highlight.js/lib/languages/kotlin";
import markdown from "highlight.js/lib/languages/markdown";
import php from "highlight.js/lib/languages/php";
import plaintext from "highlight.js/lib/languages/plaintext";
import python from "highlight.js/lib/languages/python";
import ruby from "highlight.js/lib/languages/ruby";
import rust from "highlight.js/lib/languages/rust";
import scss from "highlight.js/lib/languages/scss";
import sql from "highlight.js/lib/languages/sql";
import swift from "highlight.js/lib/languages/swift";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { safeLinkHref, youtubeEmbedUrl } from "#app/lib/sanitize-rules.ts";
import { codeIndentEdits } from "./code-indent.ts";
import { MarkdownLink } from "./paste.client.ts";
import { traceLanguage } from "./pasted-text.ts";

/** The languages of CODE_LANGUAGES, highlighted while typing (the server highlights the stored copy). */
const lowlight = createLowlight({
  bash,
  c,
  cpp,
  csharp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  kotlin,
  markdown,
  php,
  plaintext,
  python,
  ruby,
  rust,
  scss,
  sql,
  swift,
  typescript,
  xml,
  yaml,
});

/**
 * YouTube videos as the privacy-enhanced embed, with exactly the attributes the sanitiser keeps
 * (the stock extension adds a dozen player options as attributes).
 */
const Video = Youtube.extend({
  addOptions() {
    // Pasting a YouTube address makes a plain link; videos come from the "Adicionar vídeo" button, which
    // checks the address and says why when it refuses one.
    return { ...this.parent!(), nocookie: true, addPasteHandler: false, width: 640, height: 360 };
  },
  renderHTML({ HTMLAttributes }) {
    const src = youtubeEmbedUrl(String(HTMLAttributes.src ?? ""));
    const start = Number(HTMLAttributes.start) || 0;
    const withStart = src && start > 0 && !src.includes("?") ? `${src}?start=${start}` : src;
    return [
      "div",
      { "data-youtube-video": "" },
      [
        "iframe",
        {
          src: withStart ?? "",
          title: "Vídeo do YouTube",
          width: "640",
          height: "360",
          allowfullscreen: "true",
          loading: "lazy",
          referrerpolicy: "strict-origin-when-cross-origin",
        },
      ],
    ];
  },
});

/**
 * Tab and Shift+Tab indent and dedent inside a code block (the line, or every line selected); elsewhere Tab
 * moves the focus on as usual. Escape in a code block lets the next Tab leave the editor, so the keyboard is
 * never trapped (the editor's description says so).
 */
/**
 * Makes ProseMirror's selection the browser's. ProseMirror reads the caret on `selectionchange`, which the
 * browser fires after the key that moved it: keys pressed fast on a busy device (ArrowDown out of a code block,
 * ArrowUp back in, Tab) reach the editor while it still believes the caret is where it was, so Tab left the
 * editor instead of indenting the line the reader sees the caret on.
 */
function catchUpWithTheBrowser(view: EditorView): void {
  if (!view.hasFocus()) return;
  const root = view.root as Document;
  const dom = root.getSelection?.();
  if (!dom?.anchorNode || !dom.focusNode || !view.dom.contains(dom.anchorNode)) return;
  try {
    const anchor = view.posAtDOM(dom.anchorNode, dom.anchorOffset);
    const head = view.posAtDOM(dom.focusNode, dom.focusOffset);
    const { selection } = view.state;
    if (anchor === selection.anchor && head === selection.head) return;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, anchor, head)));
  } catch {
    // A caret ProseMirror cannot place (inside a widget): keep its own.
  }
}

const CodeKeys = Extension.create<{ onEscapeInCode: () => void }>({
  name: "codeKeys",
  addOptions() {
    return { onEscapeInCode: () => {} };
  },
  addProseMirrorPlugins() {
    let leaving = false;
    const options = this.options;
    return [
      new Plugin({
        key: new PluginKey("codeKeys"),
        props: {
          handleKeyDown(view, event) {
            if (event.key === "Escape" || event.key === "Tab") catchUpWithTheBrowser(view);
            const { $from, $to, from, to } = view.state.selection;
            const inCode = $from.parent.type.name === "codeBlock" && $to.parent === $from.parent;
            if (event.key === "Escape") {
              leaving = inCode;
              if (inCode) options.onEscapeInCode();
              return false;
            }
            if (event.key !== "Tab" || event.ctrlKey || event.metaKey || event.altKey) {
              if (!["Shift", "Control", "Alt", "Meta"].includes(event.key)) leaving = false;
              return false;
            }
            if (leaving || !inCode) {
              leaving = false;
              return false;
            }
            event.preventDefault();
            const start = $from.start();
            const edits = codeIndentEdits($from.parent.textContent, from - start, to - start, event.shiftKey);
            const tr = view.state.tr;
            for (const edit of [...edits].reverse()) {
              if ("insert" in edit) tr.insertText(edit.insert, start + edit.at);
              else tr.delete(start + edit.at, start + edit.at + edit.remove);
            }
            // A selection stays on the same lines, now indented; a caret stays after what it followed.
            if (from !== to) {
              tr.setSelection(TextSelection.create(tr.doc, tr.mapping.map(from, -1), tr.mapping.map(to)));
            }
            view.dispatch(tr.scrollIntoView());
            return true;
          },
        },
      }),
    ];
  },
});

export function editorExtensions({
  placeholder,
  onEscapeInCode,
}: {
  placeholder: string;
  /** Escape was pressed in a code block: the next Tab leaves the editor (worth announcing). */
  onEscapeInCode: () => void;
}) {
  return [
    StarterKit.configure({
      codeBlock: false,
      horizontalRule: false,
      heading: { levels: [2, 3] },
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: "https",
        protocols: ["mailto", "tel", "sms"],
        isAllowedUri: (url) => safeLinkHref(url) !== null,
        // rel and target are the sanitiser's business; it sets them on every link it keeps.
        HTMLAttributes: { rel: null, target: null },
      },
    }),
    CodeBlockLowlight.configure({
      lowlight,
      defaultLanguage: "plaintext",
      languageClassPrefix: "language-",
      // Tab is `CodeKeys`' business (indent, and Escape then Tab leaves).
      enableTabIndentation: false,
    }),
    CodeKeys.configure({ onEscapeInCode }),
    // Reads pasted Markdown (paste.client.ts); the editor still loads and saves HTML.
    Markdown,
    MarkdownLink,
    Image.configure({ inline: false, allowBase64: false }),
    Video,
    Placeholder.configure({ placeholder }),
  ];
}

/** The language of pasted code: a trace's by its marks, else the highlighter's when it is fairly sure. */
export function guessCodeLanguage(code: string): string {
  const trace = traceLanguage(code);
  if (trace) return trace;
  const result = lowlight.highlightAuto(code);
  const language = result.data?.language;
  return language && (result.data?.relevance ?? 0) >= 8 ? language : "plaintext";
}
