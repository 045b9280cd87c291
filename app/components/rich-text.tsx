// Shows rich text members wrote. The HTML must come from the server's sanitiser (`sanitizeRichText` in the
// loader): this component trusts it. Each code block gets a "Copiar código" button that works once React runs,
// and SQL that makes its own data an "Executar" that runs it in the reader's browser (components/sql).
// It is on every read page, so it stays tiny.
import { useEffect, useRef, useState } from "react";
import { decodeHtmlEntities } from "#app/lib/html-entities.ts";
import { usePageHtml, type PageHtml } from "#app/lib/page-html.ts";
import { isRunnableSql } from "./sql/runnable-sql.ts";

export type RichTextProps = {
  /** HTML already passed through `sanitizeRichText` on the server (or a reference to it in the page). */
  html: PageHtml;
  className?: string;
};

const COPY_LABEL = "Copiar código";
const COPIED_LABEL = "Copiado!";

const BUTTON_CLASS =
  "absolute top-2 right-2 rounded-md border border-slate-600 bg-slate-800 px-2 py-1 font-sans text-xs " +
  "font-medium text-slate-100 hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 " +
  "focus-visible:outline-white";

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No Clipboard API (an insecure origin, an old browser): copy through a selection instead.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const done = document.execCommand("copy");
    area.remove();
    return done;
  }
}

// Each code block comes with its copy button in the HTML itself, so it is there before (and without) React.
// The sanitiser never lets a "<pre" or "</pre>" through inside text, so the match is always a whole block.
const CODE_BLOCK = /<pre(?=[\s>])[\s\S]*?<\/pre>/g;
const COPY_BUTTON = `<button type="button" class="${BUTTON_CLASS}" data-copy-code="">${COPY_LABEL}</button>`;

// A SQL block that makes its own data runs in the reader's browser (components/sql): its button loads the runner.
const SQL_BLOCK = /^<pre><code class="language-(?:sql|postgresql|pgsql)[\s"]/;
const RUN_BUTTON = `<button type="button" class="btn-outline text-sm" data-run-sql="">Executar</button>`;

function runnableSqlBlock(block: string): boolean {
  return SQL_BLOCK.test(block) && isRunnableSql(decodeHtmlEntities(block.replace(/<[^>]*>/g, "")));
}

/**
 * Adds the copy buttons (and "Executar" to SQL that can run here), and a tab stop to each block, so one that
 * scrolls sideways scrolls by keyboard too.
 */
export function withCopyButtons(html: string): string {
  if (!html.includes("<pre")) return html;
  return html.replace(
    CODE_BLOCK,
    (block) =>
      `<div class="relative" data-code-block="">${block.replace(/^<pre/, '<pre tabindex="0"')}${COPY_BUTTON}${runnableSqlBlock(block) ? RUN_BUTTON : ""}</div>`,
  );
}

// Inline code short enough to fit any line (a flag, a function name) is never broken across lines: a reader must
// not see `--inspect` split after its dashes. Longer code may still wrap (anywhere, by the stylesheet), so it
// never pushes a phone's page sideways. Inline code holds text only, so `[^<]` is its whole content; a code
// block's `<code>` follows its `<pre>` and is left alone.
const SHORT_INLINE_CODE = /(?<!<pre>)<code>([^<]{1,32})<\/code>/g;

/** Marks short inline code to be kept on one line (`data-nowrap`, styled in app.css). */
export function withShortCodeKeptWhole(html: string): string {
  if (!html.includes("<code>")) return html;
  return html.replace(SHORT_INLINE_CODE, '<code data-nowrap="">$1</code>');
}

/** What the page shows for stored rich text. */
export function forDisplay(html: string): string {
  return withCopyButtons(withShortCodeKeptWhole(html));
}

export function RichText({ html, className }: RichTextProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const { markup, ref: pageRef } = usePageHtml(html, forDisplay);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let reset: ReturnType<typeof setTimeout> | undefined;
    const onClick = async (event: MouseEvent) => {
      const run = (event.target as Element | null)?.closest<HTMLButtonElement>("button[data-run-sql]");
      if (run) {
        // PostgreSQL in WebAssembly is fetched on this click, never with the page.
        const { openSqlRunner } = await import("./sql/sql-runner.client.ts");
        openSqlRunner(run);
        return;
      }
      const button = (event.target as Element | null)?.closest<HTMLButtonElement>("button[data-copy-code]");
      const code = button?.parentElement?.querySelector("pre");
      if (!button || !code) return;
      const copied = await copyText(code.textContent ?? "");
      const message = copied ? COPIED_LABEL : "Não foi possível copiar. Selecione o código e copie.";
      button.textContent = copied ? COPIED_LABEL : COPY_LABEL;
      setAnnouncement(message);
      clearTimeout(reset);
      reset = setTimeout(() => {
        button.textContent = COPY_LABEL;
        setAnnouncement("");
      }, 2000);
    };
    root.addEventListener("click", onClick);
    return () => {
      root.removeEventListener("click", onClick);
      clearTimeout(reset);
    };
  }, []);

  return (
    <>
      <div
        ref={ref}
        className={className ? `rich-text ${className}` : "rich-text"}
        data-page-html={pageRef}
        dangerouslySetInnerHTML={{ __html: markup }}
      />
      <span className="sr-only" role="status" aria-live="polite">
        {announcement}
      </span>
    </>
  );
}
