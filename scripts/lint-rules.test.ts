// The boundary rules of eslint.config.js (ADR 026) fail on a new edge that breaks them: each case lints a small
// source as if it were a file at the given path, with the repository's own configuration.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
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

describe("a feature reaches another feature only through its public files", () => {
  test("another feature's internals are refused, its declared public file is not", async () => {
    const internal = `import { unreadCount } from "#app/features/notifications/notifications.server.ts";\nvoid unreadCount;\n`;
    expect(await rulesFor("app/features/posts/new-thing.server.ts", internal)).toContain(
      "no-restricted-imports",
    );
    const entry = `import { notify } from "#app/features/notifications/notify.server.ts";\nvoid notify;\n`;
    expect(await rulesFor("app/features/posts/new-thing.server.ts", entry)).toEqual([]);
  });

  test("a type-only import of another feature's internals is refused too", async () => {
    const code = `import type { PostAuthor } from "#app/features/posts/posts.server.ts";\nexport type A = PostAuthor;\n`;
    expect(await rulesFor("app/features/questions/components/new-thing.tsx", code)).toContain(
      "no-restricted-imports",
    );
  });

  test("the message names the public files", async () => {
    const code = `import { x } from "#app/features/tags/tag-directory.server.ts";\nvoid x;\n`;
    const [message] = await lint("app/features/questions/new-thing.server.ts", code);
    expect(message?.message).toContain("tags: tags.server.ts");
  });

  test("its own files are free, by name or by path", async () => {
    const code = `import { a } from "#app/features/posts/rules.ts";\nimport { b } from "../rules.ts";\nvoid a;\nvoid b;\n`;
    expect(await rulesFor("app/features/posts/components/new-thing.tsx", code)).toEqual([]);
  });

  test("a relative path out of the feature is refused (it would hide the edge)", async () => {
    const code = `import { unreadCount } from "../notifications/notifications.server.ts";\nvoid unreadCount;\n`;
    expect(await rulesFor("app/features/posts/new-thing.server.ts", code)).toContain("no-restricted-imports");
    const deeper = `import { x } from "../../notifications/kinds.ts";\nvoid x;\n`;
    expect(await rulesFor("app/features/posts/components/new-thing.tsx", deeper)).toContain(
      "no-restricted-imports",
    );
  });

  test("features never import routes nor the app's root modules", async () => {
    const route = `import { loader } from "#app/routes/home/home.tsx";\nvoid loader;\n`;
    expect(await rulesFor("app/features/posts/new-thing.server.ts", route)).toContain(
      "no-restricted-imports",
    );
    const root = `import { startApp } from "#app/lifecycle.server.ts";\nvoid startApp;\n`;
    expect(await rulesFor("app/features/posts/new-thing.server.ts", root)).toContain("no-restricted-imports");
  });

  test("a dynamic import() cannot reach past its folder", async () => {
    const code = `export const load = () => import("#app/features/search/search.server.ts");\n`;
    expect(await rulesFor("app/features/posts/new-thing.ts", code)).toContain("no-restricted-syntax");
  });
});

describe("shared code (app/components, app/lib) never imports features, routes or root.tsx", () => {
  test("a component importing a feature is refused", async () => {
    const code = `import { SearchBox } from "#app/features/search/components/search-box.tsx";\nexport const X = SearchBox;\n`;
    expect(await rulesFor("app/components/layout/new-thing.tsx", code)).toContain("no-restricted-imports");
  });

  test("lib importing root.tsx or a feature is refused", async () => {
    const root = `import { loader } from "#app/root.tsx";\nvoid loader;\n`;
    expect(await rulesFor("app/lib/new-thing.ts", root)).toContain("no-restricted-imports");
    const feature = `import { resolveSession } from "#app/features/accounts/sessions.server.ts";\nvoid resolveSession;\n`;
    expect(await rulesFor("app/lib/new-thing.server.ts", feature)).toContain("no-restricted-imports");
    const relative = `import { loader } from "../root.tsx";\nvoid loader;\n`;
    expect(await rulesFor("app/lib/new-thing.ts", relative)).toContain("no-restricted-imports");
  });

  test("shared code importing shared code is fine", async () => {
    const code = `import { Avatar } from "#app/components/avatar.tsx";\nimport { AppError } from "#app/lib/errors.ts";\nvoid Avatar;\nvoid AppError;\n`;
    expect(await rulesFor("app/components/new-thing.ts", code)).toEqual([]);
  });
});

describe("routes and db", () => {
  test("routes compose features but do not import root.tsx", async () => {
    const feature = `import { listNotifications } from "#app/features/notifications/notifications.server.ts";\nvoid listNotifications;\n`;
    expect(await rulesFor("app/routes/new-page/new-page.tsx", feature)).toEqual([]);
    const root = `import { loader } from "#app/root.tsx";\nvoid loader;\n`;
    expect(await rulesFor("app/routes/new-page/new-page.tsx", root)).toContain("no-restricted-imports");
  });

  test("db/ uses app/lib only", async () => {
    const feature = `import { follow } from "../../app/features/social/follows.server.ts";\nvoid follow;\n`;
    expect(await rulesFor("db/seed/new-thing.ts", feature)).toContain("no-restricted-imports");
    const lib = `import { slugify } from "../../app/lib/slug.ts";\nvoid slugify;\n`;
    expect(await rulesFor("db/seed/new-thing.ts", lib)).toEqual([]);
  });
});

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

test("every file a feature declares public exists", async () => {
  const config = (await import(pathToFileURL(path.join(root, "eslint.config.js")).href)) as {
    FEATURE_PUBLIC_FILES: Record<string, string[]>;
  };
  const listed = Object.entries(config.FEATURE_PUBLIC_FILES).flatMap(([feature, files]) =>
    files.map((file) => `app/features/${feature}/${file}`),
  );
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
});
