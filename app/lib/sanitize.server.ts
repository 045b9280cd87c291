// THE sanitiser of rich text (DESIGN.md: one allow-list, applied when content is written and again when it
// is shown). Everything members write with the editor goes through `prepareRichText` before it is stored and
// through `sanitizeRichText` before it is rendered. The allow-list is the markup the editor makes, nothing more.
import { maskSecrets } from "./secrets.ts";
import { LRUCache } from "lru-cache";
import sanitizeHtml from "sanitize-html";
import { common, createLowlight } from "lowlight";
import { renderCommentMarkdown } from "./comment-markdown.ts";
import { AppError } from "./errors.ts";
import { env } from "./env.server.ts";
import {
  isExternalHref,
  richTextFormatFieldName,
  safeImageSrc,
  safeLinkHref,
  safeVideoEmbedSrc,
} from "./sanitize-rules.ts";

/** The longest HTML a field accepts (a long post with code fits comfortably). */
const MAX_RICH_TEXT_HTML_LENGTH = 200_000;

const LINK_REL = "nofollow ugc noopener";

type Attributes = Record<string, string>;
type Tag = sanitizeHtml.Tag;

/** A tag renamed to this is not on the allow-list: it disappears and its content stays. */
const UNWRAP: Tag = { tagName: "sdd-unwrap", attribs: {} };

const CODE_CLASS = /^(language-[\w+#-]+|hljs)$/;
const SPAN_CLASS = /^hljs-[\w-]+$/;

function keepClasses(value: string | undefined, allowed: RegExp): string {
  return (value ?? "")
    .split(/\s+/)
    .filter((name) => allowed.test(name))
    .join(" ");
}

/** Elements whose content is dropped with them when they are not allowed (not just unwrapped). */
const DROP_WITH_CONTENT = [
  "script",
  "style",
  "template",
  "textarea",
  "select",
  "option",
  "noscript",
  "noembed",
  "noframes",
  "title",
  "xmp",
  "svg",
  "math",
  "object",
  "applet",
  "head",
];

function siteOrigin(): string | undefined {
  try {
    return env().PUBLIC_URL;
  } catch {
    return undefined;
  }
}

function transformLink(_tag: string, attribs: Attributes): Tag {
  const href = attribs.href === undefined ? null : safeLinkHref(attribs.href);
  if (!href) return UNWRAP;
  const out: Attributes = { href, rel: LINK_REL };
  if (isExternalHref(href, siteOrigin())) out.target = "_blank";
  return { tagName: "a", attribs: out };
}

function transformImage(_tag: string, attribs: Attributes): Tag {
  const src = attribs.src === undefined ? null : safeImageSrc(attribs.src);
  if (!src) return { tagName: "img", attribs: {} };
  const out: Attributes = { src, alt: (attribs.alt ?? "").slice(0, 500) };
  for (const dimension of ["width", "height"] as const) {
    const value = attribs[dimension];
    if (value && /^\d{1,4}$/.test(value) && Number(value) > 0) out[dimension] = value;
  }
  return { tagName: "img", attribs: out };
}

function transformIframe(_tag: string, attribs: Attributes): Tag {
  const src = attribs.src === undefined ? null : safeVideoEmbedSrc(attribs.src);
  if (!src) return { tagName: "iframe", attribs: {}, text: "" };
  return {
    tagName: "iframe",
    attribs: {
      src,
      title: "Vídeo do YouTube",
      loading: "lazy",
      allow: "accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen",
      allowfullscreen: "",
      referrerpolicy: "strict-origin-when-cross-origin",
    },
    text: "",
  };
}

/** The editor's video wrapper keeps its marker; any other div is unwrapped. */
function transformDiv(_tag: string, attribs: Attributes): Tag {
  return "data-youtube-video" in attribs ? { tagName: "div", attribs: { "data-youtube-video": "" } } : UNWRAP;
}

/** Highlighting spans keep their hljs-* classes; any other span is unwrapped. */
function transformSpan(_tag: string, attribs: Attributes): Tag {
  const className = keepClasses(attribs.class, SPAN_CLASS);
  return className ? { tagName: "span", attribs: { class: className } } : UNWRAP;
}

function transformCode(_tag: string, attribs: Attributes): Tag {
  const className = keepClasses(attribs.class, CODE_CLASS);
  return { tagName: "code", attribs: className ? { class: className } : {} };
}

/** `allowedEmptyAttributes` exists in sanitize-html 2.17 but not yet in its type definitions. */
const OPTIONS: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "em",
    "u",
    "s",
    "code",
    "pre",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "div",
    "iframe",
    "blockquote",
    "h2",
    "h3",
    "span",
  ],
  allowedAttributes: {
    a: ["href", "rel", "target"],
    img: ["src", "alt", "width", "height"],
    iframe: ["src", "title", "loading", "allow", "allowfullscreen", "referrerpolicy"],
    div: ["data-youtube-video"],
    code: ["class"],
    span: ["class"],
    ol: ["start"],
  },
  // Classes are allowed, but only the ones the editor and the highlighter make: a member cannot borrow
  // the site's own utility classes to draw over the page.
  allowedClasses: { code: [CODE_CLASS], span: [SPAN_CLASS] },
  allowedSchemes: ["http", "https", "mailto", "tel", "sms"],
  allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedIframeHostnames: ["www.youtube-nocookie.com"],
  allowIframeRelativeUrls: false,
  allowedEmptyAttributes: ["alt", "allowfullscreen", "data-youtube-video"],
  disallowedTagsMode: "discard",
  nonTextTags: DROP_WITH_CONTENT,
  nestingLimit: 40,
  parseStyleAttributes: false,
  transformTags: {
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
    h1: "h2",
    h4: "h3",
    h5: "h3",
    h6: "h3",
    a: transformLink,
    img: transformImage,
    iframe: transformIframe,
    div: transformDiv,
    span: transformSpan,
    code: transformCode,
    ol: (_tag, attribs): Tag => ({
      tagName: "ol",
      attribs: attribs.start && /^\d{1,6}$/.test(attribs.start) ? { start: attribs.start } : {},
    }),
  },
  exclusiveFilter(frame) {
    switch (frame.tag) {
      // An image or a video whose address was refused disappears entirely.
      case "img":
      case "iframe":
        return !frame.attribs.src;
      // The video wrapper without its video.
      case "div":
        return !frame.mediaChildren.includes("iframe");
      default:
        return false;
    }
  },
};

