// The layout of every page with the site's header and footer. A route picks the blue header with
// `export const handle = { headerTheme: "blue" }`.
import { useEffect, useState } from "react";
import { Outlet, useMatches } from "react-router";
import { AuthModal } from "#app/components/auth/auth-modal.tsx";
import { LogoutDialog } from "#app/components/auth/logout-dialog.tsx";
import { SiteFooter } from "#app/components/layout/site-footer.tsx";
import { SiteHeader, type HeaderTheme } from "#app/components/layout/site-header.tsx";
import { useLiveUnreadCount } from "#app/components/layout/use-live-unread-count.ts";
import { recoveryState } from "#app/features/accounts/accounts.server.ts";
import { useRootData } from "#app/root.tsx";
import type { Route } from "./+types/site-layout";

export type LayoutHandle = { headerTheme?: HeaderTheme };

/** The auth modal's recovery mode (`?auth=recovery&token=…`, the link of the reset e-mail) checks its link. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("auth") !== "recovery") return { recovery: null };
  return { recovery: await recoveryState(url.searchParams.get("token")) };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const matches = useMatches();
  const theme =
    matches.map((m) => (m.handle as LayoutHandle | undefined)?.headerTheme).findLast(Boolean) ?? "base";
  const [logoutOpen, setLogoutOpen] = useState(false);
  const signedIn = Boolean(root?.viewer);
  const unread = useLiveUnreadCount(root?.unreadNotifications ?? 0, signedIn);
  // Signing out closes the logout dialog for good (it must not reopen at the next sign-in).
  useEffect(() => {
    if (!signedIn) setLogoutOpen(false);
  }, [signedIn]);

  return (
    <>
      <a href="#conteudo" className="skip-link btn-primary">
        Pular para o conteúdo
      </a>
      <SiteHeader
        theme={theme}
        viewer={root?.viewer ?? null}
        unreadNotifications={unread}
        onSignOut={() => setLogoutOpen(true)}
      />
      <main id="conteudo" className="min-h-[60vh]">
        <Outlet />
      </main>
      <SiteFooter
        contactPhone={root?.config.contactPhone ?? ""}
        contactEmail={root?.config.contactEmail ?? ""}
      />
      <AuthModal signedIn={signedIn} recoveryState={loaderData.recovery} />
      {signedIn ? <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} /> : null}
    </>
  );
}
