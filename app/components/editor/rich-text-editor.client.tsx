// The TipTap editor: its frame, content and live region, the panels it opens, and the hidden field it writes.
// Never imported statically: `RichTextField` loads this module (and with it TipTap and ProseMirror) in the
// browser only, and only on pages where someone writes. Its pieces sit beside it: the toolbar
// (`editor-toolbar.client.tsx`), the link, video and image panels (`editor-panels.tsx`), the local draft
// (`use-editor-draft.ts`), the form's draft on the server (`use-form-draft.tsx`: the form's own, through
// its context, or this editor's when it is the form's only field, as in the answer form), image uploads
// (`use-image-upload.ts`), the members suggested after "@" (`mention-suggestions.client.tsx`), and the warning
// when the text holds a secret (`secret-warning.client.tsx`).
import type { EditorView } from "@tiptap/pm/view";
import { EditorContent, useEditor } from "@tiptap/react";
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { isEmailLike, richTextFormatFieldName } from "#app/lib/sanitize-rules.ts";
import { editorHtml } from "./editor-content.client.ts";
import { ImagePanel, LinkPanel, VideoPanel, type Panel } from "./editor-panels.tsx";
import { EDITOR_STYLES } from "./editor-styles.ts";
import type { DraftSync } from "./form-draft.ts";
import { Toolbar } from "./editor-toolbar.client.tsx";
import { editorExtensions, guessCodeLanguage } from "./extensions.client.ts";
import { MentionList, useMentionListAria, useMentionSuggestions } from "./mention-suggestions.client.tsx";
import { pasteDeveloperText } from "./paste.client.ts";
import { SecretWarning } from "./secret-warning.client.tsx";
import type { EditorLayout } from "./editor-styles.ts";
import { useDraftAfterPost, useEditorDraft } from "./use-editor-draft.ts";
import { DraftIdField, FormDraftContext, useFormDraft } from "./use-form-draft.tsx";
import { useImageUpload } from "./use-image-upload.ts";

export type RichTextEditorProps = {
  name: string;
  /** Id of the visible label; the editing area is `aria-labelledby` it. */
  labelId: string;
  layout: EditorLayout;
  placeholder: string;
  /** The stored value the field started from (HTML), used when a recovered draft is discarded. */
  defaultValue: string;
  draftKey: string | undefined;
  /** The server's side of this field's draft, when the field is its form's only one (the answer form). */
  serverDraft: DraftSync | undefined;
  describedBy: string | undefined;
  invalid: boolean;
  /** The editor has taken the textarea's place: its hidden fields are sent with the form. */
  active: boolean;
  /** The editor exists and is in the page (still hidden): `RichTextField` hands the textarea over to it. */
  onReady: (handover: EditorHandover) => void;
  onChange: ((html: string) => void) | undefined;
};

/** What the plain textarea hands over to the editor, synchronously (see `RichTextField`). */
export type EditorHandover = {
  /** Text typed into the textarea before the editor was ready (null: nothing); it wins over a kept draft. */
  adopt: (typedText: string | null) => void;
  /** Puts the caret at the end of the text. */
  focus: () => void;
};

