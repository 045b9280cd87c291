// /esqueci-a-senha: 'Esqueceu a sua senha?' as a page, and the action of the modal's form. The answer is the
// same whether or not the address has an account.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AuthPage } from "#app/features/accounts/components/auth-page.tsx";
import { requestPasswordReset } from "#app/features/accounts/accounts.server.ts";
import { requestMeta } from "#app/features/accounts/request-meta.server.ts";
import { ACCOUNT_MESSAGES, forgotSchema, type AccountActionData } from "#app/features/accounts/schemas.ts";
import { errorReply, invalidReply } from "#app/lib/form-replies.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Esqueceu a sua senha?", description: "Recupere o acesso à sua conta.", noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  writeChangesNothingVisitorsSee(context);
  const submission = parseWithZod(await request.formData(), { schema: forgotSchema });
  if (submission.status !== "success") return invalidReply<AccountActionData>(submission, {});
  try {
    await requestPasswordReset(submission.value.email, requestMeta(request, context));
    return data<AccountActionData>({
      result: submission.reply({ resetForm: true }),
      message: ACCOUNT_MESSAGES.resetSent,
    });
  } catch (error) {
    return errorReply<AccountActionData>(submission, error, {});
  }
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  return (
    <AuthPage
      mode="forgot"
      redirectTo="/"
      initialResult={actionData?.result}
      initialMessage={actionData?.message}
    />
  );
}
