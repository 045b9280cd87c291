// /entrar/{github|google}/retorno: where the provider sends the person back (registered at the provider as
// `${PUBLIC_URL}/entrar/{provider}/retorno`). Signs in, links, or asks for the password of the account the
// e-mail matched; a failure is a Portuguese page and nothing is created.
import { data, redirect, href } from "react-router";
import { viewerContext } from "#app/lib/context.ts";
import { isAppError } from "#app/lib/errors.ts";
import type { HydrationHandle } from "#app/lib/hydrate-on-intent.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { signInRedirect } from "#app/features/accounts/two-factor.server.ts";
import { requestMeta } from "#app/features/accounts/request-meta.server.ts";
import {
  clearFlowCookie,
  finishProviderFlow,
  flowCookie,
  isSignInProvider,
  ProviderFlowError,
} from "#app/features/accounts/sign-in-providers.server.ts";
import type { Route } from "./+types/provider-callback";
import { ProviderFailure } from "./provider-failure.tsx";

export const handle: HydrationHandle = { hydration: "on-load" };

export const meta: Route.MetaFunction = () => pageMeta({ title: "Login", noindex: true });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isSignInProvider(params.provider)) throw data(null, { status: 404 });
  const viewer = context.get(viewerContext);
  try {
    const { outcome, returnTo } = await finishProviderFlow(
      params.provider,
      request,
      viewer,
      requestMeta(request, context),
    );
    if (outcome.kind === "signedIn") {
      const response = signInRedirect(request, outcome.signedIn, returnTo);
      response.headers.append("Set-Cookie", clearFlowCookie(request));
      return response;
    }
    if (outcome.kind === "linked") {
      return redirect(`${href("/configuracoes")}?vinculado=${outcome.provider}#secao-provedores`, {
        headers: { "Set-Cookie": clearFlowCookie(request) },
      });
    }
    return redirect(href("/entrar/vincular"), {
      headers: { "Set-Cookie": flowCookie(request, outcome.flowToken) },
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const status = error instanceof ProviderFlowError && error.failure === "down" ? 502 : error.status;
    return data(
      { message: error.message },
      { status, headers: { "Set-Cookie": clearFlowCookie(request), "Cache-Control": "no-store" } },
    );
  }
}

export default function ProviderCallbackPage({ loaderData }: Route.ComponentProps) {
  return <ProviderFailure message={loaderData.message} />;
}
