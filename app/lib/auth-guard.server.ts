// Guards for loaders and actions that need a member. A visitor is sent to sign in and comes back afterwards.
import { redirect, type RouterContextProvider } from "react-router";
import { viewerContext } from "./context.ts";
import type { Viewer } from "./viewer.ts";

/** Where a visitor goes to sign in before coming back to `returnTo`. */
export function signInUrl(returnTo: string) {
  return `/entrar?redirectTo=${encodeURIComponent(returnTo)}`;
}

/** Only local paths are allowed as a place to come back to (no open redirects). */
export function safeRedirectPath(
  value: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  const path = typeof value === "string" ? value : "";
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

export function requireViewer(request: Request, context: Readonly<RouterContextProvider>): Viewer {
  const viewer = context.get(viewerContext);
  if (viewer) return viewer;
  const url = new URL(request.url);
  // After a refused POST, come back to the page the form was on.
  const back =
    request.method === "GET"
      ? `${url.pathname}${url.search}`
      : safeRedirectPath(new URL(request.headers.get("referer") ?? url.href).pathname, url.pathname);
  throw redirect(signInUrl(back));
}

export function optionalViewer(context: Readonly<RouterContextProvider>): Viewer | null {
  return context.get(viewerContext);
}
