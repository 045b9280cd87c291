import { renderToString } from "react-dom/server";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { RichText, withCopyButtons } from "#app/components/rich-text.tsx";
import { pageHtmlContext } from "./context.ts";
import { pageHtml } from "./page-html.server.ts";
import { PageHtmlStore } from "./page-html.ts";

function contextFor(document: boolean) {
  const context = new RouterContextProvider();
  const note = { document, html: new Map<string, string>() };
  context.set(pageHtmlContext, note);
  return { context, note };
}

const body = "<p>Resposta</p><pre><code>a &lt; b</code></pre>";

describe("pageHtml", () => {
  it("keeps the HTML in the data of a data request", () => {
    const { context, note } = contextFor(false);
    expect(pageHtml(context, "answer-1", body)).toBe(body);
    expect(note.html.size).toBe(0);
  });

  it("hands the HTML to the page on a document request and leaves a reference", () => {
    const { context, note } = contextFor(true);
    expect(pageHtml(context, "answer-1", body)).toEqual({ ref: "answer-1" });
    expect(note.html.get("answer-1")).toBe(body);
    // Empty text stays empty (pages test it for truthiness).
    expect(pageHtml(context, "question-1-details", "")).toBe("");
  });

  it("is off by default: a request context nobody marked keeps its HTML", () => {
    expect(pageHtml(new RouterContextProvider(), "answer-1", body)).toBe(body);
  });
});

describe("RichText with a reference", () => {
  it("renders the stored HTML on the server, with its copy button and the reference for the browser", () => {
    const { context, note } = contextFor(true);
    const html = pageHtml(context, "answer-7", body);
    const out = renderToString(
      <PageHtmlStore value={note.html}>
        <RichText html={html} />
      </PageHtmlStore>,
    );
    expect(out).toContain('data-page-html="answer-7"');
    expect(out).toContain(withCopyButtons(body));
  });

  it("renders plain HTML as before, without a reference", () => {
    const out = renderToString(<RichText html={body} />);
    expect(out).not.toContain("data-page-html");
    expect(out).toContain(withCopyButtons(body));
  });
});
