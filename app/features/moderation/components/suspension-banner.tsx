// The banner a suspended member sees on every page while the suspension lasts: why, and until when.
import { activeSuspension, type Viewer } from "#app/lib/viewer.ts";
import { suspensionMessage } from "../suspension-message.ts";

export function SuspensionBanner({ viewer }: { viewer: Viewer | null }) {
  const suspension = activeSuspension(viewer);
  if (!suspension) return null;
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
