import { Link, data } from "react-router";
import { confirmSubscription } from "#app/features/newsletter/newsletter.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/newsletter-confirm";
import { visitorPageContext } from "#app/lib/context.ts";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Inscrição confirmada",
    description: "Newsletter da Suporte de Domingo.",
    noindex: true,
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  // A write by GET, answered once: the visitor page cache must not keep it.
  context.get(visitorPageContext).wrote = true;
  const confirmed = await confirmSubscription(params.token);
  return data({ confirmed }, { status: confirmed ? 200 : 400 });
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-primary text-2xl font-bold">
        {loaderData.confirmed ? "Inscrição confirmada!" : "Link inválido ou expirado"}
      </h1>
      <p className="mt-4 text-slate-800">
        {loaderData.confirmed
          ? "Pronto! Você vai receber as novidades da Suporte de Domingo no seu e-mail."
          : "Não encontramos esta inscrição. Inscreva-se de novo pelo formulário no rodapé."}
      </p>
      <Link to="/" className="btn-primary mt-8">
        Voltar para a página inicial
      </Link>
    </div>
  );
}