/**
 * Spec §5: a paragraph with no text and no non-breaking space is removed. Runs on the sanitiser's own
 * (normalised) output, where such a paragraph can only hold spaces, line breaks and empty inline elements.
 * (`\s` is not used on purpose: it would match the non-breaking space a member typed to keep a gap.)
 */
const EMPTY_PARAGRAPH = /<p>(?:[ \t\n\r\f]|<br \/>|<\/?(?:strong|em|u|s|code|span|a)(?: [^>]*)?>)*<\/p>/g;

/**
 * The one allow-list sanitiser. Safe to run on its own output (it is idempotent), so it runs again when
 * content is shown, and keeps the highlighting spans `prepareRichText` added.
 */
export function sanitizeRichText(html: string): string {
  if (!html) return "";
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, OPTIONS).replace(EMPTY_PARAGRAPH, "").trim();
  if (html.length + clean.length <= SANITIZED_MAX_CHARS / 100) sanitized.set(html, clean);
  return clean;
}

// The sanitiser is a pure function and pages show the same stored HTML again and again (a question with twenty
// answers sanitises twenty-two bodies per view), so recent results are kept, up to about 16 MB of text.
const SANITIZED_MAX_CHARS = 8_000_000;
const sanitized = new LRUCache<string, string>({
  maxSize: SANITIZED_MAX_CHARS,
  sizeCalculation: (clean, html) => html.length + clean.length,
});

// ------------------------------------------------------------------------------------------------ comments

/** Comments' allow-list: what their mini-Markdown makes (comment-markdown.ts), links to http(s) only. */
const COMMENT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["code", "strong", "em", "a"],
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROP_WITH_CONTENT,
  nestingLimit: 20,
  parseStyleAttributes: false,
  transformTags: {
    a: (tag, attribs): Tag => {
      const href = attribs.href === undefined ? null : safeLinkHref(attribs.href);
      return href && /^https?:/i.test(href) ? transformLink(tag, { href }) : UNWRAP;
    },
  },
};

/** A comment's text as sanitised HTML: its mini-Markdown rendered, then the comments' allow-list applied. */
export function renderComment(text: string): string {
  if (!text) return "";
  const known = renderedComments.get(text);
  if (known !== undefined) return known;
  const html = sanitizeHtml(renderCommentMarkdown(text), COMMENT_OPTIONS);
  renderedComments.set(text, html);
  return html;
}
// Pages without a fragment cache (a post's) show the same comments again and again; comments are short.
const renderedComments = new LRUCache<string, string>({ max: 5_000 });

