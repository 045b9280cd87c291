// /confirmar-email/{token}: the link of the verification and e-mail-change messages (one hour, single use).
// Opening it changes nothing (mail scanners and link previews open links too): the page's button posts, and
// only a signed-in session of the account that asked completes it (ADR 023).
import { Form, Link, data, useLocation, type ShouldRevalidateFunction, href } from "react-router";
import { authPageHref } from "#app/features/accounts/components/auth-urls.ts";
import { confirmEmailToken, emailLinkState } from "#app/features/accounts/accounts.server.ts";
import { optionalViewer } from "#app/lib/auth-guard.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/confirm-email";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Confirmação de e-mail", noindex: true });

const OUTCOMES = {
  ready: {
    title: "Confirme seu e-mail",
    text: "Falta um passo: confirme que este endereço é seu.",
  },
  signInRequired: {
    title: "Entre na conta para confirmar",
    text: "Por segurança, só a conta que pediu a confirmação pode concluí-la. Entre nela e volte a este link.",
  },
  otherAccount: {
    title: "Este link é de outra conta",
    text: "Você está em uma conta diferente da que pediu a confirmação. Saia e entre na conta certa.",
  },
  verified: {
    title: "E-mail confirmado!",
    text: "Obrigado por confirmar seu endereço. Seu perfil agora mostra o selo de verificado.",
  },
  changed: {
    title: "E-mail alterado!",
    text: "Sua conta agora usa o novo endereço. Use-o da próxima vez que entrar.",
  },
  taken: {
    title: "Este e-mail já está em uso",
    text: "Outra conta passou a usar este endereço antes da confirmação. Escolha outro em Configurações.",
  },
  invalid: {
    title: "Link inválido ou expirado",
    text: "Este link já foi usado ou passou de uma hora. Peça um novo em Configurações.",
  },
} as const;

type Outcome = keyof typeof OUTCOMES;

/** A link that confirms nothing says so in its status too (a bad link is the request's fault, a taken address
 *  conflicts with another account, another account's session is not allowed). */
const STATUS: Partial<Record<Outcome, number>> = { invalid: 400, otherAccount: 403, taken: 409 };

export async function loader({ params, context }: Route.LoaderArgs) {
  const outcome: Outcome = await emailLinkState(optionalViewer(context), params.token);
  return data({ outcome }, { status: STATUS[outcome] ?? 200 });
}

export async function action({ params, context }: Route.ActionArgs) {
  const { outcome } = await confirmEmailToken(optionalViewer(context), params.token);
  return data(
    { outcome: outcome as Outcome },
    { status: STATUS[outcome] ?? (outcome === "signInRequired" ? 401 : 200) },
  );
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? loaderData.outcome;
  const { title, text } = OUTCOMES[outcome];
  const { pathname } = useLocation();
  const ok = outcome === "verified" || outcome === "changed";
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className={`text-2xl font-bold ${ok ? "text-primary" : "text-slate-900"}`}>{title}</h1>
      <p className="mt-4 text-slate-700">{text}</p>
      <div className="mt-8 flex justify-center gap-3">
        {outcome === "ready" ? (
          <Form method="post">
            <button type="submit" className="btn-primary">
              Confirmar
            </button>
          </Form>
        ) : outcome === "signInRequired" ? (
          <Link to={authPageHref("signIn", pathname)} className="btn-primary">
            Entrar
          </Link>
        ) : (
          <>
            <Link to={href("/")} className="btn-primary">
              Ir para a página inicial
            </Link>
            <Link to={href("/configuracoes")} className="btn-outline">
              Configurações
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

/** After the button, the answer is the page: the loader would only say the link is now used. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formAction,
  currentUrl,
  defaultShouldRevalidate,
}) => (formAction === currentUrl.pathname ? false : defaultShouldRevalidate);
