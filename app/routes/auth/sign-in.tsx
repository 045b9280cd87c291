// /entrar: the Login form as a page. `requireViewer` sends visitors here with `?redirectTo=`, and the modal's
// form posts here (with JavaScript through a fetcher, without it as a plain form).
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { AuthPage } from "#app/features/accounts/components/auth-page.tsx";
import { signIn } from "#app/features/accounts/accounts.server.ts";
import { signInRedirect } from "#app/features/accounts/two-factor.server.ts";
import { redirectTarget } from "#app/features/accounts/redirects.server.ts";
import { requestMeta } from "#app/features/accounts/request-meta.server.ts";
import { signInSchema, type AccountActionData } from "#app/features/accounts/schemas.ts";
import { viewerContext } from "#app/lib/context.ts";
import { errorReply, invalidReply } from "#app/lib/form-replies.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Login", description: "Entre na sua conta da Suporte de Domingo.", noindex: true });

export function loader({ request, context }: Route.LoaderArgs) {
  const target = redirectTarget(request);
  if (context.get(viewerContext)) throw redirect(target);
  return { redirectTo: target, askedToSignIn: target !== "/" };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Signing in, even a member signing in again, changes nothing visitors see.
  writeChangesNothingVisitorsSee(context);
  const submission = parseWithZod(await request.formData(), { schema: signInSchema });
  if (submission.status !== "success") {
    return invalidReply<AccountActionData>(submission, {}, { hideFields: ["password"] });
  }
  try {
    const outcome = await signIn(submission.value, requestMeta(request, context));
    return signInRedirect(request, outcome, redirectTarget(request));
  } catch (error) {
    return errorReply<AccountActionData>(submission, error, {}, { hideFields: ["password"] });
  }
}

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthPage
      mode="signIn"
      redirectTo={loaderData.redirectTo}
      notice={loaderData.askedToSignIn ? "Entre na sua conta para continuar." : null}
      initialResult={actionData?.result}
    />
  );
}
