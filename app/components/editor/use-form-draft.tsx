// A form's draft on the server (ADR 062, `form-draft.ts`) in React: made once, before the form's fields read
// their drafts, sent when the page goes away, and shared with the form's editors through a context. A page
// that only reads never loads this: the ask page and the post writer import it, and the editor (loaded on
// demand) for the answer form.
import { createContext, useEffect, useState, useSyncExternalStore } from "react";
import { FormDraft, type DraftSync } from "./form-draft.ts";

/** The draft of the form around an editor (the ask page's, the post writer's), when the server keeps it. */
export const FormDraftContext = createContext<FormDraft | null>(null);

/**
 * The form's draft, or null for a visitor or a form the server keeps no draft of. Call it before the fields
 * that read their drafts mount (a parent's state starts before its children's).
 */
export function useFormDraft(sync: DraftSync | undefined): FormDraft | null {
  const [draft] = useState(() => (sync && typeof window !== "undefined" ? new FormDraft(sync) : null));
  useEffect(() => {
    if (!draft) return;
    // A copy the server does not have yet (typed offline, or before drafts reached the server) goes up.
    if (draft.start.push) draft.changed();
    const away = () => draft.flush({ keepalive: true });
    const hidden = () => {
      if (document.visibilityState === "hidden") away();
    };
    window.addEventListener("pagehide", away);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      window.removeEventListener("pagehide", away);
      document.removeEventListener("visibilitychange", hidden);
      draft.close();
    };
  }, [draft]);
  return draft;
}

const noSubscription = () => () => {};

/** The draft's id, sent with the form: publishing it deletes that draft on the server. */
export function DraftIdField({ draft }: { draft: FormDraft | null }) {
  // Rendered after hydration only (the server has no id to render).
  const id = useSyncExternalStore(
    draft?.subscribe ?? noSubscription,
    () => draft?.id ?? "",
    () => "",
  );
  return id ? <input type="hidden" name="draftId" value={id} /> : null;
}
