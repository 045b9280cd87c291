import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { subscribe } from "#app/features/newsletter/newsletter.server.ts";
import { newsletterSchema, type NewsletterActionData } from "#app/features/newsletter/schemas.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Newsletter",
    description: "Receba as atualizações da Suporte de Domingo.",
    noindex: true,
  });

const MESSAGES = {
  confirmation_sent: "Quase lá! Enviamos um e-mail para você confirmar a inscrição.",
  already_confirmed: "Este e-mail já recebe nossas atualizações. Obrigado!",
} as const;

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: newsletterSchema });
  if (submission.status !== "success") {
    return data<NewsletterActionData>({ result: submission.reply() }, { status: 400 });
  }
  const outcome = await subscribe(submission.value.email, publicUrl(request));
  return data<NewsletterActionData>({
    result: submission.reply({ resetForm: true }),
    message: MESSAGES[outcome],
  });
}

/** Without JavaScript the footer form lands here, and this page says what happened. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  const error = actionData?.result.error?.email?.[0];
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-primary text-2xl font-bold">Receba Atualizações</h1>
      {actionData?.message ? <p className="mt-4 text-slate-800">{actionData.message}</p> : null}
      {error ? <p className="mt-4 font-medium text-red-700">{error}</p> : null}
      {!actionData ? (
        <p className="mt-4 text-slate-800">Use o formulário no rodapé para se inscrever.</p>
      ) : null}
      <Link to="/" className="btn-primary mt-8">
        Voltar para a página inicial
      </Link>
    </div>
  );
}
