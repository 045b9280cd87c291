// The banner a suspended member sees on every page while the suspension lasts: why, and until when; and the one a
// moderator or administrator sees until they turn on two-factor sign-in.
import { href, Link } from "react-router";
import { activeSuspension, type Role, type Viewer } from "#app/lib/viewer.ts";
import { suspensionMessage } from "../suspension-message.ts";

export function SuspensionBanner({ viewer }: { viewer: Viewer | null }) {
  const suspension = activeSuspension(viewer);
  if (!suspension)
    return viewer?.withheldRole ? <TwoFactorRequiredBanner role={viewer.withheldRole} /> : null;
  return (
    <div
      role="region"
      aria-label="Conta suspensa"
      className="border-b border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <p className="mx-auto max-w-5xl">
        <strong className="font-semibold">{suspensionMessage(suspension)}</strong> Até lá, você pode ler tudo,
        mas não pode publicar, comentar, votar nem seguir.
      </p>
    </div>
  );
}

/** A moderator or administrator without two-factor sign-in: their tools wait for it (ADR 049). */
function TwoFactorRequiredBanner({ role }: { role: Exclude<Role, "member"> }) {
  return (
    <div
      role="region"
      aria-label="Verificação em duas etapas pendente"
      className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="mx-auto max-w-5xl">
        <strong className="font-semibold">
          Suas ferramentas de {role === "admin" ? "administração" : "moderação"} esperam a verificação em duas
          etapas.
        </strong>{" "}
        <Link to={href("/configuracoes/seguranca")} className="font-semibold underline underline-offset-4">
          Ativar agora
        </Link>
      </p>
    </div>
  );
}
