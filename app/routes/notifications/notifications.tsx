// /notifications: the bell's page. Lists the member's notifications (newest first) and marks them read;
// the ones that were unread when the page opened stay highlighted.
import { Link, createContext, href } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { BellIcon } from "#app/components/icons.tsx";
import { Pagination, pageFromUrl } from "#app/components/pagination.tsx";
import { listNotifications, markAllRead } from "#app/features/notifications/notifications.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import { unreadNotificationsContext } from "#app/lib/unread-notifications-context.server.ts";
import { formatRelative } from "#app/lib/dates.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/notifications";

const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = () => pageMeta({ title: "Notificações", noindex: true });

/** The notifications this visit read, so the page can still highlight them. */
const justReadContext = createContext<number[]>([]);

/**
 * Opening the page reads them, like the bell of any community site. Done in middleware, which runs before
 * every loader, so the header's count (root loader) already says 0 on this very response.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const viewer = context.get(viewerContext);
    if (viewer && request.method === "GET") {
      context.set(justReadContext, await markAllRead(viewer));
      // The count read with the session is from before: none is unread now.
      context.set(unreadNotificationsContext, 0);
    }
    return next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const page = pageFromUrl(request.url);
  const justRead = new Set(context.get(justReadContext));
  const { items, total } = await listNotifications(viewer, page, PAGE_SIZE);
  return {
    items: items.map((item) => ({ ...item, unread: item.unread || justRead.has(item.id) })),
    page,
    totalPages: Math.ceil(total / PAGE_SIZE),
  };
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { items, page, totalPages } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-primary text-2xl font-bold">Notificações</h1>
      {items.length === 0 ? (
        <div className="card mt-6 flex flex-col items-center gap-3 py-12 text-center">
          <span className="bg-primary-light text-primary rounded-full p-4">
            <BellIcon className="size-8" />
          </span>
          <h2 className="text-lg font-semibold text-slate-900">Nenhuma notificação por enquanto</h2>
          <p className="max-w-md text-sm text-slate-700">
            Quando alguém responder às suas perguntas, comentar nos seus posts ou começar a seguir você,
            avisaremos aqui.
          </p>
          <Link to={href("/questions")} className="btn-primary mt-2">
            Ver perguntas
          </Link>
        </div>
      ) : (
        <>
          <ol className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {items.map((item) => (
              <li key={item.id} className={item.unread ? "bg-primary-light/60" : ""}>
                <Link to={item.url} className="flex items-start gap-3 p-4 hover:bg-slate-50">
                  <AvatarImage src={item.actor?.avatarUrl} handle={item.actor?.handle} size="sm" />
                  <span className="flex-1">
                    <span
                      className={`block text-sm ${item.unread ? "font-semibold text-slate-900" : "text-slate-800"}`}
                    >
                      {item.title}
                    </span>
                    {/* "há 3 minutos" may have moved on by the time the page hydrates. */}
                    <span className="mt-1 block text-xs text-slate-600" suppressHydrationWarning>
                      {formatRelative(item.createdAt)}
                      {item.unread ? <span className="text-primary ml-2 font-semibold">Nova</span> : null}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
          <Pagination page={page} totalPages={totalPages} />
        </>
      )}
      <p className="mt-6 text-sm text-slate-700">
        Escolha o que também chega por e-mail em{" "}
        <Link to={`${href("/configuracoes")}#notificacoes`} className="text-primary underline">
          Configurações
        </Link>
        .
      </p>
    </div>
  );
}
