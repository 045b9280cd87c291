// /confirmar-email/{token}: the link of the verification and e-mail-change messages (one hour, single use).
import { Link, data } from "react-router";
import { confirmEmailToken } from "#app/features/accounts/accounts.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/confirm-email";
import { visitorPageContext } from "#app/lib/context.ts";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Confirmação de e-mail", noindex: true });

const OUTCOMES = {
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

export async function loader({ params, context }: Route.LoaderArgs) {
  const { outcome } = await confirmEmailToken(params.token);
  // A write by GET: a verified address shows on the profile, and this page must not be kept.
  context.get(visitorPageContext).wrote = true;
  // A link that confirms nothing says so in its status too (a bad link is the request's fault; a taken address
  // conflicts with another account).
  const status = outcome === "invalid" ? 400 : outcome === "taken" ? 409 : 200;
  return data({ outcome }, { status });
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const { title, text } = OUTCOMES[loaderData.outcome];
  const ok = loaderData.outcome === "verified" || loaderData.outcome === "changed";
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className={`text-2xl font-bold ${ok ? "text-primary" : "text-slate-900"}`}>{title}</h1>
      <p className="mt-4 text-slate-700">{text}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className="btn-primary">
          Ir para a página inicial
        </Link>
        <Link to="/configuracoes" className="btn-outline">
          Configurações
        </Link>
      </div>
    </div>
  );
}

/** The link works once: never run the loader again (after the footer's form, for example). */
export function shouldRevalidate() {
  return false;
}
