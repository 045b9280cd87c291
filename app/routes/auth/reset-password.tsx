// /recuperar-senha: 'Recuperar senha' as a page, and the action of the modal's recovery form. The e-mail's link
// opens the modal (`/?auth=recovery&token=…`); this page serves the form without JavaScript.
import { parseWithZod } from "@conform-to/zod/v4";
import { withPasswordChanged } from "#app/features/accounts/components/auth-urls.ts";
import { AuthPage } from "#app/features/accounts/components/auth-page.tsx";
import { recoveryState, resetPassword } from "#app/features/accounts/accounts.server.ts";
import { signInRedirect } from "#app/features/accounts/two-factor.server.ts";
import { redirectTarget } from "#app/features/accounts/redirects.server.ts";
import { requestMeta } from "#app/features/accounts/request-meta.server.ts";
import { recoverySchema, type AccountActionData } from "#app/features/accounts/schemas.ts";
import { errorReply, invalidReply } from "#app/lib/form-replies.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/reset-password";

const HIDDEN = ["newPassword", "confirmPassword"];

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Recuperar senha", description: "Crie uma nova senha para a sua conta.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { token, state: await recoveryState(token), redirectTo: redirectTarget(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: recoverySchema });
  if (submission.status !== "success") {
    return invalidReply<AccountActionData>(submission, {}, { hideFields: HIDDEN });
  }
  try {
    const outcome = await resetPassword(submission.value, requestMeta(request, context));
    // Signed in with the new password (after the code, when the account asks for one), on the page the link was
    // opened on, told that the password changed.
    return signInRedirect(request, outcome, withPasswordChanged(redirectTarget(request)));
  } catch (error) {
    return errorReply<AccountActionData>(submission, error, {}, { hideFields: HIDDEN });
  }
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  // After a post without JavaScript, the token comes back in the form's values.
  const posted = actionData?.result.initialValue?.token;
  const token = loaderData.token ?? (typeof posted === "string" ? posted : "");
  const state = loaderData.token ? loaderData.state : posted ? { valid: true } : loaderData.state;
  return (
    <AuthPage
      mode="recovery"
      redirectTo={loaderData.redirectTo}
      recovery={{ token, state }}
      initialResult={actionData?.result}
    />
  );
}
