import { describe, expect, test } from "vitest";
import { questionFormChanged, richTextGist } from "./form-changes.ts";

const EMPTY = { title: "", description: "", details: "", tags: [] };

function form(fields: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

describe("questionFormChanged", () => {
  test("an untouched ask form has nothing to lose, empty paragraphs included", () => {
    expect(questionFormChanged(form([["title", "  "]]), EMPTY)).toBe(false);
    expect(
      questionFormChanged(
        form([
          ["description", "<p></p>"],
          ["details", "<p>&nbsp;</p>"],
        ]),
        EMPTY,
      ),
    ).toBe(false);
  });

  test("a title, text in either editor, an image or a tag is something typed", () => {
    expect(questionFormChanged(form([["title", "Como"]]), EMPTY)).toBe(true);
    expect(questionFormChanged(form([["description", "<p>Erro</p>"]]), EMPTY)).toBe(true);
    expect(questionFormChanged(form([["details", '<p><img src="/u/a.png" alt=""></p>']]), EMPTY)).toBe(true);
    expect(questionFormChanged(form([["tags", "react"]]), EMPTY)).toBe(true);
  });

  test("editing: only a difference from the question counts, not its markup", () => {
    const start = {
      title: "Título",
      description: "<p>Um  texto</p>",
      details: "<p>Outro</p>",
      tags: ["a", "b"],
    };
    const same = form([
      ["title", "Título"],
      ["description", "<p>Um texto</p>"],
      ["details", "<p><strong>Outro</strong></p>"],
      ["tags", "b"],
      ["tags", "a"],
    ]);
    expect(questionFormChanged(same, start)).toBe(false);
    same.set("tags", "c");
    expect(questionFormChanged(same, start)).toBe(true);
  });
});

test("richTextGist keeps the words and the images", () => {
  expect(richTextGist('<p>Oi <em>mundo</em></p><img src="x.png">')).toBe("Oi mundo [img x.png]");
});
