// /privilegios — what reputation earns: every privilege with the reputation it needs, from the one rules file
// the server checks. A signed-in member also sees their reputation and, per privilege, whether they have it or
// how much is missing. Visitors get the same page without member data (kept by the visitor cache).
import { href, Link } from "react-router";
import {
  hasPrivilege,
  missingReputation,
  POWERS,
  reputationFor,
  TRUSTED_REPUTATION_NOTE,
  NEW_MEMBER_LINKS_MAX,
  privilegesByReputation,
} from "#app/features/moderation/rules.ts";
import { optionalViewer } from "#app/lib/auth-guard.server.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/privileges";
import { isModerator } from "#app/lib/permissions.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: "Privilégios",
    description:
      "O que a reputação libera no Suporte de Domingo: votar, sinalizar, revisar, votar para fechar e editar diretamente.",
    url: loaderData?.url,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = optionalViewer(context);
  const privileges = privilegesByReputation().map((p) => ({
    ...p,
    // Only a member's own page says what they have: the visitor's version is the same for everyone.
    missing: viewer ? missingReputation(viewer, p.key) : null,
    has: viewer ? hasPrivilege(viewer, p.key) : null,
    // The powers over others' content count only the trusted part of the reputation (ADR 047).
    trustedOnly: POWERS.includes(p.key),
    counted: viewer ? reputationFor(viewer, p.key) : null,
  }));
  return {
    privileges,
    member: viewer
      ? { reputation: viewer.reputation, handle: viewer.handle, moderator: isModerator(viewer) }
      : null,
    url: `${publicUrl()}/privilegios`,
  };
}

const points = (n: number) => `${n.toLocaleString("pt-BR")} ${Math.abs(n) === 1 ? "ponto" : "pontos"}`;

function Progress({ reputation, needed }: { reputation: number; needed: number }) {
  const percent = Math.max(0, Math.min(100, Math.round((reputation / Math.max(needed, 1)) * 100)));
  return (
    <div
      className="mt-2 h-2 w-full overflow-hidden rounded-full bg-slate-200"
      role="progressbar"
      aria-label="Progresso até este privilégio"
      aria-valuemin={0}
      aria-valuemax={needed}
      aria-valuenow={Math.max(0, Math.min(reputation, needed))}
    >
      <div className="bg-primary h-full" style={{ width: `${percent}%` }} />
    </div>
  );
}

export default function Privileges({ loaderData }: Route.ComponentProps) {
  const { privileges, member } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-primary text-2xl font-bold md:text-3xl">Privilégios</h1>
      <p className="mt-2 text-slate-700">
        Quanto mais a comunidade confia em você, mais você pode fazer. A confiança se mede em reputação: você
        ganha pontos quando suas perguntas e respostas recebem votos positivos e quando sua resposta é aceita.
      </p>
      {member ? (
        <p className="card mt-4 text-slate-800">
          {member.moderator ? <>Como parte da moderação, você tem todos os privilégios. </> : null}
          Sua reputação:{" "}
          <Link
            to={href("/u/:handle", { handle: member.handle })}
            className="text-primary font-bold underline"
          >
            {points(member.reputation)}
          </Link>
        </p>
      ) : (
        <p className="mt-4 text-sm text-slate-700">
          <Link to={`${href("/entrar")}?redirectTo=/privilegios`} className="text-primary underline">
            Entre na sua conta
          </Link>{" "}
          para ver quais privilégios você já tem.
        </p>
      )}

      <h2 className="mt-8 text-xl font-bold text-slate-900">O que cada nível libera</h2>
      <ol className="mt-4 flex flex-col gap-3" aria-label="Privilégios por reputação">
        {privileges.map((p) => (
          <li key={p.key} className="card flex flex-col gap-1" data-privilege={p.key}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h3 className="font-bold text-slate-900">{p.label}</h3>
              <span className="text-sm font-semibold whitespace-nowrap text-slate-700">
                {points(p.reputation)}
              </span>
            </div>
            <p className="text-sm text-slate-700">{p.description}</p>
            {p.trustedOnly ? <p className="text-sm text-slate-700">{TRUSTED_REPUTATION_NOTE}</p> : null}
            {member && p.has ? <p className="text-green-dark text-sm font-medium">✓ Você já tem</p> : null}
            {member && !p.has && p.missing !== null ? (
              <>
                <p className="text-sm font-medium text-slate-800">Faltam {points(p.missing)}</p>
                <Progress reputation={p.counted ?? member.reputation} needed={p.reputation} />
              </>
            ) : null}
          </li>
        ))}
      </ol>

      <h2 id="defesas" className="mt-10 text-xl font-bold text-slate-900">
        Limites para contas novas
      </h2>
      <p className="mt-2 text-slate-700">
        Qualquer pessoa pode criar uma conta e perguntar na hora. Para frear spam, contas novas têm limites
        menores de publicações por hora nos primeiros dias, e cada pergunta, resposta, comentário ou post pode
        ter até {NEW_MEMBER_LINKS_MAX} links até você ter o privilégio de publicar links livremente. Links
        escritos por membros não passam reputação a outros sites (rel=&quot;nofollow ugc&quot;).
      </p>
      <h2 id="retidas" className="mt-8 text-xl font-bold text-slate-900">
        Publicações retidas para revisão
      </h2>
      <p className="mt-2 text-slate-700">
        Uma publicação com termos que a administração bloqueou fica oculta até alguém da moderação revisá-la.
        Se ela estiver certa, volta a aparecer; você é avisado nas notificações. A primeira pergunta, resposta
        ou post de cada pessoa também passa pela fila de revisão, mas aparece para todos desde o início.
      </p>
    </div>
  );
}
