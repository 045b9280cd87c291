import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * Security headers with a nonce-based Content-Security-Policy; the video embed is the only frame allowed.
 * `formTargets`: origins a form may end up at besides the site (the sign-in providers' authorization pages,
 * reached by the redirect of the "Entrar com …" forms, which `form-action` governs too; ADR 044).
 */
export function securityHeaders({
  isDev,
  formTargets = [],
}: {
  isDev: boolean;
  formTargets?: string[];
}): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": isDev
          ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
          : [
              "'self'",
              (_req, res) =>
                `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`,
              // PostgreSQL in WebAssembly, for the SQL a reader runs from a code block (ADR 065): compiling
              // WebAssembly is all this allows, never eval of text.
              "'wasm-unsafe-eval'",
            ],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": isDev ? ["'self'", "ws:", "wss:"] : ["'self'"],
        "frame-src": ["https://www.youtube-nocookie.com"],
        "media-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'", ...formTargets],
        "frame-ancestors": ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isDev ? false : { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
