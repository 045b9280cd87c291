// The panels under the toolbar: a link's address, a YouTube video's address, an image's description and file.
// Each opens from its toolbar button, closes with Escape or Cancelar, and hands the focus back to the text.
import type { Editor } from "@tiptap/react";
import { useId, useState, type ReactNode } from "react";
import { IMAGE_ACCEPT, VIDEO_URL_MESSAGE, linkFromInput, youtubeEmbedUrl } from "#app/lib/sanitize-rules.ts";
import { FieldError, fieldAria, Label } from "#app/components/form/field.tsx";
import { insertBlock } from "./editor-content.client.ts";

export type Panel = "link" | "video" | "image";

/** What a panel needs from the editor around it. */
type PanelProps = {
  /** The message under the address field (a refused address), kept by the editor. */
  error: string | null;
  onError: (message: string) => void;
  /** Says what happened to screen readers (the editor's live region). */
  onAnnounce: (text: string) => void;
  /** Closes the panel; the focus goes back to the text unless `returnFocus` is false. */
  onClose: (returnFocus?: boolean) => void;
};

function PanelShell({
  label,
  children,
  onClose,
}: {
  label: string;
  children: ReactNode;
  onClose: () => void;
}) {
  return (
    // Escape anywhere in the panel (field or buttons) closes it, as in a popover.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="group"
      aria-label={label}
      className="flex flex-wrap items-end gap-2 border-b border-slate-200 bg-white px-3 py-2"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {children}
    </div>
  );
}

function AddressPanel({
  label,
  fieldLabel,
  placeholder,
  initial,
  applyLabel,
  error,
  onApply,
  onClose,
  onRemove,
}: {
  label: string;
  fieldLabel: string;
  placeholder: string;
  initial: string;
  applyLabel: string;
  error: string | null;
  onApply: (value: string) => void;
  onClose: () => void;
  onRemove?: () => void;
}) {
  const [value, setValue] = useState(initial);
  const inputId = useId();
  const errorId = useId();
  return (
    <PanelShell label={label} onClose={onClose}>
      <div className="min-w-56 flex-1">
        <Label htmlFor={inputId}>{fieldLabel}</Label>
        <input
          id={inputId}
          // The panel opens because the member asked for it: the field is where they type next.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          className="field-input"
          placeholder={placeholder}
          value={value}
          {...fieldAria({ error, errorId })}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            // Enter applies here instead of submitting the page's form.
            if (event.key === "Enter") {
              event.preventDefault();
              onApply(value);
            }
          }}
        />
      </div>
      <button type="button" className="btn-primary" onClick={() => onApply(value)}>
        {applyLabel}
      </button>
      {onRemove ? (
        <button type="button" className="btn-outline" onClick={onRemove}>
          Remover link
        </button>
      ) : null}
      <button type="button" className="btn-ghost" onClick={onClose}>
        Cancelar
      </button>
      <FieldError id={errorId} errors={error} className="field-error w-full" alert />
    </PanelShell>
  );
}

/** The link panel: an address (or an e-mail, which becomes a mailto: link) for the selection or a new link. */
export function LinkPanel({ editor, error, onError, onAnnounce, onClose }: PanelProps & { editor: Editor }) {
  const applyLink = (value: string) => {
    const result = linkFromInput(value);
    if ("error" in result) {
      onError(result.error);
      return;
    }
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive("link")) {
      const text = value.trim();
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text, marks: [{ type: "link", attrs: { href: result.href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange("link").setLink({ href: result.href }).run();
      // Carry on typing after the link rather than over it.
      editor.chain().setTextSelection(editor.state.selection.to).unsetMark("link").run();
    }
    onAnnounce("Link adicionado.");
    onClose(false);
  };

  return (
    <AddressPanel
      label="Adicionar link"
      fieldLabel="Endereço do link"
      placeholder="https://… ou nome@exemplo.com"
      initial={String(editor.getAttributes("link").href ?? "")}
      applyLabel="Aplicar"
      error={error}
      onApply={applyLink}
      onClose={() => onClose()}
      onRemove={
        editor.isActive("link")
          ? () => {
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
              onClose(false);
            }
          : undefined
      }
    />
  );
}

/** The video panel: a YouTube address, embedded at the cursor. */
export function VideoPanel({
  editor,
  error,
  onError,
  onAnnounce,
  onClose,
}: PanelProps & { editor: Editor | null }) {
  const applyVideo = (value: string) => {
    if (!editor) return;
    const src = youtubeEmbedUrl(value);
    if (!src) {
      onError(VIDEO_URL_MESSAGE);
      return;
    }
    insertBlock(editor, { type: "youtube", attrs: { src } });
    onAnnounce("Vídeo adicionado.");
    onClose(false);
  };

  return (
    <AddressPanel
      label="Adicionar vídeo"
      fieldLabel="Endereço do vídeo do YouTube"
      placeholder="https://www.youtube.com/watch?v=…"
      initial=""
      applyLabel="Adicionar"
      error={error}
      onApply={applyVideo}
      onClose={() => onClose()}
    />
  );
}

export function ImagePanel({
  alt,
  onAlt,
  onFile,
  onClose,
  busy,
}: {
  alt: string;
  onAlt: (alt: string) => void;
  onFile: (file: File) => void;
  onClose: () => void;
  busy: boolean;
}) {
  const altId = useId();
  return (
    <PanelShell label="Adicionar imagem" onClose={onClose}>
      <div className="min-w-56 flex-1">
        <Label htmlFor={altId}>Descrição da imagem (para quem não a vê)</Label>
        <input
          id={altId}
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          type="text"
          className="field-input"
          placeholder="Ex: gráfico do tempo de resposta por versão"
          value={alt}
          maxLength={300}
          onChange={(event) => onAlt(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") event.preventDefault();
          }}
        />
      </div>
      <label
        className={`btn-primary focus-within:outline-primary cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 ${busy ? "pointer-events-none opacity-50" : ""}`}
      >
        <input
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) onFile(file);
          }}
        />
        Escolher imagem
      </label>
      <button type="button" className="btn-ghost" onClick={onClose}>
        Cancelar
      </button>
      <p className="w-full text-xs text-slate-600">PNG ou JPEG, até 5 MB.</p>
    </PanelShell>
  );
}
