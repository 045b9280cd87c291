// /notifications: the bell's page. Lists the member's notifications (newest first) and marks them read;
// the ones that were unread when the page opened stay highlighted. Below, "Acompanhando": the questions and
// posts the member watches, each with "Parar de acompanhar" (intent `unwatch`).
import { data, Form, Link, createContext, href } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { BellIcon } from "#app/components/icons.tsx";
import { Pagination, pageFromUrl } from "#app/components/pagination.tsx";
import {
  listNotifications,
  markAllRead,
  recentBadgeNotices,
} from "#app/features/notifications/notifications.server.ts";
import { setWatching, watchedThreads } from "#app/features/notifications/thread-watches.server.ts";
import { formRowId } from "#app/lib/ids.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
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
  const [{ items, total }, watched, badges] = await Promise.all([
    listNotifications(viewer, page, PAGE_SIZE),
    watchedThreads(viewer),
    recentBadgeNotices(viewer),
  ]);
  return {
    items: items.map((item) => ({ ...item, unread: item.unread || justRead.has(item.id) })),
    watched,
    badges,
    page,
    totalPages: Math.ceil(total / PAGE_SIZE),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  writeChangesNothingVisitorsSee(context);
  const form = await request.formData();
  const kind = form.get("kind");
  const id = formRowId(form.get("id"));
  if (form.get("intent") !== "unwatch" || (kind !== "question" && kind !== "post") || id === 0) {
    return data({ ok: false, message: "Ação desconhecida." }, { status: 400 });
  }
  await setWatching(viewer, { kind, id }, false);
  return { ok: true, message: "Você parou de acompanhar." };
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { items, watched, badges, page, totalPages } = loaderData;
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
      {badges.length ? (
        <section aria-labelledby="medalhas-recentes" className="mt-10">
          <h2 id="medalhas-recentes" className="text-lg font-bold text-slate-900">
            Suas medalhas
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {badges.map((badge) => (
              <li key={badge.id} className="p-3 text-sm">
                <Link to={badge.url} className="text-primary hover:underline">
                  {badge.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="acompanhando" className="mt-10">
        <h2 id="acompanhando" className="text-lg font-bold text-slate-900">
          Acompanhando
        </h2>
        {watched.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            Toque em “Acompanhar” numa pergunta para receber aqui as novas respostas, comentários e edições.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {watched.map((thread) => (
              <li key={`${thread.kind}-${thread.id}`} className="flex flex-wrap items-center gap-3 p-3">
                <span className="text-xs font-semibold text-slate-600 uppercase">
                  {thread.kind === "question" ? "Pergunta" : "Post"}
                </span>
                <Link
                  to={thread.url}
                  className="text-primary min-w-0 flex-1 text-sm break-words hover:underline"
                >
                  {thread.title}
                </Link>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="unwatch" />
                  <input type="hidden" name="kind" value={thread.kind} />
                  <input type="hidden" name="id" value={thread.id} />
                  <button type="submit" className="btn-ghost py-1 text-xs">
                    Parar de acompanhar<span className="sr-only"> {thread.title}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
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
