import { useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  href,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { reviewCountFor } from "./features/moderation/review-count.server.ts";
import { unreadCount } from "./features/notifications/notifications.server.ts";
import { viewerContext } from "./lib/context.ts";
import { unreadNotificationsContext } from "./lib/unread-notifications-context.server.ts";
import { publicConfig } from "./lib/env.server.ts";
import { shownViewer } from "./lib/member-page-template.server.ts";
import { notFoundTitle, pageMeta } from "./lib/meta.ts";
import type { RootData } from "./lib/root-data.ts";
import { announceHydrated } from "./lib/hydrate-on-intent.ts";
import { ignoreAbortedRequests } from "./lib/aborted-requests.ts";
import { useNonce } from "./lib/nonce.tsx";
import { THEME_SCRIPT } from "./lib/theme.ts";
import { rootMiddleware } from "./root-middleware.server.ts";
import stylesheet from "./app.css?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { installDialogFallbacks } from "./components/native-dialog.tsx";
import { FocusFirstErrorAfterSubmit } from "./components/form/focus-first-error.ts";
import { NotFoundPage, UNEXPECTED_ERROR } from "./components/brand/not-found-content.tsx";

export const middleware: Route.MiddlewareFunction[] = rootMiddleware;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // Every page's text is in Inter: fetch its Latin file with the stylesheet instead of after it (the same
  // hashed file app.css names, so it downloads once).
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/**
 * The default title and description; every page sets its own with pageMeta(). An error page's title is its
 * boundary's `<title>` ("Membro não encontrado | …"): this one would come first in the head and win.
 */
export const meta: Route.MetaFunction = ({ error }) =>
  error ? pageMeta({ noindex: true }).filter((tag) => !("title" in tag)) : pageMeta({});

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const viewer = context.get(viewerContext);
  // Read with the session before anything ran; after an action in the same request (a form posted without
  // JavaScript) the action may have read them, so they are counted again.
  const known = request.method === "GET" ? context.get(unreadNotificationsContext) : null;
  const [unreadNotifications, reviewItems] = viewer
    ? await Promise.all([known ?? unreadCount(viewer.id), reviewCountFor(viewer)])
    : [0, null];
  return { viewer: shownViewer(context, viewer), unreadNotifications, reviewItems, config: publicConfig() };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // A member's page says their theme; a visitor's (the same HTML for all) is set from the cookie below.
  const memberTheme = useRouteLoaderData<typeof loader>("root")?.viewer?.theme;
  return (
    // The inline script may add a visitor's `data-theme` before React arrives.
    <html lang="pt-BR" data-theme={memberTheme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <meta name="theme-color" content="#3348A4" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Releases a click or submit held while the page waited for intent (ADR 014).
  useEffect(announceHydrated, []);
  useEffect(ignoreAbortedRequests, []);
  useEffect(installDialogFallbacks, []);
  return (
    <>
      <Outlet />
      <FocusFirstErrorAfterSubmit />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return <NotFoundPage title={notFoundTitle(error)} />;
  // A refusal that explains itself (a suspended member's write, a cross-site post) keeps its words.
  const refusal =
    isRouteErrorResponse(error) && status < 500 && typeof error.data === "string" ? error.data : null;
  const { title, text: message } = refusal
    ? { title: status === 403 ? "Você não tem permissão" : "Não foi possível continuar", text: refusal }
    : UNEXPECTED_ERROR;
  return (
    <main
      id="conteudo"
      className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <title>{`${title} | Suporte de Domingo`}</title>
      <h1 className="text-primary text-3xl font-bold">{title}</h1>
      <p>{message}</p>
      <a className="btn-primary" href={href("/")}>
        Voltar para a página inicial
      </a>
    </main>
  );
}
