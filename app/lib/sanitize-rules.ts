// The rules rich content follows, shared by the editor (in the browser) and the sanitiser (on the server):
// which link protocols are accepted, how a YouTube address becomes a privacy-enhanced embed, which code
// languages can be chosen. Pure functions, no DOM and no Node APIs, so both sides agree by construction.

/** Protocols a link may use (spec §9). */
const LINK_PROTOCOLS = ["http:", "https:", "mailto:", "tel:", "sms:"] as const;

/** The only origin an embedded video may come from (the CSP allows frames from it alone). */
const VIDEO_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

/** Images: what the file chooser offers and the largest file the server takes. */
export const IMAGE_ACCEPT = "image/png,image/jpeg";
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const LINK_PROTOCOL_MESSAGE = "Use um link que comece com http://, https://, mailto:, tel: ou sms:.";
export const VIDEO_URL_MESSAGE =
  "Use o endereço de um vídeo do YouTube (youtube.com/watch?v=…, youtube.com/shorts/… ou youtu.be/…).";

/** Base for parsing relative addresses; never appears in output. */
const RELATIVE_BASE = "https://relative.invalid";

/**
 * Removes what browsers ignore inside a URL (ASCII control characters, tabs and line breaks anywhere,
 * surrounding spaces) so that `java\tscript:` cannot slip past a check that the browser would not make.
 */
function browserCleanUrl(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001F\u007F]+/g, "").trim();
}

const EMAIL_LIKE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/u;

/** Text that looks like an e-mail address (spec §5: such a selection becomes a mailto: link). */
export function isEmailLike(text: string): boolean {
  return EMAIL_LIKE.test(text.trim());
}

/**
 * The strict check the sanitiser applies to an `href` already in the HTML: an absolute URL with one of the
 * allowed protocols (returned normalised), a same-site path (`/…`, not `//…`), or a fragment. Anything else,
 * `javascript:` in any disguise included, gives null.
 */
export function safeLinkHref(href: string): string | null {
  const cleaned = browserCleanUrl(href);
  if (!cleaned) return null;
  if (cleaned.startsWith("#")) return /^#[\w-]*$/.test(cleaned) ? cleaned : null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(cleaned);
  if (!hasScheme) {
    // Only root-relative paths; `//host` and `/\host` are other sites in disguise.
    if (!/^\/(?![/\\])/.test(cleaned)) return null;
    let parsed: URL;
    try {
      parsed = new URL(cleaned, RELATIVE_BASE);
    } catch {
      return null;
    }
    if (parsed.origin !== RELATIVE_BASE) return null;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  }
  let parsed: URL;
  try {
    parsed = new URL(cleaned);
  } catch {
    return null;
  }
  if (!(LINK_PROTOCOLS as readonly string[]).includes(parsed.protocol)) return null;
  if ((parsed.protocol === "http:" || parsed.protocol === "https:") && !parsed.hostname) return null;
  if (parsed.username || parsed.password) return null;
  return parsed.href;
}

/**
 * What the editor does with an address a member typed into the link field: an e-mail becomes mailto:, a bare
 * domain gets https://, and only the allowed protocols pass. Returns the href or a Portuguese message.
 */
