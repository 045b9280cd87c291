// The API takes long texts in Markdown (GFM) and turns them into the HTML the site's editor would have sent;
// the feature functions then sanitise it with the site's one allow-list sanitiser when saving (ADR 004), so raw
// HTML inside the Markdown (a <script>, an onerror) is dropped exactly as it is from the editor. The conversion
// runs off the request thread with a time budget (lib/markdown.server.ts); a text that overruns it is a 422 on
// its field.
import { MarkdownBusy, markdownToHtml, MarkdownTooComplex } from "#app/lib/markdown.server.ts";
import { API_MESSAGES, ApiError } from "./errors.ts";

/** `sender` names who sent the text (a member), so one sender's flood is refused instead of queued. */
export async function markdownFieldToHtml(markdown: string, field: string, sender: string): Promise<string> {
  try {
    return await markdownToHtml(markdown, sender);
  } catch (error) {
    if (error instanceof MarkdownTooComplex) {
      throw new ApiError("validation", API_MESSAGES.markdownTooComplex, { field });
    }
    if (error instanceof MarkdownBusy) {
      throw new ApiError("rate_limited", API_MESSAGES.markdownBusy, {
        field,
        headers: { "Retry-After": String(error.retryAfterSeconds) },
      });
    }
    throw error;
  }
}
