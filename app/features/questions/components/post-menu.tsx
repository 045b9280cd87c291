// The three-dot menu of a question or an answer ("Mais ações"): Editar and Excluir for the author and the
// moderators, Copiar link, Sinalizar. Excluir asks first; Sinalizar opens the moderation's flag dialog.
//
// A question page renders one of these per post (often 21), and almost nobody opens them: Radix's menu and
// dialogs cost a noticeable share of the page's server render even while closed. So the menu starts as a
// plain button and mounts Radix, already open, on the first press (its module loads then, or when a pointer
// or the focus reaches the button: lazy-menu.tsx); the dialogs exist only while open.
import { lazy, Suspense, useRef, useState, type ReactNode, type RefObject } from "react";
import { Dialog } from "radix-ui";
import { Form } from "react-router";
import { CloseIcon } from "#app/components/icons.tsx";
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

// Radix's menu is fetched on the first reach for a menu, not with the page (ADR 030).
const loadLivePostMenu = () => void import("./post-menu-live.tsx");
const LivePostMenu = lazy(() => import("./post-menu-live.tsx"));

export function PostMenu({
  kind,
  id,
  permalink,
  editHref,
  editLabel,
  canDelete,
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
        <DeleteDialog onClose={closeDialog} returnFocusTo={triggerRef} kind={kind} id={id} noun={noun} />
      ) : null}
      {dialog === "flag" ? (
        <LazyFlagDialog kind={kind} id={id} onClose={closeDialog} returnFocusTo={triggerRef} />
      ) : null}
    </div>
  );
}

const contentClass =
  "fixed top-1/2 left-1/2 z-[1001] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none";

/** What PostMenu hands its dialogs, which it renders only while they are open. */
type DialogProps = {
  onClose: () => void;
  /** The "Mais ações" trigger: the dialogs have no Radix trigger of their own to give focus back to. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  kind: "question" | "answer";
  id: number;
  noun: string;
};

function DialogFrame({
  onClose,
  returnFocusTo,
  title,
  description,
  children,
}: Pick<DialogProps, "onClose" | "returnFocusTo"> & {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1000] bg-slate-900/50" />
        <Dialog.Content
          className={contentClass}
          onCloseAutoFocus={(event) => {
            // Radix would focus the dialog's own trigger, and there is none: back to the menu's button.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close className="btn-ghost -mt-1 -mr-2 p-1.5" aria-label="Fechar">
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-slate-700">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DeleteDialog({ onClose, returnFocusTo, kind, id, noun }: DialogProps) {
  return (
    <DialogFrame
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      title={`Excluir ${noun}?`}
      description={`A ${noun} deixa de aparecer para todos. A moderação pode restaurá-la se for preciso.`}
    >
      <Form method="post" className="mt-6 flex justify-end gap-2" onSubmit={onClose}>
        <input
          type="hidden"
          name="intent"
          value={kind === "question" ? "delete-question" : "delete-answer"}
        />
        <input type="hidden" name="answerId" value={kind === "answer" ? id : ""} />
        <Dialog.Close className="btn-ghost" type="button">
          Cancelar
        </Dialog.Close>
        <button
          type="submit"
          className="inline-flex items-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
        >
          Excluir
        </button>
      </Form>
    </DialogFrame>
  );
}
