// "Descartar pergunta" (and the edit page's Cancelar): a link away from the form that throws away what was
// typed, drafts included. When something was typed it asks first, in an alert dialog whose first button keeps
// writing; an untouched form goes at once. Without JavaScript it is a plain link (nothing typed is kept in the
// browser then, so there is nothing to ask about).
import { AlertDialog } from "radix-ui";
import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";

export type DiscardConfirm = { title: string; description: string; confirmLabel: string };

export function DiscardLink({
  to,
  label,
  confirm,
  hasTyped,
  discard,
}: {
  to: string;
  label: string;
  confirm: DiscardConfirm;
  /** Whether the form holds something typed that discarding would lose. */
  hasTyped: () => boolean;
  /** Throws the drafts away (called just before leaving). */
  discard: () => void;
}) {
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const navigate = useNavigate();
  const leave = () => {
    discard();
    void navigate(to);
  };
  return (
    <>
      <Link
        ref={link}
        to={to}
        className="btn-ghost"
        onClick={(event) => {
          if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
          if (!hasTyped()) {
            // The link itself leaves; the drafts go first.
            discard();
            return;
          }
          event.preventDefault();
          setOpen(true);
        }}
      >
        {label}
      </Link>
      <AlertDialog.Root open={open} onOpenChange={setOpen}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-[1000] bg-black/50" />
          <AlertDialog.Content
            // Opened without a Radix trigger: the focus goes back to the link by hand.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              link.current?.focus();
            }}
            className="fixed top-1/2 left-1/2 z-[1001] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
          >
            <AlertDialog.Title className="text-lg font-bold text-slate-900">
              {confirm.title}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-slate-700">
              {confirm.description}
            </AlertDialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              {/* Radix focuses Cancel first: Enter keeps what was written. */}
              <AlertDialog.Cancel className="btn-outline">Continuar escrevendo</AlertDialog.Cancel>
              <AlertDialog.Action
                className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
                onClick={leave}
              >
                {confirm.confirmLabel}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
