import { data } from "react-router";
import { describe, expect, test } from "vitest";
import { NOT_FOUND_TITLE, notFoundTitle, pageMeta } from "./meta.ts";

/** What a loader's `throw data(message, { status })` reaches the boundary as. */
function thrown(message: unknown, status = 404) {
  try {
    throw data(message, { status });
  } catch (error) {
    const { data: body, init } = error as { data: unknown; init?: ResponseInit };
    return { status: init?.status ?? 200, statusText: "", data: body, internal: false };
  }
}

describe("notFoundTitle", () => {
  test("names what was not found, without the sentence's full stop", () => {
    expect(notFoundTitle(thrown("Membro não encontrado."))).toBe("Membro não encontrado");
    expect(notFoundTitle(thrown("Tag não encontrada."))).toBe("Tag não encontrada");
  });

  test("anything else keeps the brand's generic title", () => {
    expect(notFoundTitle(thrown(null))).toBe(NOT_FOUND_TITLE);
    expect(notFoundTitle(thrown("Post não encontrado.", 410))).toBe(NOT_FOUND_TITLE);
    expect(notFoundTitle(thrown("<script>x</script> não encontrado"))).toBe(NOT_FOUND_TITLE);
    expect(notFoundTitle(new Error("Post não encontrado."))).toBe(NOT_FOUND_TITLE);
  });
});

test("pageMeta puts the site's name after the page's title", () => {
  expect(pageMeta({ title: "Post não encontrado" })[0]).toEqual({
    title: "Post não encontrado | Suporte de Domingo",
  });
});
