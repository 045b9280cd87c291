// /conta-removida: where a member lands after removing their account.
import { Link, href } from "react-router";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/account-removed";

export const meta: Route.MetaFunction = () => pageMeta({ title: "Conta removida", noindex: true });

export default function AccountRemoved() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-primary text-2xl font-bold">Sua conta foi removida</h1>
      <p className="mt-4 text-slate-700">
        Apagamos seus dados pessoais e encerramos todas as suas sessões. As perguntas, respostas e posts que
        você escreveu continuam ajudando a comunidade, assinados como &ldquo;Membro removido&rdquo;.
      </p>
      <p className="mt-2 text-slate-700">
        Obrigado por ter feito parte. Se quiser voltar, é só criar uma conta nova.
      </p>
      <Link to={href("/")} className="btn-primary mt-8">
        Ir para a página inicial
      </Link>
    </div>
  );
}
