// Where the auth pages send a person afterwards, from their `?redirectTo=` (local paths only).
import { safeRedirectPath } from "#app/lib/auth-guard.server.ts";

const AUTH_PATHS = ["/entrar", "/cadastro", "/esqueci-a-senha", "/recuperar-senha", "/sair"];

/**
 * Where to go after signing in: a local path (the caller passes it through `safeRedirectPath`), never back to an
 * auth page, and without the modal's parameters.
 */
export function afterAuthPath(safePath: string): string {
  const url = new URL(safePath, "http://local");
  if (AUTH_PATHS.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return "/";
  url.searchParams.delete("auth");
  url.searchParams.delete("token");
  const path = `${url.pathname}${url.search}${url.hash}`;
  // URL parsing drops tabs and newlines: "/\t/evil.com" would come out as "//evil.com".
  return safeRedirectPath(url.origin === "http://local" ? path : "/", "/");
}

/** The request's `?redirectTo=`, made safe: a local path that is not an auth page. */
export function redirectTarget(request: Request): string {
  return afterAuthPath(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
}
