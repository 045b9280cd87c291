// The flag dialog, in a module of its own: fetched when a member first reaches for "Sinalizar", so Radix's
// dialog and the form stay out of the read pages' JavaScript (ADR 030). It posts to /sinalizar, the same
// action as the page that works without JavaScript, and shows the answer in place.
import { Dialog } from "radix-ui";
import { useEffect, type RefObject } from "react";
import { Link, useFetcher } from "react-router";
import { CloseIcon } from "#app/components/icons.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { flagRefusal } from "../rules.ts";
import { FlagFields, type FlagActionData, type FlagFormKind } from "./flag-form.tsx";

export type FlagDialogProps = {
  kind: FlagFormKind;
  id: number;
  /** "pergunta", "comentário"…: the dialog's title names what is flagged. */
  noun: string;
  onClose: () => void;
  /** Where the focus goes back to when the dialog closes (it has no Radix trigger of its own). */
  returnFocusTo: RefObject<HTMLElement | null>;
};

export default function FlagDialog({ kind, id, noun, onClose, returnFocusTo }: FlagDialogProps) {
  const fetcher = useFetcher<FlagActionData>();
  const reply = fetcher.state === "idle" ? (fetcher.data ?? null) : null;
  // A member who may not flag yet is told so before the form, not after it (the server says the same). What
  // the page knew of the member may be behind (an e-mail confirmed in another tab, points earned since): the
  // flag page's loader says it afresh as the dialog opens, and its answer wins.
  const viewer = useRootData()?.viewer;
  const check = useFetcher<{ refusal?: string | null }>();
  const { load } = check;
  useEffect(() => {
    void load(`/sinalizar?${new URLSearchParams({ tipo: kind, id: String(id) })}`);
  }, [load, kind, id]);
  const refusal =
    check.data && "refusal" in check.data
      ? (check.data.refusal ?? null)
      : viewer
        ? flagRefusal(viewer)
        : null;
  // Once a flag is sent, its thanks is all the dialog says.
  const refused = reply?.ok ? null : refusal;
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1000] bg-black/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-[1001] max-h-[calc(100vh-2rem)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-slate-900">Sinalizar {noun}</Dialog.Title>
            <Dialog.Close className="btn-ghost -mt-1 -mr-2 p-1.5" aria-label="Fechar">
              <CloseIcon className="size-5" />
            </Dialog.Close>
          </div>
          {/* The refusal, when there is one, is what the dialog says: read out as it opens. */}
          <Dialog.Description className={`mt-2 ${refused ? "text-slate-800" : "text-sm text-slate-700"}`}>
            {refused ?? "A moderação revisa cada sinalização; quem escreveu não fica sabendo quem sinalizou."}
          </Dialog.Description>
          {reply?.ok ? (
            <div className="mt-4 flex flex-col gap-4">
              <p role="status" className="text-green-dark font-medium">
                {reply.message}
              </p>
              <div className="flex justify-end">
                <Dialog.Close className="btn-primary">Fechar</Dialog.Close>
              </div>
            </div>
          ) : refused ? (
            <div className="mt-4 flex items-center justify-end gap-4">
              <Link to="/privilegios" className="text-primary text-sm font-medium hover:underline">
                Ver os privilégios
              </Link>
              <Dialog.Close className="btn-primary">Fechar</Dialog.Close>
            </div>
          ) : (
            <fetcher.Form method="post" action="/sinalizar" className="mt-4">
              <FlagFields kind={kind} id={id} reply={reply}>
                <div className="flex justify-end gap-2">
                  <Dialog.Close className="btn-ghost" type="button">
                    Cancelar
                  </Dialog.Close>
                  <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
                    Enviar sinalização
                  </button>
                </div>
              </FlagFields>
            </fetcher.Form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
