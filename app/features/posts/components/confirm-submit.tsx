// A submit button that asks first. Before JavaScript it is a plain submit button (the form posts at once);
// once React runs it opens an alert dialog whose confirm button submits the same form.
import { AlertDialog } from "radix-ui";
import { useRef, type ReactNode } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";

export function ConfirmSubmit({
  label,
  accessibleLabel,
  title,
  description,
  confirmLabel,
  className,
  children,
}: {
  /** Visible text of the trigger. */
  label: ReactNode;
  /** Screen-reader name of the trigger, when the visible label is not enough. */
  accessibleLabel?: string;
  title: string;
  description: string;
  confirmLabel: string;
  className?: string;
  /** Hidden inputs of the form. */
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const triggerRef = useRef<HTMLButtonElement>(null);
  if (!hydrated) {
    return (
      <>
        {children}
        <button type="submit" aria-label={accessibleLabel} className={className}>
          {label}
        </button>
      </>
    );
  }
  return (
    <>
      {children}
      <AlertDialog.Root>
        <AlertDialog.Trigger asChild>
          <button ref={triggerRef} type="button" aria-label={accessibleLabel} className={className}>
            {label}
          </button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-[1000] bg-black/50" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[1001] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
            <AlertDialog.Title className="text-lg font-bold text-slate-900">{title}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-slate-700">
              {description}
            </AlertDialog.Description>
            <div className="mt-6 flex justify-end gap-3">
              <AlertDialog.Cancel className="btn-outline">Cancelar</AlertDialog.Cancel>
              <AlertDialog.Action
                className="inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
                onClick={() => triggerRef.current?.form?.requestSubmit()}
              >
                {confirmLabel}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
