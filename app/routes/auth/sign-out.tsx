// /sair: POST ends the session on the server and goes home. GET shows the logout dialog's question as a page
// (the header's menu needs JavaScript; this page does not).
import { Link, redirect, href } from "react-router";
import {
  LOGOUT_TEXT,
  LOGOUT_TITLE,
  LogoutActions,
} from "#app/features/accounts/components/logout-dialog.tsx";
import { clearSessionCookie, endSession } from "#app/features/accounts/sessions.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/sign-out";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Sair", noindex: true });

export function loader({ context }: Route.LoaderArgs) {
  if (!context.get(viewerContext)) throw redirect(href("/"));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  writeChangesNothingVisitorsSee(context);
  await endSession(request);
  return redirect(href("/"), { headers: { "Set-Cookie": clearSessionCookie(request) } });
}

export default function SignOutPage() {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="card p-6">
        <h1 className="text-primary text-xl font-bold">{LOGOUT_TITLE}</h1>
        <p className="mt-3 text-sm text-slate-700">{LOGOUT_TEXT}</p>
        <LogoutActions
          back={
            <Link to={href("/")} className="btn-outline">
              Voltar
            </Link>
          }
        />
      </div>
    </div>
  );
}
