// "Tema": Claro, Escuro, Sistema, in the footer of every page (ADR 059). A plain form that posts to /tema (and
// comes back) before JavaScript; once the app runs, the choice shows at once and is sent in the background.
import { useEffect, useState } from "react";
import { useFetcher, useLocation, href } from "react-router";
import { applyTheme, parseTheme, themeFromCookie, THEME_LABELS, THEMES, type Theme } from "#app/lib/theme.ts";

export function ThemeSwitch({ memberTheme }: { memberTheme: Theme | null }) {
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
      aria-labelledby="tema-titulo"
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
      <span id="tema-titulo" className="text-sm font-semibold text-white">
        Tema
      </span>
      <input type="hidden" name="voltar" value={`${location.pathname}${location.search}`} />
      <div className="flex rounded-md border border-slate-600 p-0.5">
        {THEMES.map((theme) => (
          <button
            key={theme}
            type="submit"
            name="tema"
            value={theme}
            aria-pressed={current ? current === theme : undefined}
            className="rounded px-2.5 py-1 text-sm text-slate-200 hover:text-white aria-pressed:bg-slate-700 aria-pressed:text-white"
          >
            {THEME_LABELS[theme]}
          </button>
        ))}
      </div>
    </form>
  );
}
