import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TagSelector } from "./tag-selector.tsx";

const SUGGESTIONS = ["Formatação", "Medium", "Dicas"];

describe("TagSelector as the server renders it (before JavaScript)", () => {
  it("is a labelled text field named like the chosen tags, with the spec's placeholder and button", () => {
    const html = renderToStaticMarkup(<TagSelector suggestions={SUGGESTIONS} />);
    expect(html).toMatch(/<label for="([^"]+)-input"[^>]*>Tags<\/label>/);
    expect(html).toMatch(/<input id="[^"]+-input" type="text" role="combobox"[^>]* name="tags" value=""\/>/);
    expect(html).toContain('placeholder="Ex: javascript, array, front-end, etc"');
    expect(html).toContain("Adicione tags +</button>");
    expect(html).toContain('aria-expanded="false"');
    // Named by its visible text: no aria-label hides 'Adicione tags +' (or '+') from the accessible name.
    expect(html).not.toMatch(/<button[^>]*aria-label="Adicione tags"/);
  });

  it("sends each chosen tag as a hidden input and shows '+' once tags are chosen", () => {
    const html = renderToStaticMarkup(
      <TagSelector suggestions={SUGGESTIONS} defaultValue={["Web", "Dicas"]} />,
    );
    expect(html).toContain('<input type="hidden" name="tags" value="Web"/>');
    expect(html).toContain('<input type="hidden" name="tags" value="Dicas"/>');
    expect(html).toContain('aria-label="Remover tag Web"');
    expect(html).toMatch(/>\+<\/button>/);
    expect(html).not.toContain("Adicione tags +</button>");
  });

  it("offers the suggestions not chosen yet", () => {
    const html = renderToStaticMarkup(<TagSelector suggestions={SUGGESTIONS} defaultValue={["Medium"]} />);
    expect(html).toContain('role="option" aria-selected="false"');
    expect(html).toContain(">Formatação</li>");
    expect(html).toContain(">Dicas</li>");
    expect(html).not.toContain(">Medium</li>");
  });

  it("says there are no tags left when every suggestion is chosen", () => {
    const html = renderToStaticMarkup(<TagSelector suggestions={SUGGESTIONS} defaultValue={SUGGESTIONS} />);
    expect(html).toContain("There are no tags left.");
    expect(html).not.toContain('role="listbox"');
  });

  it("renders the dropdown above the page (z-index 1000) and hidden until opened", () => {
    const html = renderToStaticMarkup(<TagSelector suggestions={SUGGESTIONS} />);
    expect(html).toMatch(/<div id="[^"]+-panel" hidden="" class="[^"]*z-\[1000\]/);
  });
});
