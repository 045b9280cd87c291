import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, href } from "react-router";
import { subscribe } from "#app/features/newsletter/newsletter.server.ts";
import { newsletterSchema, type NewsletterActionData } from "#app/features/newsletter/schemas.ts";
import { RateLimitError } from "#app/lib/rate-limits.server.ts";
import { clientIpContext } from "#app/lib/context.ts";
import { errorReply, invalidReply } from "#app/lib/form-replies.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Newsletter",
    description: "Receba as atualizações da Suporte de Domingo.",
    noindex: true,
  });

// A document answer keeps the refusal's Retry-After (React Router only sends what a route's `headers` return),
// on top of what the layouts above set.
export const headers: Route.HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

// One answer whether or not the address was already subscribed: the form must not tell anyone that.
const SUBSCRIBED =
  "Quase lá! Se este e-mail ainda não recebe nossas atualizações, enviamos um link para confirmar a inscrição.";

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: newsletterSchema });
  if (submission.status !== "success") return invalidReply<NewsletterActionData>(submission, {});
  try {
    await subscribe(submission.value.email, { ip: context.get(clientIpContext) || "unknown" });
  } catch (error) {
    if (!(error instanceof RateLimitError)) throw error;
    return errorReply<NewsletterActionData>(submission, error, {}, { fallbackField: "email" });
  }
  return data<NewsletterActionData>({
    result: submission.reply({ resetForm: true }),
    message: SUBSCRIBED,
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
      <Link to={href("/")} className="btn-primary mt-8">
        Voltar para a página inicial
      </Link>
    </div>
  );
}
