import { renderToString } from "react-dom/server";
import { MemoryRouter, RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { RichText, withCopyButtons } from "#app/components/rich-text.tsx";
import { pageHtmlContext } from "./context.ts";
import { KeptElement } from "./page-html-fragment.tsx";
import { keepFrameFragments, keepPageFragments, pageHtml } from "./page-html.server.ts";
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

describe("KeptElement with the request's fragments", () => {
  let renders = 0;
  function Card({ label }: { label: string }) {
    renders += 1;
    return (
      <>
        <h3>{label}</h3>
        <a href="/u/ana">Ana</a> <time>hoje</time>
      </>
    );
  }
  function page(note: { html: Map<string, string> }, label: string) {
    return renderToString(
      <MemoryRouter initialEntries={["/questions/7?answers=newest"]}>
        <PageHtmlStore value={note.html}>
          <KeptElement tag="article" attributes={{ id: "resposta-1" }} fragmentKey={() => label}>
            <Card label={label} />
          </KeptElement>
        </PageHtmlStore>
      </MemoryRouter>,
    );
  }
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it("renders a fragment once and hands the same markup to the next request", async () => {
    const memo = new Map<string, unknown>();
    const first = contextFor(true);
    keepPageFragments(first.context, memo);
    renders = 0;
    const fresh = page(first.note, "Resposta de Ana");
    await settled();
    // The page's render, then the fragment's own, once.
    expect(renders).toBe(2);
    const second = contextFor(true);
    keepPageFragments(second.context, memo);
    const kept = page(second.note, "Resposta de Ana");
    expect(renders).toBe(2);
    expect(kept).toBe(fresh);
    // Another key (other props) is rendered afresh.
    expect(page(second.note, "Resposta de Bia")).toContain("Resposta de Bia");
    expect(renders).toBe(3);
  });

  it("starts afresh with a new version's memo, and never on a data request or without a store", async () => {
    const memo = new Map<string, unknown>();
    const first = contextFor(true);
    keepPageFragments(first.context, memo);
    page(first.note, "Resposta");
    await settled();
    const next = contextFor(true);
    keepPageFragments(next.context, new Map());
    renders = 0;
    page(next.note, "Resposta");
    expect(renders).toBe(1);
    const data = contextFor(false);
    keepPageFragments(data.context, memo);
    page(data.note, "Resposta");
    expect(renders).toBe(2);
  });

  it("keeps a frame's part across addresses by its key alone, beside the page's own parts", async () => {
    function Frame({ label }: { label: string }) {
      renders += 1;
      return <a href="/u/ana">{label}</a>;
    }
    const memo = new Map<string, unknown>();
    const framed = (note: { html: Map<string, string> }, address: string, label: string) =>
      renderToString(
        <MemoryRouter initialEntries={[address]}>
          <PageHtmlStore value={note.html}>
            <KeptElement tag="header" scope="frame" attributes={{}} fragmentKey={() => `quadro ${label}`}>
              <Frame label={label} />
            </KeptElement>
            <KeptElement tag="article" attributes={{}} fragmentKey={() => label}>
              <Card label={label} />
            </KeptElement>
          </PageHtmlStore>
        </MemoryRouter>,
      );
    const first = contextFor(true);
    keepPageFragments(first.context, memo);
    keepFrameFragments(first.context);
    await settled(); // what an earlier test left to render
    renders = 0;
    const fresh = framed(first.note, "/questions/7", "Ana do quadro");
    await settled();
    // Each part rendered in the page and once more to be kept.
    expect(renders).toBe(4);
    // Another page: the frame's part is the kept one, the page's own part (another address) is rendered.
    const other = contextFor(true);
    keepPageFragments(other.context, memo);
    keepFrameFragments(other.context);
    const next = framed(other.note, "/blog", "Ana do quadro");
    expect(renders).toBe(5);
    expect(next.slice(0, next.indexOf("</header>"))).toBe(fresh.slice(0, fresh.indexOf("</header>")));
    // What the key names changed: rendered afresh.
    expect(framed(other.note, "/blog", "Bia do quadro")).toContain("Bia do quadro");
    expect(renders).toBe(7);
  });
});
