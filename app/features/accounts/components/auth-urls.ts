import { href } from "react-router";
// Addresses of the auth modal (`?auth=<mode>` on the current page) and of the full auth pages. Shared by
// the header, the modal and the pages; safe in the browser.
export type AuthMode = "signIn" | "signUp" | "forgot" | "recovery";

const AUTH_MODES: readonly AuthMode[] = ["signIn", "signUp", "forgot", "recovery"];

export function isAuthMode(value: string | null): value is AuthMode {
  return value !== null && (AUTH_MODES as readonly string[]).includes(value);
}

type Place = { pathname: string; search: string };

/** The current page without the modal's parameters: where the modal's forms come back to. */
export function returnPathOf({ pathname, search }: Place): string {
  const params = new URLSearchParams(search);
  params.delete("auth");
  params.delete("token");
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** The current page with the modal in `mode` (the recovery token is kept only in recovery mode). */
export function authModalHref(place: Place, mode: AuthMode): string {
  const params = new URLSearchParams(place.search);
  params.set("auth", mode);
  if (mode !== "recovery") params.delete("token");
  return `${place.pathname}?${params.toString()}`;
}

/** The full pages, for the forms without JavaScript and for `requireViewer`'s redirects. */
export const AUTH_PAGES = {
  signIn: href("/entrar"),
  signUp: href("/cadastro"),
  forgot: href("/esqueci-a-senha"),
  recovery: href("/recuperar-senha"),
  signOut: href("/sair"),
} as const;

/** `path` told where to come back to afterwards (forms post there; the page reads it again without JS). */
export function withRedirectTo(path: string, redirectTo?: string | null): string {
  return redirectTo && redirectTo !== "/" ? `${path}?redirectTo=${encodeURIComponent(redirectTo)}` : path;
}

/** A full auth page that comes back to `redirectTo` afterwards. */
export function authPageHref(mode: Exclude<AuthMode, "recovery">, redirectTo?: string | null): string {
  return withRedirectTo(AUTH_PAGES[mode], redirectTo);
}

/**
 * After a password reset the member lands signed in on `path`, told so by `?senha=alterada` (a parameter, not a
 * cookie, so the page says it without JavaScript and nothing is left to clear).
 */
export const PASSWORD_CHANGED = { param: "senha", value: "alterada" } as const;

export function withPasswordChanged(path: string): string {
  const url = new URL(path, "http://local");
  url.searchParams.set(PASSWORD_CHANGED.param, PASSWORD_CHANGED.value);
  return `${url.pathname}${url.search}${url.hash}`;
}
