import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  extractErrorSignatures,
  looksLikeAnError,
  messageTemplate,
  pastedError,
  plainTextOf,
} from "./error-signatures.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.txt`, import.meta.url), "utf8");
const signaturesOf = (text: string) => extractErrorSignatures(text).map((s) => s.signature);
const strongOf = (text: string) =>
  extractErrorSignatures(text)
    .filter((s) => s.weight >= 2)
    .map((s) => s.signature)
    .sort();

describe("extractErrorSignatures on real traces", () => {
  it.each([
    [
      "node-module-not-found-a",
      ["code:ERR_MODULE_NOT_FOUND", "msg:error cannot find package * imported from *"],
    ],
    ["node-typeerror-a", ["exc:TypeError", "msg:typeerror cannot read properties of undefined reading *"]],
    ["node-enoent", ["code:ENOENT", "msg:error enoent no such file or directory open *"]],
    ["python-keyerror-a", ["exc:KeyError"]],
    ["python-module-not-found", ["exc:ModuleNotFoundError", "msg:modulenotfounderror no module named *"]],
    [
      "java-npe-a",
      ["exc:java.lang.NullPointerException", "msg:nullpointerexception cannot invoke * because * is null"],
    ],
    [
      "dotnet-nullreference",
      [
        "exc:System.NullReferenceException",
        "msg:nullreferenceexception object reference not set to an instance of an object",
      ],
    ],
    ["go-index-out-of-range-a", ["msg:panic runtime error index out of range * with length *"]],
    ["php-undefined-function", ["msg:error call to undefined function mysql_connect in *"]],
    ["postgres-relation-a", ["msg:error relation * does not exist"]],
    ["postgres-relation-b", ["sqlstate:42P01", "msg:error relation * does not exist"]],
    ["postgres-sqlstate", ["sqlstate:42P01", "msg:error relation * does not exist"]],
    [
      "typescript-ts2345-a",
      ["code:TS2345", "msg:ts2345 argument of type * is not assignable to parameter of type *"],
    ],
    ["oracle-ora-00942", ["code:ORA-00942", "exc:java.sql.SQLSyntaxErrorException"]],
    ["http-status", ["http:404", "exc:AxiosError"]],
  ])("%s", (name, expected) => {
    expect(signaturesOf(fixture(name))).toEqual(expect.arrayContaining(expected));
  });

  it("keeps the Caused by of a Java trace", () => {
    expect(signaturesOf(fixture("java-npe-b"))).toEqual(
      expect.arrayContaining(["exc:java.sql.SQLException", "msg:sqlexception connection is closed"]),
    );
  });

  it.each([
    ["node-module-not-found-a", "node-module-not-found-b"],
    ["node-typeerror-a", "node-typeerror-b"],
    ["python-keyerror-a", "python-keyerror-b"],
    ["go-index-out-of-range-a", "go-index-out-of-range-b"],
    ["typescript-ts2345-a", "typescript-ts2345-b"],
    ["postgres-relation-a", "postgres-sqlstate"],
  ])("%s and %s (other paths, values, lines) share their error", (a, b) => {
    const shared = strongOf(fixture(a)).filter((s) => strongOf(fixture(b)).includes(s));
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.some((s) => s.startsWith("msg:") || s.startsWith("code:") || s.startsWith("exc:"))).toBe(
      true,
    );
  });

  it("gives the same signatures for the same error from another machine", () => {
    expect(strongOf(fixture("node-module-not-found-a"))).toEqual(
      strongOf(fixture("node-module-not-found-b")),
    );
    expect(strongOf(fixture("node-typeerror-a"))).toEqual(strongOf(fixture("node-typeerror-b")));
    expect(strongOf(fixture("go-index-out-of-range-a"))).toEqual(
      strongOf(fixture("go-index-out-of-range-b")),
    );
    expect(strongOf(fixture("python-keyerror-a"))).toEqual(strongOf(fixture("python-keyerror-b")));
  });

  it("keeps different errors apart", () => {
    const names = [
      "node-module-not-found-a",
      "node-typeerror-a",
      "node-enoent",
      "python-keyerror-a",
      "python-module-not-found",
      "java-npe-a",
      "dotnet-nullreference",
      "go-index-out-of-range-a",
      "php-undefined-function",
      "postgres-relation-a",
      "typescript-ts2345-a",
      "oracle-ora-00942",
      "http-status",
    ];
    for (const a of names) {
      for (const b of names) {
        if (a === b) continue;
        const shared = strongOf(fixture(a)).filter((s) => strongOf(fixture(b)).includes(s));
        expect(shared, `${a} / ${b}`).toEqual([]);
      }
    }
  });

  it("reads a trace pasted as one line (a search box drops the new lines) the same way", () => {
    for (const name of [
      "node-typeerror-a",
      "python-keyerror-a",
      "java-npe-b",
      "postgres-sqlstate",
      "typescript-ts2345-a",
    ]) {
      const text = fixture(name);
      expect(signaturesOf(text.replace(/\s*\n\s*/g, " ")).sort(), name).toEqual(signaturesOf(text).sort());
    }
  });

  it("finds the error in a question's stored HTML, code blocks included", () => {
    const html =
      "<p>Ao rodar <code>npm start</code> recebo:</p><pre><code>TypeError: Cannot read properties of undefined (reading &#39;id&#39;)\n    at f (/app/x.js:1:2)</code></pre>";
    expect(signaturesOf(plainTextOf(html))).toContain(
      "msg:typeerror cannot read properties of undefined reading *",
    );
  });

  it("finds nothing in prose", () => {
    const text = "Como ordenar um array de objetos por data em JavaScript? Já tentei sort() e não deu certo.";
    expect(extractErrorSignatures(text)).toEqual([]);
    expect(pastedError(text)).toBeNull();
    expect(looksLikeAnError(extractErrorSignatures("Error"))).toBe(false);
  });

  it("normalises messages", () => {
    expect(messageTemplate("Cannot find module '/a/b/c.js' at line 12:4")).toBe(
      "cannot find module * at line *",
    );
    expect(messageTemplate("id 3f2504e0-4f89-11d3-9a0c-0305e82c3301 not found at 0x7ffe12")).toBe(
      "id * not found at *",
    );
    expect(messageTemplate("'x'")).toBeNull();
  });

  it("treats a pasted trace as a search by error, and a code with its message too", () => {
    expect(pastedError(fixture("node-typeerror-b"))).not.toBeNull();
    expect(pastedError("ORA-00942: table or view does not exist")).not.toBeNull();
    expect(pastedError("react hooks")).toBeNull();
  });
});

