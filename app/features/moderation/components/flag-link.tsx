// "Sinalizar" on questions, answers, comments, posts and post comments. It ships with read pages, so it stays
// tiny: a link to the flag page (/sinalizar, which works without JavaScript), which once React runs opens the
// flag dialog in place instead; the dialog's module is fetched when a pointer or the focus reaches the link
// (ADR 030). The three-dot menu of questions and answers opens the same dialog with LazyFlagDialog.
import { lazy, Suspense, useRef, useState } from "react";
import type { FlagDialogProps } from "./flag-dialog.tsx";
import type { FlagFormKind } from "./flag-form.tsx";

const loadFlagDialog = () => void import("./flag-dialog.tsx");
const FlagDialog = lazy(() => import("./flag-dialog.tsx"));

export const FLAG_NOUNS: Record<FlagFormKind, string> = {
  question: "pergunta",
  answer: "resposta",
  comment: "comentário",
  post: "post",
};

/** The flag page of an item: the fallback without JavaScript, and where the dialog posts. */
function flagHref(kind: FlagFormKind, id: number): string {
  return `/sinalizar?${new URLSearchParams({ tipo: kind, id: String(id) })}`;
}

/** The dialog, loaded on demand; render it while open. */
export function LazyFlagDialog(props: Omit<FlagDialogProps, "noun">) {
  return (
    <Suspense fallback={null}>
      <FlagDialog {...props} noun={FLAG_NOUNS[props.kind]} />
    </Suspense>
  );
}

/** Starts fetching the dialog's module (a pointer or the focus on a "Sinalizar" item). */
export const preloadFlagDialog = loadFlagDialog;

export function FlagLink({
  kind,
  id,
  signedIn,
  signInHref,
  className = "text-xs text-slate-500 hover:text-slate-800 hover:underline",
}: {
  kind: FlagFormKind;
  id: number;
  signedIn: boolean;
  /** A visitor signs in first, and comes back to the page. */
  signInHref: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <a
        ref={ref}
        href={signedIn ? flagHref(kind, id) : signInHref}
        className={className}
        rel="nofollow"
        onPointerEnter={signedIn ? loadFlagDialog : undefined}
        onFocus={signedIn ? loadFlagDialog : undefined}
        onClick={(event) => {
          if (!signedIn || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        Sinalizar<span className="sr-only"> {FLAG_NOUNS[kind]}</span>
      </a>
      {open ? (
        <LazyFlagDialog kind={kind} id={id} onClose={() => setOpen(false)} returnFocusTo={ref} />
      ) : null}
    </>
  );
}
