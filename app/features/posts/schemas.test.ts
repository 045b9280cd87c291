import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { approximateTextLength, commentSchema, parseBlogTab, postSchema } from "./schemas.ts";

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

const BODY = "<p>Um texto com mais de cinquenta caracteres para passar na regra do post.</p>";

describe("postSchema", () => {
  test("accepts what the writer sends, the tag selector's empty text field included", () => {
    const submission = parseWithZod(
      form([
        ["title", "Meu post"],
        ["description", ""],
        ["category", "ux"],
        ["tags", "http"],
        ["tags", ""],
        ["coverUrl", ""],
        ["body", BODY],
        ["body-format", "html"],
      ]),
      { schema: postSchema },
    );
    expect(submission.status).toBe("success");
  });

  test("gives the messages next to the fields", () => {
    const submission = parseWithZod(
      form([
        ["title", "  "],
        ["category", "culinaria"],
        ["tags", "a, b, c"],
        ["tags", "d,e,f"],
        ["body", "<p>curto</p>"],
      ]),
      { schema: postSchema },
    );
    expect(submission.status).toBe("error");
    const errors = submission.status === "error" ? submission.error : {};
    expect(errors?.title).toEqual(["Dê um título ao seu post."]);
    expect(errors?.category).toEqual(["Escolha uma categoria: Design, Desenvolvimento, UX ou UI."]);
    expect(errors?.tags).toEqual(["Escolha no máximo 5 tags."]);
    expect(errors?.body).toEqual(["Escreva pelo menos 50 caracteres no texto do post."]);
  });
});

describe("helpers", () => {
  test("approximateTextLength counts visible characters", () => {
    expect(approximateTextLength("<p>olá&nbsp;mundo</p><p>  </p>")).toBe(9);
  });
  test("parseBlogTab falls back to Para Você", () => {
    expect(parseBlogTab("ux")).toBe("ux");
    expect(parseBlogTab("nada")).toBe("para-voce");
    expect(parseBlogTab(null)).toBe("para-voce");
  });
  test("commentSchema trims and requires text", () => {
    const empty = parseWithZod(
      form([
        ["intent", "comment"],
        ["body", "   "],
      ]),
      { schema: commentSchema },
    );
    expect(empty.status).toBe("error");
  });
});
