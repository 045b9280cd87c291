// /cadastro: the Cadastro form as a page, and the action of the modal's sign-up form. The new member is signed
// in at once; the verification e-mail goes out in the background.
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { AuthPage } from "#app/features/accounts/components/auth-page.tsx";
import { signUp } from "#app/features/accounts/accounts.server.ts";
import { signedInHeaders } from "#app/features/accounts/known-devices.server.ts";
import { redirectTarget } from "#app/features/accounts/redirects.server.ts";
import { requestMeta } from "#app/features/accounts/request-meta.server.ts";
import { signUpSchema, type AccountActionData } from "#app/features/accounts/schemas.ts";
import { viewerContext } from "#app/lib/context.ts";
import { errorReply, invalidReply } from "#app/lib/form-replies.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { writeChanges } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/sign-up";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Cadastro",
    description: "Crie sua conta na Suporte de Domingo para perguntar, responder e escrever no blog.",
    noindex: true,
  });

export function loader({ request, context }: Route.LoaderArgs) {
  const target = redirectTarget(request);
  if (context.get(viewerContext)) throw redirect(target);
  return { redirectTo: target };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: signUpSchema });
  if (submission.status !== "success") {
    return invalidReply<AccountActionData>(submission, {}, { hideFields: ["password"] });
  }
  // A new member on the members' list (a few seconds later is fine); declared before the write, so a failure
  // after its commit still counts.
  writeChanges(context);
  try {
    const signedIn = await signUp(submission.value, requestMeta(request, context));
    return redirect(redirectTarget(request), { headers: signedInHeaders(request, signedIn) });
  } catch (error) {
    return errorReply<AccountActionData>(submission, error, {}, { hideFields: ["password"] });
  }
}

export default function SignUpPage({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthPage mode="signUp" redirectTo={loaderData.redirectTo} initialResult={actionData?.result} />;
}
