// What the edit pages tell a member whose edit of someone else's question or answer will be a suggestion:
// it waits for review, and how to edit directly one day.
import { href, Link } from "react-router";
import { PRIVILEGES } from "#app/features/moderation/rules.ts";

export function SuggestionNote({ pending }: { pending: boolean }) {
  return (
    <div className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
      <p>
        Sua edição será revisada antes de aparecer: quem revisa pode aprová-la ou recusá-la. Com{" "}
        {PRIVILEGES.editDirectly.reputation.toLocaleString("pt-BR")} pontos de reputação você edita
        diretamente (
        <Link to={href("/privilegios")} className="text-primary underline">
          veja os privilégios
        </Link>
        ).
      </p>
      {pending ? (
        <p className="font-medium text-slate-800">
          Você já tem uma sugestão esperando revisão: o formulário começa por ela, e enviar de novo a
          substitui.
        </p>
      ) : null}
    </div>
  );
}
