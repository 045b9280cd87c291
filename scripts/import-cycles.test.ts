// scripts/import-cycles.ts (ADR 026): the repository has no runtime import cycle, and a new one is found.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { findImportCycles, runtimeImports } from "./import-cycles.ts";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A throwaway tree of source files under app/. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "import-cycles-"));
  made.push(root);
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(root, "app", name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

test("the repository has no runtime import cycle", () => {
  expect(findImportCycles()).toEqual([]);
});

describe("findImportCycles", () => {
  test("finds a circle through #app/ names and relative paths", () => {
    const root = tree({
      "root.tsx": `import { placeholder } from "./components/brand/placeholder.tsx";\nexport const x = placeholder;\n`,
      "components/brand/placeholder.tsx": `import { x } from "#app/root.tsx";\nexport const placeholder = x;\n`,
    });
    const cycles = findImportCycles(root, ["app"]);
    expect(cycles).toHaveLength(1);
    const [cycle] = cycles;
    expect(cycle?.at(0)).toBe(cycle?.at(-1));
    expect(new Set(cycle)).toEqual(new Set(["app/root.tsx", "app/components/brand/placeholder.tsx"]));
  });

  test("a circle closed only by type imports is not one at run time", () => {
    const root = tree({
      "a.ts": `import type { B } from "./b.ts";\nexport type A = { b?: B };\n`,
      "b.ts": `import { type A } from "./a.ts";\nexport type B = { a?: A };\nexport const b = 1;\n`,
    });
    expect(findImportCycles(root, ["app"])).toEqual([]);
  });

  test("`import { type A }` still loads the module (verbatimModuleSyntax), `import type` does not", () => {
    expect(
      runtimeImports("x.ts", `import { type A } from "./a.ts";\nimport type { B } from "./b.ts";\n`),
    ).toEqual(["./a.ts"]);
    expect(runtimeImports("x.ts", `export { a } from "./a.ts";\nexport type { B } from "./b.ts";\n`)).toEqual(
      ["./a.ts"],
    );
  });
});
