// The editor's extensions: exactly the markup the server's sanitiser allows (app/lib/sanitize.server.ts).
import { CodeBlockLowlight } from "@tiptap/extension-code-block-lowlight";
import { Image } from "@tiptap/extension-image";
import { Youtube } from "@tiptap/extension-youtube";
import { Placeholder } from "@tiptap/extensions";
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

export function editorExtensions({ placeholder }: { placeholder: string }) {
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
      // Tab keeps moving focus out of the editor: no keyboard trap.
      enableTabIndentation: false,
    }),
    Image.configure({ inline: false, allowBase64: false }),
    Video,
    Placeholder.configure({ placeholder }),
  ];
}
