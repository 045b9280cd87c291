import { Readable } from "node:stream";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { AWAITS_CODE, PARKED_PRELOAD_REL, PARKED_SCRIPT_TYPE, hydrateOnIntent } from "./hydrate-on-intent.ts";
import { parkHydrationScripts, shouldHydrateOnIntent } from "./hydrate-on-intent.server.ts";

const page = [
  '<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce=="/>',
  '<link rel="modulepreload" href="/assets/react-dom-B.js" nonce="n0nce=="/>',
  '<link rel="stylesheet" href="/assets/app-C.css"/></head><body><main><h1>Pergunta: ação &lt;script type="module"&gt;</h1>',
  "<p>Acentuação, emoji 🎉 e código: a &lt; b</p></main>",
  '<script nonce="n0nce==">window.__reactRouterContext = {"a":"\\u003cscript"};</script>',
  '<script nonce="n0nce==" type="module" async="">import "/assets/manifest-D.js";\nimport("/assets/entry.client-A.js");</script>',
  "</body></html>",
].join("");

async function rewrite(html: string, chunkSize: number): Promise<string> {
  const bytes = Buffer.from(html);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  let out = "";
  for await (const part of Readable.from(chunks).pipe(parkHydrationScripts())) out += String(part);
  return out;
}

describe("parkHydrationScripts", () => {
  it("parks module preloads and the module script, with the loader just before the script", async () => {
    const out = await rewrite(page, 64 * 1024);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out.match(new RegExp(`rel="${PARKED_PRELOAD_REL}"`, "g"))).toHaveLength(2);
    expect(out).toContain(`<script nonce="n0nce==" type="${PARKED_SCRIPT_TYPE}" async="">import "/assets/`);
    const loader = `<script nonce="n0nce==">(${hydrateOnIntent.toString()})()</script>`;
    expect(out.split(loader)).toHaveLength(2);
    expect(out.indexOf(loader)).toBeLessThan(out.indexOf(PARKED_SCRIPT_TYPE));
    // Text that merely looks like a tag is escaped by React and left alone.
    expect(out).toContain('&lt;script type="module"&gt;');
    // Nothing else changes.
    const restored = out
      .replace(loader, "")
      .replaceAll(PARKED_PRELOAD_REL, "modulepreload")
      .replace(PARKED_SCRIPT_TYPE, "module");
    expect(restored).toBe(page);
  });

  it("gives the same bytes however the stream is cut, inside tags and inside characters", async () => {
    const whole = await rewrite(page, 64 * 1024);
    for (const size of [1, 2, 3, 7, 13, 50, 101]) expect(await rewrite(page, size)).toBe(whole);
  });

  it("the loader looks for exactly the tags the rewrite makes, and the mark of parts awaiting their code", () => {
    // The loader is serialised source and cannot import the constants: this keeps its literals in step.
    // (The transpiler may re-quote the selectors, escaping their inner quotes.)
    const source = hydrateOnIntent.toString().replaceAll('\\"', '"');
    expect(source).toContain(`link[rel="${PARKED_PRELOAD_REL}"]`);
    expect(source).toContain(`script[type="${PARKED_SCRIPT_TYPE}"]`);
    expect(source).toContain(`"[${AWAITS_CODE}]"`);
  });

  it("leaves a page without module scripts as it was", async () => {
    const plain = "<html><body><p>só texto</p></body></html>";
    expect(await rewrite(plain, 5)).toBe(plain);
  });
});

describe("shouldHydrateOnIntent", () => {
  const routerContext = (handle?: unknown) =>
    ({
      isSpaMode: false,
      staticHandlerContext: { matches: [{ route: { id: "root" } }, { route: { id: "page" } }] },
      routeModules: { root: {}, page: { handle } },
    }) as unknown as EntryContext;
  const visit = (url: string, overrides: { status?: number; signedIn?: boolean; handle?: unknown } = {}) =>
    shouldHydrateOnIntent({
      request: new Request(`http://localhost${url}`),
      status: overrides.status ?? 200,
      signedIn: overrides.signedIn ?? false,
      routerContext: routerContext(overrides.handle),
    });

  it("waits for intent on a visitor's successful page", () => {
    expect(visit("/questions/1")).toBe(true);
    expect(visit("/blog", { handle: { headerTheme: "blue" } })).toBe(true);
  });

  it("hydrates on load for members, error pages, the sign-in dialog and routes that ask", () => {
    expect(visit("/questions/1", { signedIn: true })).toBe(false);
    expect(visit("/nao-existe", { status: 404 })).toBe(false);
    expect(visit("/questions?auth=signIn")).toBe(false);
    expect(visit("/coming-soon", { handle: { hydration: "on-load" } })).toBe(false);
  });
});
