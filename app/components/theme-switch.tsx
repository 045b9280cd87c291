// "Tema": Claro, Escuro, Sistema, in the footer of every page and in a member's settings (ADR 059). A plain form that posts to /tema (and
// comes back) before JavaScript; once the app runs, the choice shows at once and is sent in the background.
import { useEffect, useState } from "react";
import { useFetcher, useLocation, href } from "react-router";
import { applyTheme, parseTheme, themeFromCookie, THEME_LABELS, THEMES, type Theme } from "#app/lib/theme.ts";

const TONES = {
  // On the footer's dark background.
  footer: {
    title: "text-sm font-semibold text-white",
    group: "flex rounded-md border border-slate-600 p-0.5",
    button:
      "rounded px-2.5 py-1 text-sm text-slate-200 hover:text-white aria-pressed:bg-slate-700 aria-pressed:text-white",
  },
  // On a page's card (the settings).
  card: {
    title: "text-sm font-medium text-slate-800",
    group: "flex rounded-md border border-slate-300 p-0.5",
    button:
      "rounded px-3 py-1.5 text-sm text-slate-700 hover:text-slate-900 aria-pressed:bg-primary aria-pressed:text-white",
  },
} as const;

export function ThemeSwitch({
  memberTheme,
  tone = "footer",
  title = "Tema",
  titleId = "tema-titulo",
}: {
  memberTheme: Theme | null;
  tone?: keyof typeof TONES;
  /** The form's name: two on a page need two names (the footer's and the settings'). */
  title?: string;
  /** Unique on the page: the footer's switch is on every page, the settings' beside it. */
  titleId?: string;
}) {
  const style = TONES[tone];
  const fetcher = useFetcher({ key: "tema" });
  const location = useLocation();
  // A visitor's choice lives in their cookie, which the page (the same for every visitor) cannot say.
  const [cookieTheme, setCookieTheme] = useState<Theme | null>(null);
  useEffect(() => {
    if (memberTheme) return;
    const theme = themeFromCookie(document.cookie);
    setCookieTheme(theme);
    // Signed out on this page: the member's theme leaves <html>, the browser's choice comes back.
    if (theme !== "sistema") applyTheme(theme);
  }, [memberTheme]);
  const sending = parseTheme(fetcher.formData?.get("tema"));
  const current = sending ?? memberTheme ?? cookieTheme;

  return (
    <form
      method="post"
      action={href("/tema")}
      aria-labelledby={titleId}
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        const theme = parseTheme((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value"));
        if (!theme) return;
        event.preventDefault();
        applyTheme(theme);
        setCookieTheme(theme);
        void fetcher.submit({ tema: theme }, { method: "post", action: href("/tema") });
      }}
    >
      <span id={titleId} className={style.title}>
        {title}
      </span>
      <input type="hidden" name="voltar" value={`${location.pathname}${location.search}`} />
      <div className={style.group}>
        {THEMES.map((theme) => (
          <button
            key={theme}
            type="submit"
            name="tema"
            value={theme}
            aria-pressed={current ? current === theme : undefined}
            className={style.button}
          >
            {THEME_LABELS[theme]}
          </button>
        ))}
      </div>
    </form>
  );
}
