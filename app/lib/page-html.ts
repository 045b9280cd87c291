// Long rich text and structured data travel once (app/lib/page-html.server.ts): on a document response a
// loader's data may hold `{ ref }` instead of the HTML, which then lives only in the page. This is the
// rendering side: on the server the HTML comes from the request's store, in the browser from the element the
// server rendered (read once, then kept, so a remount still finds it).
import { createContext, useContext, useMemo } from "react";

/** Sanitised HTML, or on a document response a reference to HTML that is only in the page itself. */
export type PageHtml = string | { ref: string };

/** On the server, the HTML the loaders kept out of their data, by reference (provided by entry.server). */
export const PageHtmlStore = createContext<ReadonlyMap<string, string> | null>(null);

const asIs = (html: string) => html;

const adopted = new Map<string, string>();

function adoptPageHtml(ref: string): string {
  let html = adopted.get(ref);
  if (html === undefined) {
    html = document.querySelector(`[data-page-html="${CSS.escape(ref)}"]`)?.innerHTML ?? "";
    adopted.set(ref, html);
  }
  return html;
}

/**
 * The markup to render for `value`, after `prepare` (e.g. adding copy buttons) — except for markup adopted
 * from the page, which is already as the server rendered it. `ref` goes on the element as `data-page-html`.
 */
export function usePageHtml(
  value: PageHtml,
  prepare: (html: string) => string = asIs,
): { markup: string; ref: string | undefined } {
  const store = useContext(PageHtmlStore);
  return useMemo(() => {
    if (typeof value === "string") return { markup: prepare(value), ref: undefined };
    const fromLoader = store?.get(value.ref);
    return {
      markup: fromLoader === undefined ? adoptPageHtml(value.ref) : prepare(fromLoader),
      ref: value.ref,
    };
  }, [value, store, prepare]);
}
