// CSRF protection from the browser's own fetch metadata: a state-changing request must come from this origin.
// Works for plain HTML forms (no token to thread through), and refuses anything a third-party page sends.
import { data } from "react-router";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  // Clients without fetch metadata and without Origin (curl, old browsers) are not browsers riding a cookie.
  if (!origin) return false;
  const url = new URL(request.url);
  const forwardedHost = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  try {
    return new URL(origin).host !== forwardedHost;
  } catch {
    return true;
  }
}

export function assertSameOrigin(request: Request) {
  if (isCrossSiteWrite(request)) {
    throw data(
      { error: "Pedido recusado: ele não veio deste site. Recarregue a página e tente de novo." },
      { status: 403 },
    );
  }
}
