// POST /tema (tema = claro | escuro | sistema): the theme switch in the footer. Everyone's choice goes in the
// `tema` cookie (a visitor's only home for it, and what the inline script reads before the first paint); a
// member's is kept on their account too. A plain form post (no JavaScript) comes back to the page it was on
// (`voltar`); the app's own request gets the choice back and has already applied it.
import { data, redirect, href } from "react-router";
import { isSecure } from "#app/features/accounts/sessions.server.ts";
import { setTheme } from "#app/features/accounts/settings.server.ts";
import type { FetcherReply } from "#app/lib/action-reply.ts";
import { optionalViewer, safeRedirectPath } from "#app/lib/auth-guard.server.ts";
import { parseTheme, THEME_COOKIE, type Theme } from "#app/lib/theme.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/theme";

export const THEME_MESSAGES = { invalid: "Escolha entre Claro, Escuro e Sistema." } as const;

/** A year: a preference, not a session. */
const COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function loader() {
  return redirect(href("/"));
}

export async function action({ request, context }: Route.ActionArgs) {
  // Nothing any page shows changes: the cached pages for visitors stay.
  writeChangesNothingVisitorsSee(context);
  const form = await request.formData();
  const theme = parseTheme(form.get("tema"));
  if (!theme) {
    return data<FetcherReply<{ theme: Theme }>>(
      { ok: false, message: THEME_MESSAGES.invalid },
      { status: 400 },
    );
  }
  const viewer = optionalViewer(context);
  if (viewer) await setTheme(viewer, theme);
  const cookie = [
    `${THEME_COOKIE}=${theme}`,
    "Path=/",
    `Max-Age=${COOKIE_MAX_AGE_S}`,
    "SameSite=Lax",
    ...(isSecure(request) ? ["Secure"] : []),
  ].join("; ");
  const headers = { "Set-Cookie": cookie };
  const back = form.get("voltar");
  if (typeof back === "string") return redirect(safeRedirectPath(back), { headers });
  return data<FetcherReply<{ theme: Theme }>>({ ok: true, theme }, { headers });
}
