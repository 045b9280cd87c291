// The rules of eslint.config.js that guard the test suite: each case lints a small source as if it were a file at
// the given path, with the repository's own configuration. (The import rules are dependency-cruiser's:
// scripts/dependency-rules.test.ts.)
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, test } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids (and messages) ESLint reports for `code` at `filePath`. */
async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

async function rulesFor(filePath: string, code: string) {
  return (await lint(filePath, code)).map((m) => m.rule);
}

describe("no focused tests", () => {
  test.each([
    ["app/features/posts/new-thing.test.ts", `import { test } from "vitest";\ntest.only("x", () => {});\n`],
    ["app/lib/new-thing.test.ts", `import { describe } from "vitest";\ndescribe.only("x", () => {});\n`],
    [
      "tests/e2e/new-thing.spec.ts",
      `import { test } from "@playwright/test";\ntest.describe.only("x", () => {});\n`,
    ],
  ])("%s", async (filePath, code) => {
    expect(await rulesFor(filePath, code)).toContain("no-restricted-properties");
  });
});