export function RichTextEditor(props: RichTextEditorProps) {
  const { name, labelId, layout, placeholder, defaultValue, draftKey, describedBy, invalid, active } = props;
  const styles = EDITOR_STYLES[layout];

  // The form's draft on the server: the form's own, else this field's (before its local draft is read).
  const formsDraft = useContext(FormDraftContext);
  const ownDraft = useFormDraft(formsDraft ? undefined : props.serverDraft);
  const formDraft = formsDraft ?? ownDraft;
  const draft = useEditorDraft({ draftKey, defaultValue, typedText: null, formDraft });
  const { start } = draft;
  const [panel, setPanel] = useState<Panel | null>(null);
  const [panelError, setPanelError] = useState<string | null>(null);
  const [language, setLanguage] = useState("plaintext");
  const [announcement, setAnnouncement] = useState("");
  const valueRef = useRef<HTMLInputElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(props.onChange);
  onChangeRef.current = props.onChange;
  /** The last thing done was a paste turned into code or formatting (its undo is announced). */
  const convertedPaste = useRef(false);
  const handlers = useRef({
    openLink: () => {},
    uploadFile: (_file: File, _at?: number) => {},
    pasteText: (_view: EditorView, _event: ClipboardEvent): boolean => false,
  });

  const mentionListId = `${labelId}-mencoes`;
  const mentions = useMentionSuggestions(setAnnouncement);
  const extensions = useMemo(
    () => [
      ...editorExtensions({
        placeholder,
        onEscapeInCode: () => setAnnouncement("Tab agora sai do editor."),
      }),
      mentions.extension,
    ],
    [placeholder, mentions.extension],
  );
  /** Describes the keys that differ from a plain field (aria-describedby of the editing area). */
  const keysHintId = `${labelId}-teclas`;

  const editor = useEditor({
    extensions,
    content: start.html,
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    autofocus: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-labelledby": labelId,
        "aria-multiline": "true",
        "aria-placeholder": placeholder,
        class: styles.content,
      },
      handleKeyDown: (_view, event) => {
        const mod = (event.ctrlKey || event.metaKey) && !event.altKey;
        if (mod && event.key.toLowerCase() === "k") {
          event.preventDefault();
          handlers.current.openLink();
          return true;
        }
        // The undo right after a converted paste gives the plain text back: say so.
        if (convertedPaste.current && mod && !event.shiftKey && event.key.toLowerCase() === "z") {
          setAnnouncement("Colado como texto simples.");
        }
        if (!["Control", "Meta", "Shift", "Alt"].includes(event.key)) convertedPaste.current = false;
        return false;
      },
      handlePaste: (view, event) => {
        const file = Array.from(event.clipboardData?.files ?? []).find((f) => f.type.startsWith("image/"));
        if (file) {
          handlers.current.uploadFile(file);
          return true;
        }
        return handlers.current.pasteText(view, event);
      },
      handleDrop: (view, event, _slice, moved) => {
        if (moved) return false;
        const file = Array.from(event.dataTransfer?.files ?? []).find((f) => f.type.startsWith("image/"));
        if (!file) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        handlers.current.uploadFile(file, at);
        return true;
      },
    },
    onCreate: ({ editor: current }) => {
      if (valueRef.current) valueRef.current.value = editorHtml(current);
    },
    onUpdate: ({ editor: current }) => {
      const html = editorHtml(current);
      if (valueRef.current) valueRef.current.value = html;
      onChangeRef.current?.(html);
      draft.changed(html);
    },
  });

  // Until the editor exists, the field already holds the content it starts from.
  useEffect(() => {
    if (valueRef.current && !valueRef.current.value) valueRef.current.value = start.html;
  }, [start.html]);

  // Error state and description can change after the editor exists (the server answered with an error).
  useEffect(() => {
    if (!editor) return;
    const apply = () => {
      const dom = editor.view.dom;
      if (invalid) dom.setAttribute("aria-invalid", "true");
      else dom.removeAttribute("aria-invalid");
      dom.setAttribute("aria-describedby", [describedBy, keysHintId].filter(Boolean).join(" "));
    };
    if (editor.isInitialized) apply();
    else editor.on("create", apply);
    return () => {
      editor.off("create", apply);
    };
  }, [editor, invalid, describedBy, keysHintId]);

  // Once the editor's view is in the page, offer the handover (once per editor).
  const onReadyRef = useRef(props.onReady);
  onReadyRef.current = props.onReady;
  const formatRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!editor) return;
    let frame = 0;
    const offer = () => {
      if (editor.isDestroyed) return;
      if (!editor.view.dom.isConnected) {
        frame = requestAnimationFrame(offer);
        return;
      }
      onReadyRef.current({
        adopt: (typedText) => {
          if (typedText !== null && typedText.trim()) {
            // As if typed here: each line a paragraph (Enter), every space kept (HTML would trim them).
            const lines = typedText.replace(/\r\n?/g, "\n").split("\n");
            editor.commands.setContent(
              {
                type: "doc",
                content: lines.map((line) => ({
                  type: "paragraph",
                  content: line ? [{ type: "text", text: line }] : [],
                })),
              },
              { emitUpdate: true },
            );
            draft.forgetRecovered();
          }
          // The form sends the editor's value from now on (React catches up on the next render).
          if (valueRef.current) valueRef.current.disabled = false;
          if (formatRef.current) formatRef.current.disabled = false;
        },
        focus: () => {
          editor.commands.focus("end");
          // TipTap focuses on the next frame; a key pressed before it would land nowhere.
          editor.view.focus();
        },
      });
    };
    if (editor.isInitialized) offer();
    else editor.on("create", offer);
    return () => {
      cancelAnimationFrame(frame);
      editor.off("create", offer);
    };
    // `draft.forgetRecovered` is a state setter, stable across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor]);

  useDraftAfterPost({
    keeper: draft.keeper,
    editor,
    draftKey,
    defaultValue: draft.storedValue,
    fieldRef: valueRef,
  });
  useMentionListAria(editor, mentions.open, mentionListId);

  const closePanel = useCallback(
    (returnFocus = true) => {
      setPanel(null);
      setPanelError(null);
      if (returnFocus) editor?.commands.focus();
    },
    [editor],
  );

  const openPanel = useCallback(
    (next: Panel) => {
      if (!editor) return;
      setPanelError(null);
      if (next === "link") {
        const { from, to, empty } = editor.state.selection;
        const selected = editor.state.doc.textBetween(from, to, " ").trim();
        // Spec §5: selected e-mail-like text becomes a mailto: link straight away.
        if (!empty && isEmailLike(selected) && !editor.isActive("link")) {
          editor
            .chain()
            .focus()
            .setLink({ href: `mailto:${selected}` })
            .run();
          setAnnouncement(`Link de e-mail criado para ${selected}.`);
          return;
        }
      }
      setPanel((current) => (current === next ? null : next));
    },
    [editor],
  );

  const image = useImageUpload({
    editor,
    onAnnounce: setAnnouncement,
    onInserted: () => setPanel((current) => (current === "image" ? null : current)),
  });

  handlers.current = {
    openLink: () => openPanel("link"),
    uploadFile: image.uploadFile,
    pasteText: (view, event) => {
      if (!editor) return false;
      const made = pasteDeveloperText(editor, view, event, guessCodeLanguage);
      convertedPaste.current = made !== null;
      if (made === "code") setAnnouncement("Colado como bloco de código. Ctrl+Z volta ao texto simples.");
      if (made === "markdown")
        setAnnouncement("Markdown convertido em formatação. Ctrl+Z volta ao texto simples.");
      return made !== null;
    },
  };

  const panelProps = {
    error: panelError,
    onError: setPanelError,
    onAnnounce: setAnnouncement,
    onClose: closePanel,
  };

  const discardDraft = () => {
    if (!editor) return;
    draft.discard();
    editor.commands.setContent(draft.storedValue, { emitUpdate: false });
    if (valueRef.current) valueRef.current.value = draft.storedValue;
    onChangeRef.current?.(draft.storedValue);
    setAnnouncement("Rascunho descartado.");
  };

  return (
    <div ref={wrapperRef} className={styles.frame} data-invalid={invalid || undefined}>
      {/* Written through the ref only: a React-managed value would be reset on every re-render. */}
      <input ref={valueRef} type="hidden" name={name} disabled={!active} />
      <input
        ref={formatRef}
        type="hidden"
        name={richTextFormatFieldName(name)}
        value="html"
        disabled={!active}
      />
      {ownDraft ? <DraftIdField draft={ownDraft} /> : null}
      {editor ? (
        <Toolbar
          editor={editor}
          layout={layout}
          panel={panel}
          openPanel={openPanel}
          language={language}
          onLanguage={setLanguage}
        />
      ) : (
        <div className={styles.toolbarRow} aria-hidden="true">
          <div className={`${styles.button} shrink-0`} />
        </div>
      )}
      <MentionList open={mentions.open} listId={mentionListId} />
      <SecretWarning editor={editor} onMasked={setAnnouncement} />
      {panel === "link" && editor ? <LinkPanel key="link" editor={editor} {...panelProps} /> : null}
      {panel === "video" ? <VideoPanel key="video" editor={editor} {...panelProps} /> : null}
      {panel === "image" ? (
        <ImagePanel
          alt={image.alt}
          onAlt={image.setAlt}
          onFile={(file) => image.uploadFile(file)}
          onClose={() => closePanel()}
          busy={image.upload.state === "sending"}
        />
      ) : null}
      {image.upload.state === "sending" ? (
        <div className="flex items-center gap-2 px-3 py-2 text-sm text-slate-700">
          <label htmlFor={`${labelId}-progress`}>Enviando imagem… {image.upload.percent}%</label>
          <progress
            id={`${labelId}-progress`}
            className="accent-primary h-2 flex-1"
            max={100}
            value={image.upload.percent}
          />
        </div>
      ) : null}
      {image.upload.state === "error" ? (
        <div className="flex items-center gap-2 px-3 py-2">
          <p role="alert" className="field-error mt-0 flex-1">
            {image.upload.message}
          </p>
          <button type="button" className="btn-ghost" onClick={image.dismissError}>
            Fechar aviso
          </button>
        </div>
      ) : null}
      {draft.recovered ? (
        <div className="flex flex-wrap items-center gap-2 bg-amber-50 px-3 py-1.5 text-sm text-amber-900">
          <span>Recuperamos o rascunho que você estava escrevendo.</span>
          <button type="button" className="font-semibold underline" onClick={discardDraft}>
            Descartar rascunho
          </button>
        </div>
      ) : null}
      {editor ? (
        <EditorContent editor={editor} className="rich-text-editor" />
      ) : (
        <div className={`${styles.content} text-slate-500`} aria-hidden="true">
          {placeholder}
        </div>
      )}
      <span id={keysHintId} className="sr-only">
        Em um bloco de código, Tab e Shift+Tab recuam as linhas; Esc e depois Tab saem do editor.
      </span>
      <span className="sr-only" role="status" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