describe("extractErrorSignatures on hostile input", () => {
  // The errors feature's security review: runs of blanks made splitFrames' lookaheads retry at every position
  // (20,000 spaces took 1.7 s). Every pattern must stay linear on the largest text any caller passes.
  it.each([
    ["spaces", " ".repeat(20_000)],
    ["tabs", "\t".repeat(20_000)],
    ["spaces after an error line", `TypeError: cannot read foo bar\n${" ".repeat(19_960)}x`],
    ["a long file name", `Error: at ${"a.".repeat(9_990)}js`],
  ])("%s take milliseconds, not seconds", (_name, text) => {
    const started = performance.now();
    extractErrorSignatures(text);
    expect(performance.now() - started).toBeLessThan(250);
  });

  // The second review: ten 2,000-character lines of "a-a-a-…" after an error's name took ~350 ms (the URL and
  // file-name patterns of messageTemplate retried from every word). Measured against ordinary text of the same
  // size in the same run, so a busy machine slows both alike.
  it.each([
    ["dashes", `${`Error: ${"a-".repeat(990)}\n`.repeat(10)}`],
    ["dots", `${`Error: ${"a.".repeat(990)}\n`.repeat(10)}`],
    ["pluses", `${`TypeError: x ${"a+".repeat(990)}\n`.repeat(10)}`],
  ])("lines of %s after an error's name cost about what ordinary text costs", (_name, text) => {
    const ordinary = `${`Error: ${"palavra ".repeat(248)}\n`.repeat(10)}`;
    const time = (input: string) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        extractErrorSignatures(input);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    expect(time(text)).toBeLessThan(10 * time(ordinary) + 20);
  });
});
