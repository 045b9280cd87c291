// Fails when modules import each other in a circle (ADR 026). Part of `npm run lint` and `npm test`'s static
// step: `node scripts/import-cycles.ts`.
//
// Runtime imports only: `import type` and `export type` are erased before anything runs, so a circle made only
// of them cannot leave a module half-initialised (and a type shared both ways is ordinary). `import { type A }`
// counts: with verbatimModuleSyntax it stays an `import {}` that loads the module. A dynamic `import()` runs
// after every static import has settled, so it closes no circle either.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The folders scanned, and the package.json `imports` names that point into them. */
export const SCANNED = ["app", "db", "server", "scripts", "tests"];
const ALIASES: Record<string, string> = {
  "#app/": "app/",
  "#db/": "db/",
  "#server/": "server/",
  "#tests/": "tests/",
};
const SKIPPED = new Set(["node_modules", "build", "data", ".react-router"]);

function sourceFiles(dir: string, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** The module specifiers a file loads when it runs (static imports and re-exports, types left out). */
export function runtimeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

function resolve(root: string, from: string, specifier: string): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  let base: string | null = null;
  if (bare.startsWith(".")) base = path.resolve(path.dirname(from), bare);
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (bare.startsWith(alias)) base = path.join(root, folder, bare.slice(alias.length));
  }
  if (!base) return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every circle of runtime imports under `root`, each as the files around it (relative to `root`). */
export function findImportCycles(root = ROOT, folders = SCANNED): string[][] {
  const files = folders.flatMap((folder) => sourceFiles(path.join(root, folder)));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = runtimeImports(file, readFileSync(file, "utf8"))
      .map((specifier) => resolve(root, file, specifier))
      .filter((target): target is string => target !== null && /\.(ts|tsx|mts)$/.test(target));
    graph.set(file, [...new Set(targets)]);
  }

  // Tarjan's strongly connected components; each component of more than one file (or a file importing
  // itself) holds at least one circle, reported as one concrete path through it.
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    indexOf.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, indexOf.get(next)!));
      }
    }
    if (low.get(file) !== indexOf.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file))
      cycles.push(circleThrough(file, new Set(component)));
  };
  for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
  return cycles.map((cycle) => cycle.map((file) => path.relative(root, file)));

  function circleThrough(start: string, component: Set<string>): string[] {
    // Breadth-first from `start` back to itself, inside the component: the shortest circle through it.
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift()!;
      for (const next of graph.get(file) ?? []) {
        if (!component.has(next)) continue;
        if (next === start) {
          const circle = [file];
          while (circle[0] !== start) circle.unshift(previous.get(circle[0]!)!);
          return [...circle, start];
        }
        if (!previous.has(next)) {
          previous.set(next, file);
          queue.push(next);
        }
      }
    }
    return [start];
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = findImportCycles();
  if (cycles.length > 0) {
    console.error(
      `Import cycles (runtime imports; see ADR 026):\n${cycles.map((c) => `  ${c.join(" → ")}`).join("\n")}`,
    );
    process.exit(1);
  }
  console.log("No import cycles.");
}
