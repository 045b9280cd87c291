// A submit button that asks first. It opens the browser's own modal dialog (invoker commands, ADR 052), whose
// confirm button submits the same form: it asks before and without JavaScript, and adds none to the page (it
// was Radix's alert dialog, ~12 KB gzipped on every page that could show one). Escape, the backdrop and
// "Cancelar" close it, and the browser gives focus back to the button that opened it.
import { useEffect, useRef, type ReactNode } from "react";
import { NativeDialog, closesDialog, opensDialog } from "#app/components/native-dialog.tsx";

export function ConfirmSubmit({
  dialogId: id,
  label,
  accessibleLabel,
  title,
  description,
  confirmLabel,
  className,
  focusAfterRemoval,
  children,
}: {
  /**
   * The dialog's id, from what it deletes (`confirmar-comentario-12`): unique on the page, and the same in every
   * render of it, where `useId` is not (a kept fragment is rendered apart, ADR 031, and its ids would repeat).
   */
  dialogId: string;
  /** Visible text of the trigger. */
  label: ReactNode;
  /** Screen-reader name of the trigger, when the visible label is not enough. */
  accessibleLabel?: string;
  title: string;
  description: string;
  confirmLabel: string;
  className?: string;
  /**
   * The id of what takes the focus once the confirmed form is gone with what it deleted (the comments' heading):
   * otherwise the focus falls to the page's start, and a keyboard or screen-reader user loses their place.
   */
  focusAfterRemoval?: string;
  /** Hidden inputs of the form. */
  children?: ReactNode;
}) {
  const confirmed = useRef(false);
  useEffect(
    () => () => {
      if (!confirmed.current || !focusAfterRemoval) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      const target = document.getElementById(focusAfterRemoval);
      if (!target) return;
      if (target.tabIndex < 0) target.tabIndex = -1;
      target.focus();
    },
    [focusAfterRemoval],
  );
  return (
    <>
      {children}
      <button {...opensDialog(id)} aria-label={accessibleLabel} className={className}>
        {label}
      </button>
      <NativeDialog
        id={id}
        role="alertdialog"
        labelledBy={`${id}-titulo`}
        describedBy={`${id}-descricao`}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg bg-white p-6 text-left shadow-xl backdrop:bg-black/50"
      >
        <h2 id={`${id}-titulo`} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        <p id={`${id}-descricao`} className="mt-2 text-sm font-normal text-slate-700">
          {description}
        </p>
        <div className="mt-6 flex justify-end gap-3">
          {/* The first control, so the least harmful choice takes the focus when the dialog opens. */}
          <button {...closesDialog(id)} className="btn-outline">
            Cancelar
          </button>
          <button
            type="submit"
            // Closed as the form goes: what follows (the page again, the comment gone) is behind it.
            onClick={(event) => {
              confirmed.current = true;
              event.currentTarget.closest("dialog")?.close();
            }}
            className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
          >
            {confirmLabel}
          </button>
        </div>
      </NativeDialog>
    </>
  );
}
