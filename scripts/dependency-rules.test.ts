// The rules of .dependency-cruiser.js (ADR 026, ADR 054): the repository keeps them, and each fails on a new
// edge that breaks it. The cases are small throwaway trees with the project's own `#app/` names.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cruise, type ICruiseResult, type IConfiguration } from "dependency-cruiser";
import { afterEach, describe, expect, test } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { default: config, FEATURE_PUBLIC_FILES } = (await import(
  pathToFileURL(path.join(root, ".dependency-cruiser.js")).href
)) as { default: IConfiguration; FEATURE_PUBLIC_FILES: Record<string, string[]> };
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The rules each broken edge of `baseDir` trips, as "rule: from → to". */
async function violations(baseDir: string, folders: string[]): Promise<string[]> {
  const { options, forbidden } = config;
  const result = await cruise(folders, {
    ...options,
    baseDir,
    validate: true,
    ruleSet: { forbidden },
  });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

/** A tree with the project's package.json `imports`, and `files` (path → source). */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "dependency-rules-"));
  made.push(dir);
  const all = {
    "package.json": JSON.stringify({
      type: "module",
      imports: { "#app/*": "./app/*", "#db/*": "./db/*" },
    }),
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

test("the repository keeps every rule", async () => {
  expect(await violations(root, ["app", "db", "server", "scripts", "tests", "bench"])).toEqual([]);
}, 60_000);

test("every file a feature declares public exists", () => {
  const listed = Object.entries(FEATURE_PUBLIC_FILES).flatMap(([feature, files]) =>
    files.map((file) => `app/features/${feature}/${file}`),
  );
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
});

describe("a feature reaches another feature only through its public files", () => {
  test("another feature's internals are refused, by name or by path; its public file is not", async () => {
    const dir = tree({
      "app/features/notifications/notify.server.ts": "export const notify = 1;\n",
      "app/features/notifications/inbox.server.ts": "export const unread = 1;\n",
      "app/features/posts/by-name.server.ts": `import { unread } from "#app/features/notifications/inbox.server.ts";\nexport const a = unread;\n`,
      "app/features/posts/by-path.server.ts": `import { unread } from "../notifications/inbox.server.ts";\nexport const b = unread;\n`,
      "app/features/posts/public.server.ts": `import { notify } from "#app/features/notifications/notify.server.ts";\nexport const c = notify;\n`,
      "app/features/posts/own.ts": `import { a } from "./by-name.server.ts";\nexport const d = a;\n`,
    });
    expect((await violations(dir, ["app"])).sort()).toEqual([
      "feature-through-public-files: app/features/posts/by-name.server.ts → app/features/notifications/inbox.server.ts",
      "feature-through-public-files: app/features/posts/by-path.server.ts → app/features/notifications/inbox.server.ts",
    ]);
  });

  test("a type-only import and a dynamic import() of another feature's internals are refused too", async () => {
    const dir = tree({
      "app/features/posts/posts.server.ts": "export type PostAuthor = { id: number };\n",
      "app/features/questions/typed.ts": `import type { PostAuthor } from "#app/features/posts/posts.server.ts";\nexport type A = PostAuthor;\n`,
      "app/features/questions/later.ts": `export const load = () => import("#app/features/posts/posts.server.ts");\n`,
    });
    expect((await violations(dir, ["app"])).map((v) => v.split(":")[0])).toEqual([
      "feature-through-public-files",
      "feature-through-public-files",
    ]);
  });
});

describe("the direction of imports", () => {
  test("features and shared code never import routes or the app's root modules; shared code no feature", async () => {
    const dir = tree({
      "app/root.tsx": "export const loader = 1;\n",
      "app/routes/home/home.tsx": "export const loader = 2;\n",
      "app/features/search/search.server.ts": "export const search = 3;\n",
      "app/lib/slug.ts": "export const slug = 4;\n",
      "app/features/posts/route.server.ts": `import { loader } from "#app/routes/home/home.tsx";\nexport const a = loader + 0;\n`,
      "app/features/posts/root.server.ts": `import { loader } from "#app/root.tsx";\nexport const b = loader;\n`,
      "app/components/box.tsx": `import { search } from "#app/features/search/search.server.ts";\nexport const c = search;\n`,
      "app/lib/root-reader.ts": `import { loader } from "../root.tsx";\nexport const d = loader;\n`,
      "app/routes/new-page/new-page.tsx": `import { search } from "#app/features/search/search.server.ts";\nimport { slug } from "#app/lib/slug.ts";\nexport const e = search + slug;\n`,
      "db/seed/new-thing.ts": `import { slug } from "../../app/lib/slug.ts";\nimport { search } from "../../app/features/search/search.server.ts";\nexport const f = slug + search;\n`,
    });
    expect((await violations(dir, ["app", "db"])).sort()).toEqual([
      "db-below-the-app: db/seed/new-thing.ts → app/features/search/search.server.ts",
      "nothing-imports-the-app-root: app/features/posts/root.server.ts → app/root.tsx",
      "nothing-imports-the-app-root: app/lib/root-reader.ts → app/root.tsx",
      "only-routes-import-routes: app/features/posts/route.server.ts → app/routes/home/home.tsx",
      "shared-code-below-features: app/components/box.tsx → app/features/search/search.server.ts",
    ]);
  });
});

describe("runtime import cycles", () => {
  test("a circle through #app/ names and relative paths is found", async () => {
    const dir = tree({
      "app/a.tsx": `import { b } from "./components/b.tsx";\nexport const a = () => b;\n`,
      "app/components/b.tsx": `import { a } from "#app/a.tsx";\nexport const b = () => a;\n`,
    });
    const found = await violations(dir, ["app"]);
    expect(found.filter((v) => v.startsWith("no-runtime-cycle")).length).toBeGreaterThan(0);
  });

  test("a circle closed only by type imports, or by a dynamic import(), is not one at run time", async () => {
    const dir = tree({
      "app/a.ts": `import type { B } from "./b.ts";\nexport type A = { b?: B };\nexport const a = () => import("./c.ts");\n`,
      "app/b.ts": `import type { A } from "./a.ts";\nexport type B = { a?: A };\nexport const b = 1;\n`,
      "app/c.ts": `import { a } from "./a.ts";\nexport const c = a;\n`,
    });
    expect(await violations(dir, ["app"])).toEqual([]);
  });

  test("an import that resolves to nothing is refused", async () => {
    const dir = tree({ "app/a.ts": `import { b } from "./missing.ts";\nexport const a = b;\n` });
    expect(await violations(dir, ["app"])).toEqual(["no-unresolvable: app/a.ts → ./missing.ts"]);
  });
});
