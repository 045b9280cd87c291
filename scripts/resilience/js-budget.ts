// The JavaScript budget of the read pages (ADR 014, ADR 030). Counted per page, gzipped at level 9 from the
// running production server:
// - at open: the modules the page loads by itself (module scripts, module preloads and what the inline
//   module scripts import) plus the inline scripts (the hydration loader, React Router's context and data).
//   For a visitor this is what the first paint costs; its target is 60 KB (docs/performance.md).
// - parked: the modules a visitor's page loads once it is idle or at the first interaction (ADR 030).
// - the page's own: everything the page loads (a visitor after the first interaction, a member at open) except
//   the runtime — React, React DOM and React Router, the static imports of entry.client — which is the same
//   file on every page, cached for good after the first one. Its target is 60 KB too; the whole, runtime
//   included, gets a regression ceiling (React DOM alone is ~57 KB, so a cold page can never be under 60 KB).
// Lazy chunks (the editor, the auth forms, loaded on demand) are in none of them.
import { gzipSync } from "node:zlib";

/**
 * At most 60 KB of gzipped JavaScript at open (visitors) and of the page's own (everyone). The page's own held
 * a 64 KB ceiling for a while; since Radix's dialogs load when one opens (the sign-out dialog on every page,
 * the question page's delete confirmation) every page is at 30–55 KB, under the budget again (ADR 037).
 */
export const JS_BUDGET_BYTES = 60 * 1024;
/** The ceiling for everything a page loads, runtime included (cold cache): today's size plus a margin. */
export const JS_CEILING_BYTES = Number(process.env.JS_CEILING_KB ?? 170) * 1024;

export type PageBudget = {
  page: string;
  /** Modules fetched at open, and their gzipped size. */
  files: number;
  moduleGzipBytes: number;
  /** Inline scripts, gzipped together. */
  inlineGzipBytes: number;
  /** Everything a visitor's browser loads at open. */
  gzipBytes: number;
  /** Modules parked until idle or intent. */
  parkedFiles: number;
  parkedGzipBytes: number;
  /** Everything: at open plus parked (a visitor after the first interaction; a member at open). */
  totalGzipBytes: number;
  /** The same without the runtime (React, React DOM, React Router), inline scripts included. */
  ownGzipBytes: number;
};

function importsOf(source: string): string[] {
  return [...source.matchAll(/(?:import|from)\s*\(?\s*["']([^"']+\.js)["']/g)].map((m) => m[1]!);
}

function tagsWith(html: string, tag: "link" | "script", attribute: string, value: string): string[] {
  const pattern = new RegExp(`<${tag}\\b[^>]*\\b${attribute}="${value}"[^>]*>`, "g");
  return [...html.matchAll(pattern)].map((m) => m[0]);
}

/** The modules a page loads at open (`type`, `rel` as given) or keeps parked (the parked type and rel). */
function modulesOf(html: string, { parked = false } = {}): string[] {
  const scriptType = parked ? "sdd/parked-module" : "module";
  const preloadRel = parked ? "sdd-parked-modulepreload" : "modulepreload";
  const found = new Set<string>();
  for (const tag of tagsWith(html, "link", "rel", preloadRel)) {
    const href = tag.match(/\bhref="([^"]+)"/)?.[1];
    if (href) found.add(href);
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!new RegExp(`\\btype="${scriptType}"`).test(m[1]!)) continue;
    const src = m[1]!.match(/\bsrc="([^"]+)"/)?.[1];
    if (src) found.add(src);
    for (const imported of importsOf(m[2]!)) found.add(imported);
  }
  return [...found];
}

/** The text of the inline scripts that run at open (classic scripts without src). */
function inlineScriptsOf(html: string): string {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\bsrc=/.test(m[1]!) && !/\btype="(?!module")[^"]*"/.test(m[1]!))
    .map((m) => m[2]!)
    .join("\n");
}

export async function measurePages(
  origin: string,
  pages: string[],
  init: RequestInit = {},
): Promise<PageBudget[]> {
  const cache = new Map<string, { gzip: number; imports: string[] }>();
  const moduleAt = async (url: string) => {
    let module = cache.get(url);
    if (!module) {
      const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
      const staticImports = [
        ...bytes.toString().matchAll(/\bfrom\s*["']([^"']+\.js)["']|\bimport\s*["']([^"']+\.js)["']/g),
      ];
      module = {
        gzip: gzipSync(bytes, { level: 9 }).length,
        imports: staticImports.map((m) => new URL(m[1] ?? m[2]!, url).toString()),
      };
      cache.set(url, module);
    }
    return module;
  };
  const gzipOfModules = async (modules: string[]) => {
    let total = 0;
    for (const src of modules) total += (await moduleAt(new URL(src, origin).toString())).gzip;
    return total;
  };
  /** entry.client and what it imports statically: React, React DOM, React Router. */
  const runtimeOf = async (modules: string[]) => {
    const runtime = new Set<string>();
    const queue = modules
      .map((src) => new URL(src, origin).toString())
      .filter((u) => /\/entry\.client-/.test(u));
    while (queue.length) {
      const url = queue.pop()!;
      if (runtime.has(url)) continue;
      runtime.add(url);
      queue.push(...(await moduleAt(url)).imports);
    }
    return runtime;
  };
  const out: PageBudget[] = [];
  for (const page of pages) {
    const res = await fetch(`${origin}${page}`, init);
    if (!res.ok) throw new Error(`${page} respondeu ${res.status}`);
    const html = await res.text();
    const atOpen = modulesOf(html);
    const parked = modulesOf(html, { parked: true });
    const moduleGzipBytes = await gzipOfModules(atOpen);
    const inlineGzipBytes = gzipSync(inlineScriptsOf(html), { level: 9 }).length;
    const parkedGzipBytes = await gzipOfModules(parked);
    const all = [...new Set([...atOpen, ...parked].map((src) => new URL(src, origin).toString()))];
    const runtime = await runtimeOf(all);
    out.push({
      page,
      files: atOpen.length,
      moduleGzipBytes,
      inlineGzipBytes,
      gzipBytes: moduleGzipBytes + inlineGzipBytes,
      parkedFiles: parked.length,
      parkedGzipBytes,
      totalGzipBytes: (await gzipOfModules(all)) + inlineGzipBytes,
      ownGzipBytes: (await gzipOfModules(all.filter((url) => !runtime.has(url)))) + inlineGzipBytes,
    });
  }
  return out;
}
