// /newsletter/confirmar/:token: the link of the newsletter's confirmation e-mail. Opening it changes nothing
// (mail scanners and link previews open links too, ADR 023): the page's button posts, and the POST confirms.
// The newsletter has no account, so no session is asked for; the token is the proof.
import { Form, data } from "react-router";
import { NewsletterLinkPage } from "#app/features/newsletter/components/newsletter-link-page.tsx";
import { confirmationLinkState, confirmSubscription } from "#app/features/newsletter/newsletter.server.ts";
import type { HydrationHandle } from "#app/lib/hydrate-on-intent.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/newsletter-confirm";

// The answer depends on the subscription, which the button changes: hydrating on load also keeps the page
// out of the visitor page cache (ADR 015 keeps only pages that hydrate on intent). Nothing here marks a write:
// a subscription changes no page visitors see.
export const handle: HydrationHandle = { hydration: "on-load" };

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Confirmar inscrição",
    description: "Newsletter da Suporte de Domingo.",
    noindex: true,
  });

export async function loader({ params }: Route.LoaderArgs) {
  const state = await confirmationLinkState(params.token);
  return data({ state }, { status: state === "invalid" ? 400 : 200 });
}

export async function action({ params }: Route.ActionArgs) {
  const confirmed = await confirmSubscription(params.token);
  return data({ confirmed }, { status: confirmed ? 200 : 400 });
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.confirmed || (!actionData && loaderData.state === "confirmed")) {
    return (
      <NewsletterLinkPage title="Inscrição confirmada!">
        Pronto! Você vai receber as novidades da Suporte de Domingo no seu e-mail.
      </NewsletterLinkPage>
    );
  }
  if (actionData || loaderData.state === "invalid") {
    return (
      <NewsletterLinkPage title="Link inválido ou expirado">
        Não encontramos esta inscrição. Inscreva-se de novo pelo formulário no rodapé.
      </NewsletterLinkPage>
    );
  }
  return (
    <NewsletterLinkPage title="Confirme sua inscrição">
      Falta um passo: confirme que quer receber as novidades da Suporte de Domingo neste e-mail.
      <Form method="post" className="mt-8">
        <button type="submit" className="btn-primary">
          Confirmar inscrição
        </button>
      </Form>
    </NewsletterLinkPage>
  );
}