// ------------------------------------------------------------------------------------------ highlighting

const lowlight = createLowlight(common);

type HastNode =
  | { type: "text"; value: string }
  | { type: "element"; properties?: { className?: unknown }; children: HastNode[] }
  | { type: string; children?: HastNode[]; value?: string };

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function decodeText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");
}

function hastToHtml(nodes: HastNode[]): string {
  let out = "";
  for (const node of nodes) {
    if (node.type === "text" && "value" in node && typeof node.value === "string") {
      out += escapeText(node.value);
    } else if (node.type === "element" && "children" in node && node.children) {
      const raw = (node as { properties?: { className?: unknown } }).properties?.className;
      const classes = (Array.isArray(raw) ? raw : [])
        .filter((c): c is string => typeof c === "string" && /^hljs-[\w-]+$/.test(c))
        .join(" ");
      const inner = hastToHtml(node.children);
      out += classes ? `<span class="${classes}">${inner}</span>` : inner;
    }
  }
  return out;
}

const CODE_BLOCK = /<pre><code class="language-([\w+#-]+)(?: hljs)?">([\s\S]*?)<\/code><\/pre>/g;

/** Server-side syntax highlighting of `<pre><code class="language-xx">` blocks (input already sanitised). */
export function highlightCodeBlocks(html: string): string {
  return html.replace(CODE_BLOCK, (whole, language: string, inner: string) => {
    const name = language.toLowerCase();
    const code = decodeText(inner);
    if (name === "plaintext" || name === "text" || !lowlight.registered(name)) {
      return `<pre><code class="language-${name}">${escapeText(code)}</code></pre>`;
    }
    try {
      const tree = lowlight.highlight(name, code);
      return `<pre><code class="language-${name} hljs">${hastToHtml(tree.children as HastNode[])}</code></pre>`;
    } catch {
      return whole;
    }
  });
}

// -------------------------------------------------------------------------------------- saving & length

/**
 * What to store for a rich-text field: sanitised, empty paragraphs dropped, code blocks highlighted.
 * Reads then only re-run the (cheap) sanitiser. Throws a validation AppError when the HTML is too long.
 */
export function prepareRichText(html: string, options: { field?: string } = {}): string {
  if (html.length > MAX_RICH_TEXT_HTML_LENGTH) {
    throw new AppError("validation", "O texto ficou longo demais. Divida-o ou encurte-o.", options);
  }
  // Secrets (keys, tokens, passwords, CPFs) are masked before anything is stored, highlighted or indexed.
  return sanitizeRichText(highlightCodeBlocks(maskSecrets(sanitizeRichText(html))));
}

/** The visible text of rich text (sanitised first): blocks separated by a space, spaces collapsed. */
export function richTextToPlainText(html: string): string {
  const clean = sanitizeRichText(html)
    .replace(/<br\s*\/?>/g, " ")
    .replace(/<\/(p|li|h2|h3|pre|blockquote|div)>/g, " ");
  return decodeText(clean).replace(/\s+/g, " ").trim();
}

/** Length of the trimmed text of the sanitised HTML, for minimum-length rules (in characters, not bytes). */
export function richTextLength(html: string): number {
  return Array.from(richTextToPlainText(html)).length;
}

// ----------------------------------------------------------------------------------- plain-text fallback

/**
 * The no-JavaScript fallback: plain text from a `<textarea>` → paragraphs (blank lines separate them,
 * single line breaks become <br>). The result still goes through `prepareRichText`.
 */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeText(block).replace(/"/g, "&quot;").replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/**
 * A rich-text value as a form sent it, ready to store. The editor sends HTML with the companion field
 * `<name>-format=html`; the plain `<textarea>` (before JavaScript) sends text without it.
 */
export function prepareSubmittedRichText(
  value: FormDataEntryValue | null | undefined,
  format: FormDataEntryValue | null | undefined,
  options: { field?: string } = {},
): string {
  const raw = typeof value === "string" ? value : "";
  return prepareRichText(format === "html" ? raw : plainTextToHtml(raw), options);
}

/** `prepareSubmittedRichText` for the field `name` of a submitted form. */
export function richTextFromForm(formData: FormData, name: string): string {
  return prepareSubmittedRichText(formData.get(name), formData.get(richTextFormatFieldName(name)), {
    field: name,
  });
}
