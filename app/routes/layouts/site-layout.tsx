// The layout of every page with the site's header and footer. A route picks the blue header with
// `export const handle = { headerTheme: "blue" }`.
import { useState } from "react";
import { Outlet, useMatches } from "react-router";
import { SiteFooter } from "#app/components/layout/site-footer.tsx";
import { SiteHeader, type HeaderTheme } from "#app/components/layout/site-header.tsx";
import { useRootData } from "#app/root.tsx";

export type LayoutHandle = { headerTheme?: HeaderTheme };

export default function SiteLayout() {
  const root = useRootData();
  const matches = useMatches();
  const theme =
    matches.map((m) => (m.handle as LayoutHandle | undefined)?.headerTheme).findLast(Boolean) ?? "base";
  const [, setLogoutOpen] = useState(false);

  return (
    <>
      <a href="#conteudo" className="skip-link btn-primary">
        Pular para o conteúdo
      </a>
      <SiteHeader theme={theme} viewer={root?.viewer ?? null} onSignOut={() => setLogoutOpen(true)} />
      <main id="conteudo" className="min-h-[60vh]">
        <Outlet />
      </main>
      <SiteFooter
        contactPhone={root?.config.contactPhone ?? ""}
        contactEmail={root?.config.contactEmail ?? ""}
      />
    </>
  );
}
