// The layout of every page with the site's header and footer. A route picks the blue header with
// `export const handle = { headerTheme: "blue" }`.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, Outlet, isRouteErrorResponse, useLocation, useMatches, href } from "react-router";
import { NotFoundPage, UNEXPECTED_ERROR } from "#app/components/brand/not-found-content.tsx";
import { AuthModal } from "#app/features/accounts/components/auth-modal.tsx";
import { DoneNotice } from "./components/done-notice.tsx";
import { recoveryState } from "#app/features/accounts/accounts.server.ts";
import { SiteNoticeBanner } from "#app/features/curation/components/site-notice-banner.tsx";
import { currentSiteNotice } from "#app/features/curation/site-notice.server.ts";
import { SuspensionBanner } from "#app/features/moderation/components/suspension-banner.tsx";
import { useLiveUnreadCount } from "#app/features/notifications/components/use-live-unread-count.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { notFoundTitle } from "#app/lib/meta.ts";
import { keepFrameFragments } from "#app/lib/page-html.server.ts";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader, type HeaderTheme } from "./components/site-header.tsx";
import type { Route } from "./+types/site-layout";

export type LayoutHandle = { headerTheme?: HeaderTheme };

// Radix's dialog is fetched when a member reaches for Sair (the user menu, the phone menu's item), not with
// every page (ADR 030).
const loadLogoutDialog = () => import("#app/features/accounts/components/logout-dialog.tsx");
const LogoutDialog = lazy(() => loadLogoutDialog().then((module) => ({ default: module.LogoutDialog })));

/**
 * The administrators' notice (remembered by each app server until it changes), and the auth modal's recovery
 * mode (`?auth=recovery&token=…`, the link of the reset e-mail), which checks its link. The header every page
 * shows is kept across pages (ADR 069).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  keepFrameFragments(context);
  const url = new URL(request.url);
  const notice = currentSiteNotice();
  if (url.searchParams.get("auth") !== "recovery") return { recovery: null, notice: await notice };
  return { recovery: await recoveryState(url.searchParams.get("token")), notice: await notice };
}

/**
 * After a navigation inside the app to a place on a page made to take the focus (`#resposta-12`, back from
 * editing that answer), the focus goes there, as the reading does: the keyboard and a screen reader go on from
 * what was just saved rather than from the top. Not on the document's own load, whose hydration may come with a
 * visitor's first tap (ADR 030), and never to what was not made focusable (`tabindex="-1"`).
 */
function useFocusOnArrival() {
  const location = useLocation();
  const loaded = useRef(false);
  useEffect(() => {
    if (!loaded.current) {
      loaded.current = true;
      return;
    }
    if (!location.hash) return;
    let id: string;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch {
      return;
    }
    const target = document.getElementById(id);
    if (target?.getAttribute("tabindex") === "-1") target.focus({ preventScroll: true });
  }, [location.key, location.hash]);
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const matches = useMatches();
  const theme =
    matches.map((m) => (m.handle as LayoutHandle | undefined)?.headerTheme).findLast(Boolean) ?? "base";
  const [logoutOpen, setLogoutOpen] = useState(false);
  // Mounted from the first Sair on, so closing it runs its focus return instead of unmounting it.
  const [logoutUsed, setLogoutUsed] = useState(false);
  const signedIn = Boolean(root?.viewer);
  const unread = useLiveUnreadCount(root?.unreadNotifications ?? 0, signedIn);
  // Signing out closes the logout dialog for good (it must not reopen at the next sign-in).
  useEffect(() => {
    if (!signedIn) setLogoutOpen(false);
  }, [signedIn]);
  useFocusOnArrival();

  return (
    <>
      <a href="#conteudo" className="skip-link btn-primary">
        Pular para o conteúdo
      </a>
      <SiteHeader
        theme={theme}
        viewer={root?.viewer ?? null}
        unreadNotifications={unread}
        reviewItems={root?.reviewItems ?? null}
        onSignOut={() => {
          setLogoutUsed(true);
          setLogoutOpen(true);
        }}
        onSignOutIntent={() => void loadLogoutDialog()}
      />
      <SuspensionBanner viewer={root?.viewer ?? null} />
      <SiteNoticeBanner notice={loaderData.notice} />
      <main id="conteudo" className="min-h-[60vh]">
        <DoneNotice />
        <Outlet />
      </main>
      <SiteFooter
        contactPhone={root?.config.contactPhone ?? ""}
        contactEmail={root?.config.contactEmail ?? ""}
        memberTheme={root?.viewer?.theme ?? null}
      />
      <AuthModal signedIn={signedIn} recoveryState={loaderData.recovery} />
      {signedIn && logoutUsed ? (
        <Suspense fallback={null}>
          <LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

const ERROR_MESSAGES: Record<number, { title: string; text: string }> = {
  401: {
    title: "Entre para continuar",
    text: "Esta página é só para membros. Entre na sua conta e tente de novo.",
  },
  403: { title: "Você não tem permissão", text: "Só quem escreveu (ou a moderação) pode fazer isso." },
  429: { title: "Muitas tentativas", text: "Espere um pouco e tente de novo." },
};

/** Errors inside the site keep the header and footer; a missing page is the brand's not-found page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return <NotFoundPage title={notFoundTitle(error)} />;
  const detail =
    isRouteErrorResponse(error) && typeof error.data === "string" && status < 500 ? error.data : undefined;
  const message = ERROR_MESSAGES[status] ?? UNEXPECTED_ERROR;
  return (
    <>
      <SiteHeader
        viewer={root?.viewer ?? null}
        unreadNotifications={root?.unreadNotifications ?? 0}
        reviewItems={root?.reviewItems ?? null}
        onSignOut={() => {}}
      />
      <main
        id="conteudo"
        className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      >
        <title>{`${message.title} | Suporte de Domingo`}</title>
        <h1 className="text-primary text-3xl font-bold">{message.title}</h1>
        <p className="text-slate-700">{detail ?? message.text}</p>
        <Link to={href("/")} className="btn-primary">
          Voltar para a página inicial
        </Link>
      </main>
      <SiteFooter
        contactPhone={root?.config.contactPhone ?? ""}
        contactEmail={root?.config.contactEmail ?? ""}
        memberTheme={root?.viewer?.theme ?? null}
      />
      {/* The header's Login and Cadastro open these: an error page keeps them working. */}
      <AuthModal signedIn={Boolean(root?.viewer)} recoveryState={null} />
    </>
  );
}
