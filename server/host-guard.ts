// With PUBLIC_URL set, the site answers only under that host. A request naming another one (`Host` or, from a
// trusted proxy, `X-Forwarded-Host`) is answered 400 before anything reads it: no page, redirect or cached copy
// is ever made for a host the operator did not choose (ADR 021). /healthz answers whatever the host, so load
// balancers can probe a server by its address.
import type { NextFunction, Request, Response } from "express";

const UNKNOWN_HOST_MESSAGE =
  "Endereço desconhecido: este site só responde pelo endereço público configurado (PUBLIC_URL).";

/** The host part of an address as a browser compares it: lower case, without the scheme's default port. */
function normalHost(protocol: string, host: string): string | null {
  try {
    const url = new URL(`${protocol}//${host}`);
    // "evil.example/x" or "a@b" parse as a host plus something else: not a plain host.
    if (url.pathname !== "/" || url.username || url.password || url.search || url.hash) return null;
    return url.host;
  } catch {
    return null;
  }
}

export function hostGuard(publicUrl: string | undefined) {
  if (!publicUrl) return (_req: Request, _res: Response, next: NextFunction) => next();
  const expected = new URL(publicUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === "/healthz") return next();
    // Express reads X-Forwarded-Host only from proxies TRUST_PROXY trusts; `Host` otherwise.
    const named = req.host ? normalHost(expected.protocol, req.host) : null;
    if (named === expected.host) return next();
    res.status(400).set("Connection", "close").type("text/plain; charset=utf-8").send(UNKNOWN_HOST_MESSAGE);
  };
}
