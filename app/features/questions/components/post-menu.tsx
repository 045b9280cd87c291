// The three-dot menu of a question or an answer ("Mais ações"): Editar and Excluir for the author and the
// moderators, Copiar link, Sinalizar. Excluir asks first; Sinalizar opens the moderation's flag dialog.
//
// A question page renders one of these per post (often 21), and almost nobody opens them: Radix's menu and
// dialogs cost a noticeable share of the page's server render even while closed. So the menu starts as a
// plain button and mounts Radix, already open, on the first press (its module loads then, or when a pointer
// or the focus reaches the button: lazy-menu.tsx); the dialogs exist only while open.
import { lazy, Suspense, useRef, useState } from "react";
import { Form } from "react-router";
import { useLazyMenu } from "#app/components/lazy-menu.tsx";
// Flags belong to the moderation feature: its dialog loads on demand (flag-link.tsx).
import { LazyFlagDialog, preloadFlagDialog } from "#app/features/moderation/components/flag-link.tsx";
import { DotsIcon } from "./icons.tsx";

type Props = {
  kind: "question" | "answer";
  id: number;
  /** The post's own address (copied by Copiar link). */
  permalink: string;
  editHref?: string;
  /** "Sugerir edição" when the viewer's edit would wait for review. */
  editLabel?: string;
  canDelete: boolean;
  /** Sinalizar: not on the viewer's own post (the server refuses those flags too). */
  mayFlag: boolean;
  signedIn: boolean;
  signInHref: string;
  /** "Transformar em post" (an answer's author and the moderators, ADR 043): where its form posts. */
  turnIntoPostAction?: string;
};

const triggerClass =
  "focus-visible:outline-primary flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2";
const itemBase =
  "flex cursor-pointer items-center rounded-md px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-slate-100";
const itemClass = `${itemBase} text-slate-800`;

// Radix's menu is fetched on the first reach for a menu, not with the page (ADR 030); its dialog (Radix's too)
// when the menu opens, so Excluir answers at once.
const loadLivePostMenu = () => {
  void import("./post-menu-live.tsx");
  void import("./post-delete-dialog.tsx");
};
const LivePostMenu = lazy(() => import("./post-menu-live.tsx"));
const DeleteDialog = lazy(() => import("./post-delete-dialog.tsx"));

export function PostMenu({
  kind,
  id,
  permalink,
  editHref,
  editLabel,
  canDelete,
  mayFlag,
  signedIn,
  signInHref,
  turnIntoPostAction,
}: Props) {
  const { live, liveProps, triggerProps } = useLazyMenu(loadLivePostMenu);
  const [dialog, setDialog] = useState<"delete" | "flag" | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const triggerRef = useRef<HTMLButtonElement>(null);
  const noun = kind === "question" ? "pergunta" : "resposta";

  const copy = async () => {
    const url = new URL(permalink, window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      setAnnouncement("Link copiado!");
    } catch {
      window.prompt("Copie o link:", url);
    }
    setTimeout(() => setAnnouncement(""), 2500);
  };

  const closeDialog = () => setDialog(null);

  // Stands in for DropdownMenu.Trigger, and for the Radix part while it is on its way (lazy-menu.tsx).
  const plainTrigger = (
    <button aria-label="Mais ações" className={triggerClass} {...triggerProps}>
      <DotsIcon />
    </button>
  );

  return (
    <div className="relative flex items-center">
      {live ? (
        <Suspense fallback={plainTrigger}>
          <LivePostMenu
            {...liveProps}
            triggerRef={triggerRef}
            triggerClass={triggerClass}
            itemBase={itemBase}
            itemClass={itemClass}
            editHref={editHref}
            editLabel={editLabel}
            canDelete={canDelete}
            mayFlag={mayFlag}
            signedIn={signedIn}
            signInHref={signInHref}
            turnIntoPostForm={turnIntoPostAction ? `transformar-em-post-${id}` : undefined}
            onCopy={() => void copy()}
            onDialog={setDialog}
            onFlagIntent={preloadFlagDialog}
          />
        </Suspense>
      ) : (
        plainTrigger
      )}
      {turnIntoPostAction ? (
        // The menu's "Transformar em post" submits this plain form (a full navigation to the writer).
        <Form method="post" action={turnIntoPostAction} id={`transformar-em-post-${id}`} hidden />
      ) : null}
      <span
        role="status"
        aria-live="polite"
        className="text-green-dark absolute top-full right-0 text-xs whitespace-nowrap"
      >
        {announcement}
      </span>
      {dialog === "delete" ? (
        <Suspense fallback={null}>
          <DeleteDialog onClose={closeDialog} returnFocusTo={triggerRef} kind={kind} id={id} noun={noun} />
        </Suspense>
      ) : null}
      {dialog === "flag" ? (
        <LazyFlagDialog kind={kind} id={id} onClose={closeDialog} returnFocusTo={triggerRef} />
      ) : null}
    </div>
  );
}
