// The API takes long texts in Markdown (GFM) and turns them into the HTML the site's editor would have sent;
// the feature functions then sanitise it with the site's one allow-list sanitiser when saving (ADR 004), so raw
// HTML inside the Markdown (a <script>, an onerror) is dropped exactly as it is from the editor.
import { Marked } from "marked";

const marked = new Marked({ gfm: true, breaks: false, async: false });

export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown.replace(/\r\n?/g, "\n"), { async: false });
}
