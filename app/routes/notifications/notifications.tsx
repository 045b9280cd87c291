// /notifications: the bell's page. An empty state until notifications land (another issue fills it).
import { Link } from "react-router";
import { BellIcon } from "#app/components/icons.tsx";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Notificações", noindex: true });

export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export default function Notifications() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-primary text-2xl font-bold">Notificações</h1>
      <div className="card mt-6 flex flex-col items-center gap-3 py-12 text-center">
        <span className="bg-primary-light text-primary rounded-full p-4">
          <BellIcon className="size-8" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">Nenhuma notificação por enquanto</h2>
        <p className="max-w-md text-sm text-slate-700">
          Quando alguém responder às suas perguntas, comentar nos seus posts ou começar a seguir você,
          avisaremos aqui.
        </p>
        <Link to="/questions" className="btn-primary mt-2">
          Ver perguntas
        </Link>
      </div>
    </div>
  );
}
