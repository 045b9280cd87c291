// CSRF protection from the browser's own fetch metadata: a state-changing request must come from this origin.
// Works for plain HTML forms (no token to thread through), and refuses anything a third-party page sends.
import { data } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_MESSAGE =
  "Pedido recusado: ele não veio deste site. Recarregue a página e tente de novo.";

/** The parts of a request the check reads, so the HTTP server can run it on its own request type too. */
export type RequestFacts = { method: string; url: string; header: (name: string) => string | null };

export function isCrossSiteWrite(request: Request): boolean {
  return isCrossSiteWriteFrom({
    method: request.method,
    url: request.url,
    header: (name) => request.headers.get(name),
  });
}

export function isCrossSiteWriteFrom(request: RequestFacts): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const site = request.header("sec-fetch-site");
  // "none" is a navigation the person started (address bar, bookmark); "same-site" (a sibling subdomain) is
  // refused like any other site.
  if (site) return site !== "same-origin" && site !== "none";
  // Without fetch metadata, the Origin, else the Referer, must name this host.
  const source = request.header("origin") ?? request.header("referer");
  // Clients without any of them (curl, scripts) are not browsers riding a cookie.
  if (!source) return false;
  const url = new URL(request.url);
  const forwardedHost = request.header("x-forwarded-host") ?? request.header("host") ?? url.host;
  try {
    return new URL(source).host !== forwardedHost;
  } catch {
    // "Origin: null" (sandboxed frames, data: URLs) and garbage.
    return true;
  }
}

export function assertSameOrigin(request: Request) {
  if (isCrossSiteWrite(request)) {
    throw data({ error: CROSS_SITE_MESSAGE }, { status: 403 });
  }
}
