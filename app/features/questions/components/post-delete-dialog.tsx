// "Excluir pergunta?" / "Excluir resposta?": the three-dot menu's confirmation (post-menu.tsx), in a module of
// its own so Radix's dialog loads with the menu, not with every question page.
import type { ReactNode, RefObject } from "react";
import { Dialog } from "radix-ui";
import { Form } from "react-router";
import { CloseIcon } from "#app/components/icons.tsx";

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
        <Dialog.Overlay className="fixed inset-0 z-[1000] bg-black/50" />
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

export default function DeleteDialog({ onClose, returnFocusTo, kind, id, noun }: DialogProps) {
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
