// /entrar/{github|google}: the "Entrar com …" buttons POST here; the answer sends the browser to the provider
// with a new flow (its id in the sdd_oauth cookie). A GET just goes to /entrar.
import { data, redirect, href } from "react-router";
import { safeRedirectPath } from "#app/lib/auth-guard.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import { isAppError } from "#app/lib/errors.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { HydrationHandle } from "#app/lib/hydrate-on-intent.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import { afterAuthPath } from "#app/features/accounts/redirects.server.ts";
import { requestMeta } from "#app/features/accounts/request-meta.server.ts";
import {
  flowCookie,
  isSignInProvider,
  startProviderFlow,
  type StartIntent,
} from "#app/features/accounts/sign-in-providers.server.ts";
import type { Route } from "./+types/provider-start";
import { ProviderFailure } from "./provider-failure.tsx";

export const handle: HydrationHandle = { hydration: "on-load" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Login", noindex: true });

export function loader() {
  throw redirect(href("/entrar"));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  writeChangesNothingVisitorsSee(context);
  if (!isSignInProvider(params.provider)) throw data(null, { status: 404 });
  const form = await request.formData();
  const raw = form.get("intent");
  const intent: StartIntent = raw === "link" ? "link" : raw === "sign-up" ? "sign-up" : "sign-in";
  const viewer = context.get(viewerContext);
  const returnTo =
    intent === "link" ? href("/configuracoes") : afterAuthPath(safeRedirectPath(form.get("redirectTo")));
  try {
    const started = await startProviderFlow(
      params.provider,
      { intent, returnTo, viewer },
      requestMeta(request, context),
    );
    return redirect(started.url, { headers: { "Set-Cookie": flowCookie(request, started.flowToken) } });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ message: error.message }, { status: error.status });
  }
}

export default function ProviderStartPage({ actionData }: Route.ComponentProps) {
  return <ProviderFailure message={actionData?.message ?? "Tente entrar de novo."} />;
}
