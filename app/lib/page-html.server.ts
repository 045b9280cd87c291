// Long rich text (a question, its answers, a post) is the bulk of a page, and React Router would send it twice
// in a document response: once as HTML and once inside the hydration data. On document requests a loader
// hands it to the render instead and keeps a reference; the browser's RichText adopts the HTML already in
// the page (app/components/rich-text.tsx). Data requests (client navigation, revalidation) carry the HTML.
import type { RouterContextProvider } from "react-router";
import type { PageHtml } from "./page-html.ts";
import { pageHtmlContext } from "./context.ts";

/**
 * `html` (already sanitised) as loader data: itself, or on a document request a reference to it. `ref` must
 * be unique on the page (e.g. `answer-12`).
 */
export function pageHtml(context: Readonly<RouterContextProvider>, ref: string, html: string): PageHtml {
  const note = context.get(pageHtmlContext);
  if (!note.document || html === "") return html;
  note.html.set(ref, html);
  return { ref };
}