export function linkFromInput(input: string): { href: string } | { error: string } {
  const text = input.trim();
  if (!text) return { error: "Digite o endereço do link." };
  if (isEmailLike(text)) return { href: `mailto:${text}` };
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  const candidate = !hasScheme && /^[\w-]+(\.[\w-]+)+([/?#:].*)?$/u.test(text) ? `https://${text}` : text;
  const href = safeLinkHref(candidate);
  if (!href) return { error: LINK_PROTOCOL_MESSAGE };
  return { href };
}

/** Whether a link leaves the site (and so opens in a new tab). */
export function isExternalHref(href: string, siteOrigin?: string): boolean {
  if (!/^https?:/i.test(href)) return false;
  if (!siteOrigin) return true;
  try {
    return new URL(href).origin !== new URL(siteOrigin).origin;
  } catch {
    return true;
  }
}

const YOUTUBE_ID = /^[\w-]{11}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);

/** "90", "90s", "1m30s", "1h2m3s" → seconds; anything else → 0. */
function parseStartTime(value: string | null): number {
  if (!value) return 0;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match || !match[0]) return 0;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

function embedUrl(id: string, start: number): string {
  const base = `${VIDEO_EMBED_ORIGIN}/embed/${id}`;
  return start > 0 && start < 100_000 ? `${base}?start=${start}` : base;
}

/**
 * A YouTube address as a member pastes it (watch?v=, shorts/, live/, embed/, youtu.be/, with or without
 * https://) → the privacy-enhanced embed `https://www.youtube-nocookie.com/embed/ID`; other addresses → null.
 */
export function youtubeEmbedUrl(input: string): string | null {
  const text = browserCleanUrl(input);
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const start = parseStartTime(url.searchParams.get("t") ?? url.searchParams.get("start"));
  let id: string | undefined;
  if (host === "youtu.be" || host === "www.youtu.be") {
    id = url.pathname.split("/")[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === "/watch") id = url.searchParams.get("v") ?? undefined;
    else id = /^\/(?:shorts|live|embed|v)\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  } else if (host === "www.youtube-nocookie.com" || host === "youtube-nocookie.com") {
    id = /^\/embed\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return embedUrl(id, start);
}

/**
 * The strict check the sanitiser applies to an iframe's src: exactly the privacy-enhanced embed of one
 * video (optionally with a start time). Returns it rebuilt from its parts, or null.
 */
export function safeVideoEmbedSrc(src: string): string | null {
  let url: URL;
  try {
    url = new URL(browserCleanUrl(src));
  } catch {
    return null;
  }
  if (url.origin !== VIDEO_EMBED_ORIGIN || url.username || url.password) return null;
  const id = /^\/embed\/([\w-]{11})$/.exec(url.pathname)?.[1];
  if (!id) return null;
  return embedUrl(id, parseStartTime(url.searchParams.get("start")));
}

/**
 * The strict check for an image's src: an absolute http(s) address, or one of our own uploads
 * (`/uploads/…`). Never data:, blob: or anything else.
 */
export function safeImageSrc(src: string): string | null {
  const cleaned = browserCleanUrl(src);
  if (/^\/uploads\/[\w.-]+$/.test(cleaned)) return cleaned;
  if (!/^https?:\/\//i.test(cleaned)) return null;
  let url: URL;
  try {
    url = new URL(cleaned);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return null;
  if (url.username || url.password) return null;
  return url.href;
}

/** The languages a code block can be marked with: the value is highlight.js's name. */
export const CODE_LANGUAGES: ReadonlyArray<{ value: string; label: string }> = [
  { value: "plaintext", label: "Texto simples" },
  { value: "javascript", label: "JavaScript" },
  { value: "typescript", label: "TypeScript" },
  { value: "python", label: "Python" },
  { value: "java", label: "Java" },
  { value: "csharp", label: "C#" },
  { value: "php", label: "PHP" },
  { value: "ruby", label: "Ruby" },
  { value: "go", label: "Go" },
  { value: "rust", label: "Rust" },
  { value: "kotlin", label: "Kotlin" },
  { value: "swift", label: "Swift" },
  { value: "c", label: "C" },
  { value: "cpp", label: "C++" },
  { value: "sql", label: "SQL" },
  { value: "bash", label: "Bash / shell" },
  { value: "json", label: "JSON" },
  { value: "yaml", label: "YAML" },
  { value: "xml", label: "HTML / XML" },
  { value: "css", label: "CSS" },
  { value: "scss", label: "SCSS" },
  { value: "markdown", label: "Markdown" },
  { value: "diff", label: "Diff" },
];

/**
 * The companion field a rich-text field sends to say what it holds: "html" when the editor wrote it;
 * absent when the plain `<textarea>` (no JavaScript yet) did, in which case the text is plain.
 */
export function richTextFormatFieldName(name: string): string {
  return `${name}-format`;
}
