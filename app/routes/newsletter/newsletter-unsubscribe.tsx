// /newsletter/cancelar/:token: the unsubscribe link of every newsletter e-mail. Opening it (a person, or a mail
// scanner following links) only shows a button; the POST leaves, from that button or from the mail client's
// one-click `List-Unsubscribe-Post` (RFC 8058, a cookie-less POST, so no session is asked for).
import { Form, data } from "react-router";
import { NewsletterLinkPage } from "#app/features/newsletter/components/newsletter-link-page.tsx";
import { isUnsubscribeLinkValid, unsubscribe } from "#app/features/newsletter/newsletter.server.ts";
import type { HydrationHandle } from "#app/lib/hydrate-on-intent.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

// The answer depends on the subscription, which the button ends: hydrating on load also keeps the page out of
// the visitor page cache (ADR 015 keeps only pages that hydrate on intent). Nothing here marks a write: leaving
// the newsletter changes no page visitors see, and a mark would let anyone empty the cache with a GET.
export const handle: HydrationHandle = { hydration: "on-load" };

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Cancelar inscrição",
    description: "Newsletter da Suporte de Domingo.",
    noindex: true,
  });

export async function loader({ params }: Route.LoaderArgs) {
  const valid = await isUnsubscribeLinkValid(params.token);
  return data({ valid }, { status: valid ? 200 : 400 });
}

export async function action({ params }: Route.ActionArgs) {
  const left = await unsubscribe(params.token);
  return data({ left }, { status: left ? 200 : 400 });
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.left) {
    return (
      <NewsletterLinkPage title="Inscrição cancelada">
        Pronto: você não vai mais receber os e-mails da newsletter da Suporte de Domingo.
      </NewsletterLinkPage>
    );
  }
  if (actionData || !loaderData.valid) {
    return (
      <NewsletterLinkPage title="Link inválido ou já usado">
        Não encontramos esta inscrição: ela já foi cancelada ou o link está incompleto.
      </NewsletterLinkPage>
    );
  }
  return (
    <NewsletterLinkPage title="Cancelar inscrição na newsletter">
      Você deixará de receber os e-mails da newsletter da Suporte de Domingo.
      <Form method="post" className="mt-8">
        <button type="submit" className="btn-primary">
          Cancelar inscrição
        </button>
      </Form>
    </NewsletterLinkPage>
  );
}
