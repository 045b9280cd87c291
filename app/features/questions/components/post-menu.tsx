// The three-dot menu of a question or an answer ("Mais ações"): Editar and Excluir for the author and the
// moderators, Copiar link, Denunciar. Excluir asks first; Denunciar takes a short reason.
import { useId, useState, type ReactNode } from "react";
import { Dialog, DropdownMenu } from "radix-ui";
import { Form, Link, useFetcher } from "react-router";
import { CloseIcon } from "#app/components/icons.tsx";
import type { FormActionData } from "../schemas.ts";
import { DotsIcon } from "./icons.tsx";

type Props = {
  kind: "question" | "answer";
  id: number;
  /** The post's own address (copied by Copiar link). */
  permalink: string;
  editHref?: string;
  canDelete: boolean;
  signedIn: boolean;
  signInHref: string;
};

const itemBase =
  "flex cursor-pointer items-center rounded-md px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-slate-100";
const itemClass = `${itemBase} text-slate-800`;

export function PostMenu({ kind, id, permalink, editHref, canDelete, signedIn, signInHref }: Props) {
  const [dialog, setDialog] = useState<"delete" | "report" | null>(null);
  const [announcement, setAnnouncement] = useState("");
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

  return (
    <div className="relative flex items-center">
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label="Mais ações"
          className="focus-visible:outline-primary flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2"
        >
          <DotsIcon />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-[1000] min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            {editHref ? (
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to={editHref}>Editar</Link>
              </DropdownMenu.Item>
            ) : null}
            {canDelete ? (
              <DropdownMenu.Item className={`${itemBase} text-red-700`} onSelect={() => setDialog("delete")}>
                Excluir
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item className={itemClass} onSelect={() => void copy()}>
              Copiar link
            </DropdownMenu.Item>
            {signedIn ? (
              <DropdownMenu.Item className={itemClass} onSelect={() => setDialog("report")}>
                Denunciar
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to={signInHref}>Denunciar</Link>
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <span
        role="status"
        aria-live="polite"
        className="text-green-dark absolute top-full right-0 text-xs whitespace-nowrap"
      >
        {announcement}
      </span>
      <DeleteDialog
        open={dialog === "delete"}
        onOpenChange={(open) => setDialog(open ? "delete" : null)}
        kind={kind}
        id={id}
        noun={noun}
      />
      <ReportDialog
        open={dialog === "report"}
        onOpenChange={(open) => setDialog(open ? "report" : null)}
        kind={kind}
        id={id}
        noun={noun}
      />
    </div>
  );
}

const contentClass =
  "fixed top-1/2 left-1/2 z-[1001] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none";

function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1000] bg-slate-900/50" />
        <Dialog.Content className={contentClass}>
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

function DeleteDialog({
  open,
  onOpenChange,
  kind,
  id,
  noun,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: "question" | "answer";
  id: number;
  noun: string;
}) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={`Excluir ${noun}?`}
      description={`A ${noun} deixa de aparecer para todos. A moderação pode restaurá-la se for preciso.`}
    >
      <Form method="post" className="mt-6 flex justify-end gap-2" onSubmit={() => onOpenChange(false)}>
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

function ReportDialog({
  open,
  onOpenChange,
  kind,
  id,
  noun,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: "question" | "answer";
  id: number;
  noun: string;
}) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={`Denunciar ${noun}`}
      description="Conte à moderação o que há de errado (spam, ofensa, conteúdo copiado…)."
    >
      {/* Inside the dialog's content: closing it unmounts the form, so every report starts afresh. */}
      <ReportForm kind={kind} id={id} />
    </DialogFrame>
  );
}

function ReportForm({ kind, id }: { kind: "question" | "answer"; id: number }) {
  const fieldId = useId();
  const fetcher = useFetcher<FormActionData>();
  const reply = fetcher.state === "idle" && fetcher.data?.intent === "report" ? fetcher.data : null;
  if (reply?.ok) {
    return (
      <div className="mt-4 flex flex-col gap-4">
        <p role="status" className="text-green-dark font-medium">
          {reply.message}
        </p>
        <div className="flex justify-end">
          <Dialog.Close className="btn-primary">Fechar</Dialog.Close>
        </div>
      </div>
    );
  }
  const error = reply && !reply.ok ? reply.message : null;
  return (
    <fetcher.Form method="post" className="mt-4 flex flex-col gap-3">
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={fieldId} className="field-label">
        Motivo
      </label>
      <textarea
        id={fieldId}
        name="reason"
        required
        maxLength={500}
        rows={4}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
      />
      {error ? (
        <p id={`${fieldId}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Dialog.Close className="btn-ghost" type="button">
          Cancelar
        </Dialog.Close>
        <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
          Enviar denúncia
        </button>
      </div>
    </fetcher.Form>
  );
}
