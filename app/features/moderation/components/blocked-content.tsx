// A blocked member's content, collapsed for the member who blocked them: one line that says why, and a native
// disclosure to read it anyway (keyboard and screen readers know <details>; no script needed).
import type { ReactNode } from "react";

const BLOCKED_CONTENT_LABEL = "Conteúdo de um membro que você bloqueou.";

/** A blocked member's content, collapsed: the reader opens it if they want. */
export function BlockedContent({ children }: { children: ReactNode }) {
  return (
    <details className="rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <summary className="cursor-pointer">
        {BLOCKED_CONTENT_LABEL} <span className="text-primary underline">Mostrar</span>
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

/**
 * The same line for a whole question or answer rendered as one kept fragment: a disclosure placed just before
 * it, which hides its next sibling until opened (app.css `.blocked-toggle`), so the fragment is not re-rendered.
 */
export function BlockedToggle() {
  return (
    <details className="blocked-toggle rounded-lg border border-dashed border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <summary className="cursor-pointer">
        {BLOCKED_CONTENT_LABEL} <span className="text-primary underline">Mostrar</span>
      </summary>
    </details>
  );
}
