// The browser's own modal dialog (`<dialog>` opened by invoker commands, ADR 052). A button that opens one
// needs no JavaScript: `<button commandfor="id" command="show-modal">` is handled by the browser, so the first
// tap on Login, Cadastro or the phone menu answers from the HTML, whether or not the app has arrived. The
// browser gives the rest too: the page behind is inert, Escape closes, focus goes to the first `autofocus`
// field and back to the opener on close, and `closedby="any"` closes on a click outside.
//
// A dialog can also follow the address (`?auth=signIn` opens the Login dialog): `open` is then the address's
// say, kept in step by an effect; the server renders it open, and the effect makes it modal on hydration.
import { useEffect, useRef, useState, type ReactNode, type Ref } from "react";

/** Props for a button that opens dialog `id` (it must be a `type="button"`, never a submit). */
export function opensDialog(id: string) {
  return { type: "button", commandfor: id, command: "show-modal" } as const;
}

/** Props for a button that closes dialog `id`. */
export function closesDialog(id: string) {
  return { type: "button", commandfor: id, command: "close" } as const;
}

/** Opens dialog `id` from code (a control that first has to decide, like a vote that asks to sign in). */
export function showDialog(id: string) {
  const dialog = document.getElementById(id);
  if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
}

export function NativeDialog({
  id,
  open,
  onClose,
  labelledBy,
  describedBy,
  label,
  role,
  className,
  dialogRef,
  children,
}: {
  id: string;
  /**
   * Set when the address says whether the dialog is open; unset while it says nothing (then only the
   * dialog's buttons open and close it).
   */
  open?: boolean;
  /** After the reader closed the dialog (Escape, a click outside, its close button), not the address. */
  onClose?: () => void;
  labelledBy?: string;
  describedBy?: string;
  label?: string;
  /** A question that interrupts (a confirmation) is an `alertdialog`. */
  role?: "alertdialog";
  className: string;
  dialogRef?: Ref<HTMLDialogElement | null>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement | null>(null);
  // Rendered with the `open` attribute only as the page was first rendered (a page opened at `?auth=…` shows
  // its dialog even before, or without, JavaScript); from then on, showModal and close move it, never React.
  const [openAtFirst] = useState(open ?? false);
  // The first run is the page's arrival (hydration or mount), not the address changing.
  const arrived = useRef(false);
  // Closes this component makes itself (turning the server's open dialog into a modal one, following the
  // address) are not the reader closing it: onClose is not told.
  const closingItself = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    const first = !arrived.current;
    arrived.current = true;
    if (!dialog || open === undefined) return;
    if (open) {
      if (dialog.open && dialog.matches(":modal")) return;
      // Opened by the server's HTML: the same dialog, made modal (the page behind becomes inert).
      if (dialog.open) {
        closingItself.current = true;
        dialog.close();
      }
      dialog.showModal();
    } else if (!first && dialog.open) {
      // The address says closed (it moved on, or opened another dialog). A dialog its own button opened
      // before the app arrived is left alone on the first render.
      closingItself.current = true;
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      id={id}
      ref={(element) => {
        ref.current = element;
        if (typeof dialogRef === "function") dialogRef(element);
        else if (dialogRef) dialogRef.current = element;
      }}
      open={openAtFirst}
      role={role}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-label={label}
      // A click on the backdrop closes it (the browser's own light dismiss; a fallback where it has none).
      closedby="any"
      onClose={() => {
        if (closingItself.current) closingItself.current = false;
        else onClose?.();
      }}
      className={className}
    >
      {children}
    </dialog>
  );
}

/**
 * For browsers without invoker commands or `closedby` (older Safari and Firefox): the same behaviour from a
 * document listener, installed once the app is there. Browsers that have them never run it.
 */
export function installDialogFallbacks() {
  const hasCommands = "command" in HTMLButtonElement.prototype;
  const hasClosedBy = "closedBy" in HTMLDialogElement.prototype;
  if (hasCommands && hasClosedBy) return () => {};
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    if (!hasClosedBy && target instanceof HTMLDialogElement && target.open) {
      const box = target.getBoundingClientRect();
      const outside =
        event.clientX < box.left ||
        event.clientX > box.right ||
        event.clientY < box.top ||
        event.clientY > box.bottom;
      if (outside && target.getAttribute("closedby") === "any") target.close();
      return;
    }
    if (hasCommands) return;
    const button = target?.closest?.("button[commandfor]");
    if (!button) return;
    const dialog = document.getElementById(button.getAttribute("commandfor") ?? "");
    if (!(dialog instanceof HTMLDialogElement)) return;
    const command = button.getAttribute("command");
    if (command === "show-modal" && !dialog.open) dialog.showModal();
    else if ((command === "close" || command === "request-close") && dialog.open) dialog.close();
  };
  document.addEventListener("click", onClick);
  return () => document.removeEventListener("click", onClick);
}
