// The site's theme: Claro, Escuro or Sistema (the device's preference), ADR 059. A member's choice is kept on
// their account (it follows them to every device); a visitor's in the `tema` cookie. The colours are CSS alone
// (app.css); what is here decides which one <html> says.

export const THEMES = ["sistema", "claro", "escuro"] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_LABELS: Record<Theme, string> = { claro: "Claro", escuro: "Escuro", sistema: "Sistema" };

/** The visitor's choice. Not HttpOnly: the inline script reads it before the first paint. */
export const THEME_COOKIE = "tema";

export function parseTheme(value: unknown): Theme | null {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value) ? (value as Theme) : null;
}

/** The theme a cookie header chose, "sistema" when none. */
export function themeFromCookie(cookieHeader: string | null): Theme {
  const match = /(?:^|;\s*)tema=([a-z]+)/.exec(cookieHeader ?? "");
  return parseTheme(match?.[1]) ?? "sistema";
}

/**
 * Runs in <head> before the page paints: the HTML a visitor gets is the same for every visitor (it may come
 * from the visitor cache), so their cookie's choice is put on <html> here. A member's page already says it.
 */
export const THEME_SCRIPT = `(function(){var d=document.documentElement;if(d.dataset.theme)return;var m=/(?:^|;\\s*)tema=(claro|escuro)(?:;|$)/.exec(document.cookie);if(m)d.dataset.theme=m[1]})()`;

/** Applies a choice at once (the form's answer follows): "sistema" hands the colours back to the device. */
export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
}
