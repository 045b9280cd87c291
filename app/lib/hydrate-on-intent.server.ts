// The server half of hydration on intent (ADR 014): which responses wait for intent, and the stream rewrite
// that parks React Router's scripts. The browser half is hydrate-on-intent.ts.
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import type { EntryContext } from "react-router";
import {
  PARKED_PRELOAD_REL,
  PARKED_SCRIPT_TYPE,
  hydrateOnIntent,
  type HydrationHandle,
} from "./hydrate-on-intent.ts";

const LOADER_SOURCE = `(${hydrateOnIntent.toString()})()`;

/**
 * Visitors get hydration on intent on successful pages; members (who vote, write and get live
 * notifications) and error pages (their typed subtitle is the page) hydrate on load, as does any page
 * whose URL opens the sign-in dialog or whose route asks for it.
 */
export function shouldHydrateOnIntent({
  request,
  status,
  signedIn,
  routerContext,
}: {
  request: Request;
  status: number;
  signedIn: boolean;
  routerContext: EntryContext;
}): boolean {
  if (signedIn || status >= 400 || routerContext.isSpaMode) return false;
  if (new URL(request.url).searchParams.has("auth")) return false;
  return routerContext.staticHandlerContext.matches.every(
    (match) =>
      (routerContext.routeModules[match.route.id]?.handle as HydrationHandle | undefined)?.hydration !==
      "on-load",
  );
}

const MODULE_PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module"/g;

/**
 * Rewrites the streamed HTML: module preloads and module scripts get inert types, so the browser neither
 * fetches nor runs them, and the loader goes in just before the first one. React and React Router never
 * put these tags inside text (member content is sanitised and serialised data escapes "<"), so a tag is
 * only ever matched whole: a chunk that ends inside a tag keeps that tag for the next chunk.
 */
export function parkHydrationScripts(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  let loaderWritten = false;
  const rewrite = (html: string) =>
    html
      .replace(MODULE_PRELOAD, `<link rel="${PARKED_PRELOAD_REL}"`)
      .replace(MODULE_SCRIPT, (_match, nonceAttribute: string | undefined) => {
        const nonce = nonceAttribute ?? "";
        const loader = loaderWritten ? "" : `<script${nonce}>${LOADER_SOURCE}</script>`;
        loaderWritten = true;
        return `${loader}<script${nonce} type="${PARKED_SCRIPT_TYPE}"`;
      });
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = carry + decoder.write(chunk);
      const lastOpen = text.lastIndexOf("<");
      const cut = lastOpen > text.lastIndexOf(">") ? lastOpen : text.length;
      carry = text.slice(cut);
      callback(null, rewrite(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, rewrite(carry + decoder.end()));
    },
  });
}
