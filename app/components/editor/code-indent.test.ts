import { describe, expect, it } from "vitest";
import { applyEdits, codeIndentEdits } from "./code-indent.ts";

const code = "function f() {\nreturn 1;\n}";

describe("codeIndentEdits", () => {
  it("inserts an indent at the caret", () => {
    const at = code.indexOf("return");
    expect(applyEdits(code, codeIndentEdits(code, at, at, false))).toBe("function f() {\n  return 1;\n}");
  });

  it("indents every line a selection touches, from the start of each line", () => {
    const from = code.indexOf("f()");
    const to = code.indexOf("1;");
    expect(applyEdits(code, codeIndentEdits(code, from, to, false))).toBe("  function f() {\n  return 1;\n}");
  });

  it("spares the line a selection ends at the start of", () => {
    const to = code.indexOf("return");
    expect(applyEdits(code, codeIndentEdits(code, 0, to, false))).toBe("  function f() {\nreturn 1;\n}");
  });

  it("dedents by up to one indent or one tab, and leaves lines without one alone", () => {
    const text = "    a\n b\nc\n\td";
    expect(applyEdits(text, codeIndentEdits(text, 0, text.length, true))).toBe("  a\nb\nc\nd");
  });

  it("dedents the caret's line wherever the caret is", () => {
    const text = "x\n  y = 2";
    const at = text.length;
    expect(applyEdits(text, codeIndentEdits(text, at, at, true))).toBe("x\ny = 2");
  });

  it("gives edits in ascending order against the original text", () => {
    const edits = codeIndentEdits("a\nb\nc", 0, 5, false);
    expect(edits.map((edit) => edit.at)).toEqual([0, 2, 4]);
  });
});
