// Guards for loaders and actions that need a member. A visitor is sent to sign in and comes back afterwards.
import { redirect, type RouterContextProvider, href } from "react-router";
import { viewerContext } from "./context.ts";
import type { Viewer } from "./viewer.ts";

/** Where a visitor goes to sign in before coming back to `returnTo`. */
export function signInUrl(returnTo: string) {
  return `${href("/entrar")}?redirectTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Only local paths are allowed as a place to come back to (no open redirects), and no control characters: a
 * line break in a `Location` header is refused by Node (a 500) and was once a way to add headers.
 */
export function safeRedirectPath(
  value: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  const path = typeof value === "string" ? value : "";
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) return fallback;
  return path;
}

/**
 * The path and query of the page a form was sent from, as the browser says (`Referer`), to go back to on this
 * site; null for a missing or unreadable one (any client can send any text there).
 */
export function refererPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer || !URL.canParse(referer)) return null;
  const from = new URL(referer);
  const path = safeRedirectPath(`${from.pathname}${from.search}`, "");
  return path || null;
}

export function requireViewer(request: Request, context: Readonly<RouterContextProvider>): Viewer {
  const viewer = context.get(viewerContext);
  if (viewer) return viewer;
  const url = new URL(request.url);
  // After a refused POST, come back to the page the form was on.
  const back =
    request.method === "GET"
      ? `${url.pathname}${url.search}`
      : (refererPath(request)?.split("?")[0] ?? url.pathname);
  throw redirect(signInUrl(back));
}

export function optionalViewer(context: Readonly<RouterContextProvider>): Viewer | null {
  return context.get(viewerContext);
}
